import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, StoredEvent } from '@okul/domain';
import { defineProjection, type Projection, type ProjectionContext } from '../src/runtime/projection';
import type { Sql } from '../src/runtime/sql';

/**
 * A small read model for the runtime's tests: per-stream counters, one row of totals, and one row per
 * applied event keyed by its position, so a double application fails loudly (primary key) and a skipped
 * one shows as a missing position. Table names carry the projection's name so several can share a database.
 */
export interface CounterOptions {
  name: string;
  version?: number;
  /** Milliseconds each event takes (to be caught mid-batch). */
  delayMs?: number;
  /** Events for which the handler throws (a poison event). */
  poison?: (e: StoredEvent) => boolean;
  /** Called after an event is handled, inside the not yet committed transaction. */
  onHandled?: (e: StoredEvent) => void;
}

export const ADDED = 'CounterAdded';

export interface AddedData {
  amount: number;
}

export function counterProjection(o: CounterOptions): Projection {
  const n = o.name;
  const version = o.version ?? 1;
  // Version 2 changes the schema: the rebuild on a version bump must produce the new column.
  const withMax = version >= 2;
  return defineProjection({
    name: n,
    version,
    tables: [`${n}_counters`, `${n}_totals`, `${n}_applied`],
    schema: (t) => `
      CREATE TABLE ${t(`${n}_counters`)} (
        stream_id text PRIMARY KEY,
        events int NOT NULL,
        sum bigint NOT NULL,
        last_version int NOT NULL${withMax ? ',\n        max_amount int NOT NULL' : ''}
      );
      CREATE TABLE ${t(`${n}_totals`)} (id int PRIMARY KEY, events bigint NOT NULL, sum bigint NOT NULL);
      CREATE TABLE ${t(`${n}_applied`)} (position bigint PRIMARY KEY, stream_id text NOT NULL, amount int NOT NULL);
    `,
    // A test event outside the domain's map: its handler takes any stored event.
    handlers: {
      [ADDED]: async ({ sql, table }: ProjectionContext, e: StoredEvent) => {
        const { amount } = e.data as AddedData;
        if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
        if (o.poison?.(e)) throw new Error(`cannot count amount ${amount}`);
        await sql.query(
          `INSERT INTO ${table(`${n}_applied`)} (position, stream_id, amount) VALUES ($1, $2, $3)`,
          [e.globalPosition.toString(), e.streamId, amount],
        );
        if (withMax) {
          await sql.query(
            `INSERT INTO ${table(`${n}_counters`)} AS c (stream_id, events, sum, last_version, max_amount) VALUES ($1, 1, $2::int, $3, $2::int)
             ON CONFLICT (stream_id) DO UPDATE SET events = c.events + 1, sum = c.sum + $2::int, last_version = $3,
               max_amount = greatest(c.max_amount, $2::int)`,
            [e.streamId, amount, e.streamVersion],
          );
        } else {
          await sql.query(
            `INSERT INTO ${table(`${n}_counters`)} AS c (stream_id, events, sum, last_version) VALUES ($1, 1, $2, $3)
             ON CONFLICT (stream_id) DO UPDATE SET events = c.events + 1, sum = c.sum + $2, last_version = $3`,
            [e.streamId, amount, e.streamVersion],
          );
        }
        await sql.query(
          `INSERT INTO ${table(`${n}_totals`)} AS t (id, events, sum) VALUES (1, 1, $1)
           ON CONFLICT (id) DO UPDATE SET events = t.events + 1, sum = t.sum + $1`,
          [amount],
        );
        o.onHandled?.(e);
      },
    } as Record<string, (ctx: ProjectionContext, e: StoredEvent) => Promise<void>>,
  });
}

const metadata = (organizationId = 'org-test'): EventMetadata => ({
  organizationId,
  userId: 'user-test',
  ipAddress: null,
  userAgent: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

/** Appends `count` CounterAdded events spread over `streams` streams, `perAppend` at a time. Answers the last position. */
export async function appendAdds(
  store: EventStore,
  count: number,
  opts: {
    streams?: number;
    perAppend?: number;
    amount?: (i: number) => number;
    prefix?: string;
    organizationId?: string;
  } = {},
): Promise<bigint> {
  const streams = opts.streams ?? 7;
  const per = opts.perAppend ?? 10;
  let last = 0n;
  for (let i = 0; i < count; i += per) {
    const k = Math.min(per, count - i);
    const streamId = `${opts.prefix ?? 'counter'}-${(i / per) % streams}`;
    const events = Array.from({ length: k }, (_, j) => ({
      id: randomUUID(),
      type: ADDED,
      data: { amount: opts.amount ? opts.amount(i + j) : ((i + j) % 97) + 1 } satisfies AddedData,
      metadata: metadata(opts.organizationId),
    }));
    last = (await store.append(streamId, events, 'any')).lastPosition;
  }
  return last;
}

export interface CounterModel {
  counters: Array<{ stream_id: string; events: number; sum: string; last_version: number }>;
  totals: { events: string; sum: string } | null;
  applied: string[];
}

/**
 * What the read model must hold after exactly-once application of the store's events (up to `upTo`, without
 * those `skip` names).
 */
export async function expectedModel(
  store: EventStore,
  upTo?: bigint,
  skip?: (e: StoredEvent) => boolean,
): Promise<CounterModel> {
  const counters = new Map<
    string,
    { stream_id: string; events: number; sum: bigint; last_version: number }
  >();
  const applied: string[] = [];
  let events = 0n;
  let sum = 0n;
  for (let from = 0n; ;) {
    const page = await store.readAll(from, 1000);
    if (page.length === 0) break;
    for (const e of page) {
      from = e.globalPosition;
      if (e.type !== ADDED || (upTo !== undefined && e.globalPosition > upTo) || skip?.(e)) continue;
      const amount = BigInt((e.data as AddedData).amount);
      const c = counters.get(e.streamId) ?? { stream_id: e.streamId, events: 0, sum: 0n, last_version: -1 };
      c.events += 1;
      c.sum += amount;
      c.last_version = e.streamVersion;
      counters.set(e.streamId, c);
      applied.push(e.globalPosition.toString());
      events += 1n;
      sum += amount;
    }
  }
  return {
    counters: [...counters.values()]
      .sort((a, b) => (a.stream_id < b.stream_id ? -1 : 1))
      .map((c) => ({ ...c, sum: c.sum.toString() })),
    totals: events ? { events: events.toString(), sum: sum.toString() } : null,
    applied,
  };
}

/** The read model as readers see it (through the views). */
export async function readModel(sql: Sql, name: string): Promise<CounterModel> {
  const counters = await sql.query<CounterModel['counters'][number]>(
    `SELECT stream_id, events, sum::text AS sum, last_version FROM ${name}_counters ORDER BY stream_id`,
  );
  const totals = await sql.query<{ events: string; sum: string }>(
    `SELECT events::text AS events, sum::text AS sum FROM ${name}_totals`,
  );
  const applied = await sql.query<{ p: string }>(
    `SELECT position::text AS p FROM ${name}_applied ORDER BY position`,
  );
  return {
    counters: counters.rows.sort((a, b) => (a.stream_id < b.stream_id ? -1 : 1)),
    totals: totals.rows[0] ?? null,
    applied: applied.rows.map((r) => r.p),
  };
}

export async function checkpointOf(sql: Sql, name: string) {
  const r = await sql.query<{ generation: number; position: string; state: string; error: string | null }>(
    `SELECT c.generation, c.position::text AS position, c.state, c.error FROM projection_state s
       JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation WHERE s.name = $1`,
    [name],
  );
  return r.rows[0] ?? null;
}
