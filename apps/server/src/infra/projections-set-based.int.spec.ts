import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allProjections,
  batchFor,
  ProjectionRunner,
  rebuildProjection,
  type BatchHandler,
  type Db,
  type Projection,
} from '@okul/projections';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { generateLargeOrg } from '../../bench/large-org/generate';
import { appendHistory } from '../../bench/large-org/seed';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';

let t: TestDatabase;
let store: PostgresEventStore;

/** Every read model table as readers see it, rows in a fixed order. */
async function dump(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of allProjections) {
    for (const table of p.tables) {
      const r = await db.query<{ rows: string }>(
        `SELECT coalesce(json_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]')::text AS rows FROM ${table} x`,
      );
      out[table] = r.rows[0].rows;
    }
  }
  return out;
}

/**
 * The projections with their batch handlers watched: a batch handler that throws is silently replaced by the
 * event-by-event handlers (the runner's fallback), which would hide a broken one from the comparison.
 */
const failures: string[] = [];
const used = new Set<string>();
const watched: Projection[] = allProjections.map((p) => {
  const batchHandlers = p.batchHandlers;
  if (!batchHandlers) return p;
  // One wrapper per handler: the runner groups a run by the identity of its batch handler.
  const wrappers = new Map<BatchHandler, BatchHandler>();
  const wrap = (h: BatchHandler): BatchHandler => {
    let w = wrappers.get(h);
    if (!w) {
      w = async (ctx, events) => {
        try {
          await h(ctx, events);
          used.add(p.name);
        } catch (e) {
          failures.push(`${p.name} ${events[0].type}: ${(e as Error).message}`);
          throw e;
        }
      };
      wrappers.set(h, w);
    }
    return w;
  };
  return {
    ...p,
    batchHandlers: new Proxy({} as Record<string, BatchHandler>, {
      get: (_t, type: string) => {
        const h = batchFor(p, type);
        return h ? wrap(h) : undefined;
      },
    }),
  };
});

beforeAll(async () => {
  t = await createTestDatabase();
  store = await PostgresEventStore.create(t.db);
  await new ProjectionRunner(t.db, store, allProjections).prepare();
  const who = { organizationId: randomUUID(), userId: randomUUID() };
  const history = generateLargeOrg({ ...who, students: 40, payments: 400, years: 2, courses: 4, seed: 7 });
  await appendHistory(store, history, who);
}, 300_000);
afterAll(async () => t?.drop());

describe('the read models', () => {
  it('are the same applied live in small batches, rebuilt event by event, and rebuilt with batch handlers', async () => {
    const live = new ProjectionRunner(t.db, store, watched, { idleMs: 10, batchSize: 37 });
    live.start();
    try {
      expect(await live.waitFor(await store.headPosition(), 240_000)).toBe(true);
    } finally {
      await live.stop();
    }
    const applied = await dump(t.db);
    expect(JSON.parse(applied.audit_log).length).toBeGreaterThan(500);
    expect(JSON.parse(applied.balance_lessons).length).toBeGreaterThan(100);

    for (const p of allProjections) await rebuildProjection(t.db, store, p, undefined, { setBased: false });
    const oneByOne = await dump(t.db);
    expect(oneByOne).toEqual(applied);

    for (const p of watched) await rebuildProjection(t.db, store, p, undefined, { setBased: true });
    expect(await dump(t.db)).toEqual(applied);
    expect(failures).toEqual([]);
    expect([...used].sort()).toEqual(
      [
        'attendances',
        'audit_log',
        'balances',
        'employees',
        'enrollments',
        'history',
        'payments',
        'statistics',
        'students',
      ].sort(),
    );
  }, 600_000);
});
