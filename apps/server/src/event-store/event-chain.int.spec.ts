import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@okul/domain';
import type { Db } from '@okul/projections';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import { runCli } from '../cli/cli';
import { createPgliteDb } from '../infra/db/pglite-db';
import { chainCheckpoint, EventChainer } from './event-chain';
import { PostgresEventStore } from './postgres-event-store';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../cli/main.ts', import.meta.url));

function event(org: string, n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'CourseAdded',
    data: { courseId: randomUUID(), organizationId: org, name: `Ders ${n}`, index: n, amount: 150_050 },
    metadata: {
      organizationId: org,
      userId: randomUUID(),
      ipAddress: '10.0.0.1',
      userAgent: 'chain-test',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 10, n)).toISOString(),
    },
  };
}

function chainSuite(name: string, open: () => Promise<{ db: Db; url?: string; cleanup(): Promise<void> }>) {
  describe(`events verify (${name})`, () => {
    let db: Db;
    let url: string | undefined;
    let cleanup: () => Promise<void>;
    let store: PostgresEventStore;
    let chainer: EventChainer;
    const orgs = { clean: randomUUID(), altered: randomUUID(), removed: randomUUID(), late: randomUUID() };
    const ids: Record<string, string[]> = {};

    /** The CLI in this process, on the test's storage. */
    async function verify(org: string) {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let out = '';
      let err = '';
      stdout.on('data', (d) => (out += d));
      stderr.on('data', (d) => (err += d));
      const code = await runCli(['events', 'verify', '--org', org], {
        stdout,
        stderr,
        signal: new AbortController().signal,
        projections: async () => [],
        open: async () => ({ db, store, close: async () => undefined }),
      });
      return { code, stdout: out, stderr: err };
    }

    beforeAll(async () => {
      ({ db, url, cleanup } = await open());
      store = await PostgresEventStore.create(db);
      chainer = new EventChainer(db, store, { idleMs: 20 });
      await chainer.prepare();
      // Interleaved, several streams, so each organisation's chain skips the others' positions.
      for (let n = 0; n < 4; n++) {
        for (const org of [orgs.clean, orgs.altered, orgs.removed]) {
          const e = event(org, n);
          (ids[org] ??= []).push(e.id);
          await store.append(`course-${org}-${n % 2}`, [e], 'any');
        }
      }
      await chainer.catchUp();
      // PGlite starts slowly (WebAssembly) on a busy machine.
    }, 180_000);
    afterAll(async () => {
      await chainer.stop();
      await store.close();
      await cleanup();
    });

    it('an untouched organisation verifies', async () => {
      const r = await verify(orgs.clean);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^OK: 4 events of organisation ${orgs.clean} verified`));
      expect(r.stdout).toMatch(/head [0-9a-f]{64}/);
    });

    it('an event altered by SQL is named, and the exit code says so', async () => {
      const target = ids[orgs.altered][2];
      await db.query(`UPDATE events SET data = jsonb_set(data, '{amount}', '1') WHERE event_id = $1`, [
        target,
      ]);
      const r = await verify(orgs.altered);
      expect(r.code).toBe(3);
      expect(r.stdout).toContain(`TAMPERED: event ${target}`);
      expect(r.stdout).toContain('was altered');
      expect(r.stdout).toContain('2 earlier events');
      // Another organisation's chain is not affected.
      expect((await verify(orgs.clean)).code).toBe(0);
    });

    it('an event deleted by SQL is named', async () => {
      const target = ids[orgs.removed][1];
      await db.query('DELETE FROM events WHERE event_id = $1', [target]);
      const r = await verify(orgs.removed);
      expect(r.code).toBe(3);
      expect(r.stdout).toContain(`TAMPERED: event ${target}`);
      expect(r.stdout).toContain('was removed');
    });

    it('a chainer whose checkpoint another moved meanwhile chains nothing twice and goes on from there', async () => {
      const org = randomUUID();
      const other = new EventChainer(db, store);
      await store.append(`course-${org}-a`, [event(org, 0)], 'any');
      await chainer.catchUp(); // it remembers where it left the checkpoint
      await store.append(`course-${org}-a`, [event(org, 1), event(org, 2)], 'any');
      await other.catchUp(); // someone else (a leader after a lost lock) chains those meanwhile
      const last = await store.append(`course-${org}-b`, [event(org, 3)], 'any');
      await chainer.catchUp();
      expect(await chainCheckpoint(db)).toBe(last.lastPosition);
      const rows = await db.query<{ n: number; positions: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT global_position)::int AS positions
           FROM event_chain WHERE organization_id = $1`,
        [org],
      );
      expect(rows.rows[0]).toEqual({ n: 4, positions: 4 });
      const r = await verify(org);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^OK: 4 events/);
    });

    it('the running leader chains new appends right after them; the lag is visible meanwhile', async () => {
      const e = event(orgs.late, 0);
      await store.append(`course-${orgs.late}`, [e], 'no_stream');
      const before = await verify(orgs.late);
      expect(before.code).toBe(0);
      expect(before.stdout).toContain('1 newer events not chained yet');
      chainer.start();
      const head = await store.headPosition();
      const deadline = Date.now() + 10_000;
      while ((await chainCheckpoint(db)) < head && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const after = await verify(orgs.late);
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/^OK: 1 events/);
      expect(after.stdout).not.toContain('not chained yet');
    });

    // Only PostgreSQL can be shared with a second process (PGlite in memory is this process's own).
    if (name === 'pg') {
      it('the operators’ command exits non-zero on the altered organisation', async () => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' };
        delete env.EVENTSTORE_URL;
        const r = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', MAIN, 'events', 'verify', '--org', orgs.altered],
            {
              cwd: REPO,
              env,
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.on('error', reject);
          child.on('exit', (code) => resolve({ code, out }));
        });
        expect(r.code).toBe(3);
        expect(r.out).toContain(`TAMPERED: event ${ids[orgs.altered][2]}`);
      }, 60_000);
    }
  });
}

chainSuite('pg', async () => {
  const t: TestDatabase = await createTestDatabase();
  return { db: t.db, url: t.url, cleanup: () => t.drop() };
});

chainSuite('PGlite', async () => {
  const db = await createPgliteDb();
  return { db, cleanup: () => db.close() };
});

describe('the chain behind the appends', () => {
  it('reads the head once per told append: a batch that reached the head waits for the next wake-up', async () => {
    const t = await createTestDatabase();
    const store = await PostgresEventStore.create(t.db);
    let reads = 0;
    const watched = Object.create(store) as PostgresEventStore;
    watched.readAll = (from, limit) => {
      reads++;
      return store.readAll(from, limit);
    };
    // Idle for a minute: only the appends' wake-ups make it read within the test.
    const chainer = new EventChainer(t.db, watched, { idleMs: 60_000 });
    await chainer.prepare();
    const unlisten = store.onAppended(() => chainer.notify());
    chainer.start();
    const org = randomUUID();
    try {
      await until(async () => reads > 0);
      for (let n = 0; n < 3; n++) {
        const before = reads;
        const r = await store.append(`course-${org}-${n}`, [event(org, n)], 'no_stream');
        await until(async () => (await chainCheckpoint(t.db)) >= r.lastPosition);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(reads - before).toBe(1);
      }
    } finally {
      unlisten();
      await chainer.stop();
      await store.close();
      await t.drop();
    }
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
