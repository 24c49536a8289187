import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import type { EventMetadata, NewEvent, StoredEvent } from '@okul/domain';
import {
  ProjectionRunner,
  defineProjection,
  rebuildProjection,
  type Db,
  type Projection,
  type ProjectionContext,
  type Sql,
} from '@okul/projections';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store';
import type { BenchContext } from '../support/context';
import { toRaw } from '../support/raw-baseline';
import { percentile, rate, round } from '../support/stats';

// Budgets (ms / events), overridable for a quicker look; the defaults keep the suite near 1–2 minutes on 2 cores.
const APPEND_MS = Number(process.env.BENCH_APPEND_MS ?? 1500);
const LAG_MS = Number(process.env.BENCH_LAG_MS ?? 2000);
const WARMUP_MS = 300;
const BULK_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 100_000);
const WRITERS = 16;
const POOL = WRITERS + 4;
const READ_PAGE = 1000;
const PEER = '@event-driven-io/emmett-postgresql';

type PeerStore = ReturnType<typeof getPostgreSQLEventStore>;
type PeerExecutor = Parameters<typeof readMessagesBatch>[0];

const EVENT_TYPE = 'BenchPaymentRecorded';

function metadata(): EventMetadata {
  return {
    organizationId: 'org-bench',
    userId: 'user-bench',
    ipAddress: '127.0.0.1',
    userAgent: 'okul-bench',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
}

/** The same small payload for both stores: ids, an amount in kuruş, a Turkish note. */
function data(writer: number, i: number) {
  return {
    studentId: randomUUID(),
    writer,
    index: i,
    amountKurus: 125_000 + i,
    note: 'Ekim ayı ödemesi — nakit',
  };
}

function ourEvent(writer: number, i: number): NewEvent {
  return { id: randomUUID(), type: EVENT_TYPE, data: data(writer, i), metadata: metadata() };
}

function peerEvent(writer: number, i: number) {
  return { type: EVENT_TYPE, data: data(writer, i), metadata: metadata() };
}

interface LoadResult {
  writers: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  appendLatencyMs: { p50: number; p95: number };
}

/** `writers` loops, each appending one event per call to its own stream, until `ms` have passed. */
async function load(
  writers: number,
  ms: number,
  appendOne: (w: number, i: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + ms;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now();
        await appendOne(w, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - start;
  return {
    writers,
    events: latencies.length,
    seconds: round(elapsed / 1000),
    eventsPerSecond: rate(latencies.length, elapsed),
    appendLatencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
  };
}

function ourAppender(store: PostgresEventStore, run: string, onAppended?: (position: bigint) => void) {
  const versions = new Map<number, number | 'no_stream'>();
  return async (w: number, i: number) => {
    const r = await store.append(`bench-${run}-${w}`, [ourEvent(w, i)], versions.get(w) ?? 'no_stream');
    versions.set(w, r.nextExpectedVersion);
    onAppended?.(r.lastPosition);
  };
}

function peerAppender(store: PeerStore, run: string) {
  const versions = new Map<number, bigint>();
  return async (w: number, i: number) => {
    // Emmett numbers a stream from 1; expecting 0 means "the stream must not exist yet".
    const r = await store.appendToStream(`bench-${run}_${w}`, [peerEvent(w, i)], {
      expectedStreamVersion: versions.get(w) ?? 0n,
    });
    versions.set(w, r.nextExpectedStreamVersion);
  };
}

/**
 * A tiny read model: events counted per type, one upsert per event, or per run of events with the batch
 * handler (set-based, as the real projections apply a batch).
 */
function countingProjection(onApply?: (position: bigint) => void): Projection {
  return defineProjection({
    name: 'bench_counts',
    version: 1,
    tables: ['bench_counts'],
    schema: (t) => `CREATE TABLE ${t('bench_counts')} (type text PRIMARY KEY, n bigint NOT NULL)`,
    // A bench event outside the domain's map: its handler takes any stored event.
    handlers: {
      [EVENT_TYPE]: async ({ sql, table }: ProjectionContext, e: StoredEvent) => {
        const t = table('bench_counts');
        await sql.query(
          `INSERT INTO ${t} (type, n) VALUES ($1, 1) ON CONFLICT (type) DO UPDATE SET n = ${t}.n + 1`,
          [e.type],
        );
        onApply?.(e.globalPosition);
      },
    } as Record<string, (ctx: ProjectionContext, e: StoredEvent) => Promise<void>>,
    batchHandlers: {
      [EVENT_TYPE]: async ({ sql, table }: ProjectionContext, events: StoredEvent[]) => {
        const t = table('bench_counts');
        await sql.query(
          `INSERT INTO ${t} (type, n) VALUES ($1, $2) ON CONFLICT (type) DO UPDATE SET n = ${t}.n + EXCLUDED.n`,
          [EVENT_TYPE, events.length],
        );
        for (const e of events) onApply?.(e.globalPosition);
      },
    } as Record<string, (ctx: ProjectionContext, events: StoredEvent[]) => Promise<void>>,
  });
}

/** The same Db, calling `onCommit` once a transaction (a projection batch with its checkpoint) committed. */
function withCommitHook(db: Db, onCommit: () => void): Db {
  const committed = <T>(out: T) => {
    onCommit();
    return out;
  };
  const transactionFrom = db.transactionFrom?.bind(db);
  return {
    ...db,
    transaction: <T>(fn: (tx: Sql) => Promise<T>) => db.transaction(fn).then(committed),
    // the runner opens a batch's transaction with its claim where the database offers it
    ...(transactionFrom
      ? {
          transactionFrom: <T, R>(
            first: string,
            fn: (tx: Sql, first: { rows: R[]; rowCount: number }) => Promise<T>,
          ) => transactionFrom<T, R>(first, fn).then(committed),
        }
      : {}),
  };
}

/** Emmett's reader needs a dumbo SQL executor; its SQL arrives as complete strings, so a pg pool serves. */
function poolExecutor(pool: pg.Pool): PeerExecutor {
  const query = async (sql: string) => {
    const r = await pool.query(sql);
    return { rowCount: r.rowCount, rows: r.rows };
  };
  const batch = (sqls: string[]) => Promise.all(sqls.map(query));
  return { query, command: query, batchQuery: batch, batchCommand: batch } as unknown as PeerExecutor;
}

function peerVersion(): string | null {
  try {
    let dir = dirname(createRequire(import.meta.url).resolve(PEER));
    while (dir !== dirname(dir)) {
      const file = join(dir, 'package.json');
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === PEER) return pkg.version ?? null;
      }
      dir = dirname(dir);
    }
  } catch {
    return null;
  }
  return null;
}

function ratio(ours: number, peer: number): number | null {
  return peer > 0 ? round(ours / peer) : null;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const raw = await ctx.rawBaseline();
  const raw1 = raw.connections1.commitsPerSecond;
  const raw16 = raw.connections16.commitsPerSecond;
  // --- appends: ours and the peer, each on its own fresh database, alternating so drift hits both alike
  const oursDb = await ctx.createDatabase(POOL);
  const ours = await PostgresEventStore.create(oursDb.db);
  const peerDb = await ctx.createDatabase(1);
  const peerPool = new pg.Pool({ connectionString: peerDb.url, max: POOL });
  const peer = getPostgreSQLEventStore(peerDb.url, { connectionOptions: { pool: peerPool } });
  try {
    await peer.schema.migrate();

    ctx.log('event-store: warm-up');
    await load(1, WARMUP_MS, ourAppender(ours, 'warm1'));
    await load(1, WARMUP_MS, peerAppender(peer, 'warm1'));

    ctx.log(`event-store: append, 1 writer, ${APPEND_MS} ms each`);
    const ours1 = await load(1, APPEND_MS, ourAppender(ours, 'w1'));
    const peer1 = await load(1, APPEND_MS, peerAppender(peer, 'w1'));

    ctx.log(`event-store: append, ${WRITERS} writers, ${APPEND_MS} ms each`);
    await load(WRITERS, WARMUP_MS, ourAppender(ours, 'warm16'));
    await load(WRITERS, WARMUP_MS, peerAppender(peer, 'warm16'));
    const ours16 = await load(WRITERS, APPEND_MS, ourAppender(ours, 'w16'));
    const peer16 = await load(WRITERS, APPEND_MS, peerAppender(peer, 'w16'));

    // --- projection lag: append returned → the projection's batch (with its checkpoint) committed
    ctx.log(`event-store: projection lag under ${WRITERS} writers, ${LAG_MS} ms`);
    const appendedAt = new Map<bigint, number>();
    const appliedAt = new Map<bigint, number>();
    let applying: bigint[] = [];
    const projection = countingProjection((p) => applying.push(p));
    const runnerDb = withCommitHook(oursDb.db, () => {
      const now = performance.now();
      for (const p of applying) appliedAt.set(p, now);
      applying = [];
    });
    const runner = new ProjectionRunner(runnerDb, ours, [projection]);
    await runner.prepare();
    applying = [];
    runner.start();
    const unlisten = ours.onAppended(() => runner.notify());
    let lagLoad: LoadResult;
    try {
      lagLoad = await load(
        WRITERS,
        LAG_MS,
        ourAppender(ours, 'lag', (p) => appendedAt.set(p, performance.now())),
      );
      const caughtUp = await runner.waitFor(await ours.headPosition(), 60_000);
      if (!caughtUp) throw new Error('the bench projection did not catch up within 60 s');
    } finally {
      unlisten();
      await runner.stop();
    }
    const lags: number[] = [];
    for (const [p, t] of appendedAt) {
      const applied = appliedAt.get(p);
      if (applied !== undefined) lags.push(Math.max(0, applied - t));
    }
    if (lags.length !== appendedAt.size)
      throw new Error(`lag: ${appendedAt.size - lags.length} events never applied`);

    // --- bulk: 100k events into fresh stores, a whole-store read on both, a rebuild on ours
    const bulkDb = await ctx.createDatabase(POOL);
    const bulk = await PostgresEventStore.create(bulkDb.db);
    ctx.log(`event-store: seeding ${BULK_EVENTS} events (ours)`);
    const STREAMS_PER_TX = 5;
    const PER_STREAM = 200;
    let seeded = 0;
    const seed = await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          while (next < BULK_EVENTS) {
            const start = next;
            const n = Math.min(STREAMS_PER_TX * PER_STREAM, BULK_EVENTS - start);
            next += n;
            const appends = [];
            for (let s = 0; s * PER_STREAM < n; s++) {
              const count = Math.min(PER_STREAM, n - s * PER_STREAM);
              appends.push({
                streamId: `seed-${start}-${s}`,
                events: Array.from({ length: count }, (_, i) => ourEvent(s, start + s * PER_STREAM + i)),
                expectedVersion: 'no_stream' as const,
              });
            }
            await bulk.appendMany(appends);
            seeded += n;
          }
        }),
      );
    });

    ctx.log(`event-store: seeding ${BULK_EVENTS} events (${PEER})`);
    const peerSeed = await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          while (next < BULK_EVENTS) {
            const start = next;
            const n = Math.min(STREAMS_PER_TX * PER_STREAM, BULK_EVENTS - start);
            next += n;
            for (let s = 0; s * PER_STREAM < n; s++) {
              const count = Math.min(PER_STREAM, n - s * PER_STREAM);
              await peer.appendToStream(
                `seed-${start}_${s}`,
                Array.from({ length: count }, (_, i) => peerEvent(s, start + s * PER_STREAM + i)),
                { expectedStreamVersion: 0n },
              );
            }
          }
        }),
      );
    });

    ctx.log('event-store: reading the whole store (ours)');
    const oursRead = await timed(async () => {
      let n = 0;
      for (let page = await bulk.readAll(0n, READ_PAGE); page.length > 0;) {
        n += page.length;
        page = await bulk.readAll(page[page.length - 1].globalPosition, READ_PAGE);
      }
      return n;
    });

    ctx.log(`event-store: reading the whole store (${PEER})`);
    const executor = poolExecutor(peerPool);
    const peerRead = await timed(async () => {
      let n = 0;
      let after = 0n;
      for (;;) {
        const r = await readMessagesBatch(executor, { after, batchSize: READ_PAGE });
        n += r.messages.length;
        if (r.messages.length === 0) return n;
        after = r.currentGlobalPosition;
      }
    });

    ctx.log(`event-store: rebuilding a projection over ${seeded} events`);
    const rebuild = await timed(() => rebuildProjection(bulkDb.db, bulk, countingProjection()));
    const counted = await bulkDb.db.query<{ n: string }>(
      'SELECT n::text AS n FROM bench_counts WHERE type = $1',
      [EVENT_TYPE],
    );
    if (Number(counted.rows[0]?.n) !== seeded)
      throw new Error(`rebuild counted ${counted.rows[0]?.n}, expected ${seeded}`);

    const read = (events: number, ms: number) => ({
      events,
      seconds: round(ms / 1000),
      eventsPerSecond: rate(events, ms),
    });
    return {
      peer: { package: PEER, version: peerVersion() },
      append: {
        note: 'one event per append, each writer to its own stream with its expected version',
        ours: { writers1: ours1, writers16: ours16 },
        peer: { writers1: peer1, writers16: peer16 },
        ratioOursToPeer: {
          writers1: ratio(ours1.eventsPerSecond, peer1.eventsPerSecond),
          writers16: ratio(ours16.eventsPerSecond, peer16.eventsPerSecond),
        },
        // Each against the raw commits of as many connections as writers (rawBaseline of the report).
        ratioToRaw: {
          ours: {
            writers1: toRaw(ours1.eventsPerSecond, raw1),
            writers16: toRaw(ours16.eventsPerSecond, raw16),
          },
          peer: {
            writers1: toRaw(peer1.eventsPerSecond, raw1),
            writers16: toRaw(peer16.eventsPerSecond, raw16),
          },
        },
      },
      projectionLag: {
        note: `append returned → counting projection (one set-based upsert per batch) committed, ProjectionRunner woken by onAppended, ${WRITERS} writers`,
        samples: lags.length,
        p50Ms: round(percentile(lags, 50)),
        p95Ms: round(percentile(lags, 95)),
        maxMs: round(Math.max(...lags)),
        appendEventsPerSecondMeanwhile: lagLoad.eventsPerSecond,
        appendRatioToRaw16: toRaw(lagLoad.eventsPerSecond, raw16),
      },
      rebuild: {
        events: rebuild.value.events,
        seconds: round(rebuild.ms / 1000),
        eventsPerSecond: rate(rebuild.value.events, rebuild.ms),
        ratioToRaw1: toRaw(rate(rebuild.value.events, rebuild.ms), raw1),
        seed: {
          note: `appendMany, ${STREAMS_PER_TX} streams × ${PER_STREAM} events per transaction, 2 seeders`,
          ...read(seeded, seed.ms),
        },
        peerSeed: {
          note: `appendToStream, ${PER_STREAM} events per call, 2 seeders`,
          ...read(BULK_EVENTS, peerSeed.ms),
        },
      },
      readAll: {
        note: `whole store in pages of ${READ_PAGE}: ours readAll, peer readMessagesBatch`,
        ours: read(oursRead.value, oursRead.ms),
        peer: read(peerRead.value, peerRead.ms),
        ratioOursToPeer: ratio(rate(oursRead.value, oursRead.ms), rate(peerRead.value, peerRead.ms)),
      },
    };
  } finally {
    await ours.close();
    await peer.close().catch(() => undefined);
    await peerPool.end().catch(() => undefined);
  }
}
