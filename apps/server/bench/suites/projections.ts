import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EventStore } from '@okul/domain';
import {
  allProjections,
  ensureProjectionTables,
  ProjectionRunner,
  rebuildProjection,
  type Db,
  type Projection,
} from '@okul/projections';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store';
import { createPgDb } from '../../src/infra/db/pg-db';
import { appendHistory, generateLargeOrg } from '../large-org/seed';
import { catchUpProfiles } from '../support/catch-up-profile';
import type { BenchContext } from '../support/context';
import { toRaw } from '../support/raw-baseline';
import { rate, round } from '../support/stats';

/** Events per batch of the raw insert baseline: the runner's own batch size. */
const RAW_BATCH = 2000;

/**
 * The read models of a database that already holds the history, forgotten: their tables, views and
 * checkpoints are dropped, then each projection gets an empty generation at position 0 (a rebuild from a
 * store without events), so starting a runner is a catch-up of the whole history.
 */
export async function emptyReadModels(db: Db, projections: Projection[]): Promise<void> {
  await ensureProjectionTables(db);
  for (const p of projections) {
    const gens = await db.query<{ generation: number }>(
      `SELECT generation FROM projection_checkpoints WHERE name = $1`,
      [p.name],
    );
    for (const name of p.tables) {
      await db.exec(`DROP VIEW IF EXISTS "${name}"`);
      for (const g of gens.rows) await db.exec(`DROP TABLE IF EXISTS "${name}__g${g.generation}" CASCADE`);
    }
    await db.query(`DELETE FROM projection_parked WHERE projection = $1`, [p.name]);
    await db.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [p.name]);
    await db.query(`DELETE FROM projection_state WHERE name = $1`, [p.name]);
    await rebuildProjection(db, { readAll: async () => [] } as unknown as EventStore, p);
  }
}

/**
 * What writing the same events costs with nothing else to do: every stored event inserted again as one row
 * (ids, type, JSONB data and metadata) into a scratch table, `RAW_BATCH` rows per transaction in one
 * statement, as the runner reads them. The ceiling a catch-up is compared with.
 */
async function rawBatchInsert(
  db: Db,
  store: EventStore,
): Promise<{ events: number; eventsPerSecond: number }> {
  const table = `raw_catch_up_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await db.exec(`CREATE UNLOGGED TABLE ${table} (position bigint PRIMARY KEY, id text NOT NULL, type text NOT NULL,
                   data jsonb NOT NULL, metadata jsonb NOT NULL)`);
  try {
    let events = 0;
    let ms = 0;
    for (let from = 0n; ;) {
      const batch = await store.readAll(from, RAW_BATCH);
      if (batch.length === 0) break;
      const t = performance.now();
      await db.transaction((tx) =>
        tx.query(
          `INSERT INTO ${table} (position, id, type, data, metadata)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[])`,
          [
            batch.map((e) => e.globalPosition.toString()),
            batch.map((e) => e.id),
            batch.map((e) => e.type),
            batch.map((e) => JSON.stringify(e.data)),
            batch.map((e) => JSON.stringify(e.metadata)),
          ],
        ),
      );
      ms += performance.now() - t;
      events += batch.length;
      from = batch[batch.length - 1].globalPosition;
    }
    return { events, eventsPerSecond: rate(events, ms) };
  } finally {
    await db.exec(`DROP TABLE IF EXISTS ${table}`);
  }
}

/**
 * The read models at the size of a large institution: the 3,000-student organisation's history (about 108k
 * events) is appended while the projections wait, then every projection catches up together (what a
 * deployment does after a pause; each projection's rate, and its time in SQL and in its handlers), then each
 * one is rebuilt alone from the whole store (its rebuild rate). The catch-up is compared with the raw
 * baseline of the run and with inserting the same events raw in batches.
 * BENCH_PROJECTIONS_URL reuses a database already holding the history: its read models are emptied first.
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const reuse = process.env.BENCH_PROJECTIONS_URL;
  const url = reuse ?? (await ctx.createDatabase(1)).url;
  const db = createPgDb(url, { max: 20 });
  try {
    const raw = await ctx.rawBaseline();
    const store = await PostgresEventStore.create(db);
    let seed: Record<string, unknown> = { reused: true };
    if ((await store.headPosition()) === 0n) {
      // The tables exist at position 0 before the history arrives, so starting the runner is a catch-up.
      await new ProjectionRunner(db, store, allProjections).prepare();
      const who = { organizationId: randomUUID(), userId: randomUUID() };
      const generated = generateLargeOrg(who);
      ctx.log(`projections: appending ${generated.events.length} events`);
      const appended = await appendHistory(store, generated, who);
      seed = { events: appended.events, appendSeconds: round(appended.seconds, 1) };
    } else {
      ctx.log('projections: emptying the read models of the reused database');
      await emptyReadModels(db, allProjections);
    }
    const head = await store.headPosition();
    // BENCH_PROJECTIONS_SKIP=statistics,...: the catch-up and the rebuilds of the others only.
    const skip = (process.env.BENCH_PROJECTIONS_SKIP ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
    const measured = allProjections.filter((p) => !skip.includes(p.name));
    ctx.log(`projections: ${measured.length} projections catching up together`);
    const runner = new ProjectionRunner(db, store, measured);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    runner.start();
    const caughtUp = await runner.waitFor(head, 30 * 60_000);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const profile = runner.throughput();
    const storeReads = runner.storeReads();
    await runner.stop();
    if (!caughtUp) throw new Error('projections did not catch up within 30 minutes');
    const catchUpRate = rate(Number(head), ms);
    ctx.log('projections: the same events inserted raw, in batches');
    const rawInsert = await rawBatchInsert(db, store);
    const catchUp = {
      projections: measured.length,
      skipped: skip,
      events: Number(head),
      seconds: round(ms / 1000),
      eventsPerSecond: catchUpRate,
      ratioToRaw1: toRaw(catchUpRate, raw.connections1.commitsPerSecond),
      ratioToRaw16: toRaw(catchUpRate, raw.connections16.commitsPerSecond),
      rawBatchInsert: { ...rawInsert, batch: RAW_BATCH },
      ratioToRawBatchInsert: toRaw(catchUpRate, rawInsert.eventsPerSecond),
      /** The CPU of this process (the runner: reading, parsing, handlers) while the projections caught up. */
      runnerCpuSeconds: round((cpu.user + cpu.system) / 1e6),
      /** What the runner read from the store: each batch once means as many events as the store holds. */
      storeReads,
      perProjection: catchUpProfiles(profile),
    };
    const rebuilds: Record<
      string,
      { events: number; seconds: number; eventsPerSecond: number; sqlPercent: number }
    > = {};
    for (const p of measured) {
      ctx.log(`projections: rebuilding ${p.name}`);
      const r = await rebuildProjection(db, store, p);
      rebuilds[p.name] = {
        events: r.events,
        seconds: round(r.ms / 1000),
        eventsPerSecond: rate(r.events, r.ms),
        sqlPercent: Math.round((r.sqlMs * 100) / Math.max(1, r.ms)),
      };
    }
    const total = Object.values(rebuilds).reduce((s, r) => s + r.seconds, 0);
    return {
      seed,
      catchUp,
      rebuilds,
      rebuildAllSeconds: round(total),
      note:
        'catchUp: all projections from position 0 with one runner (perProjection: slowest first; sqlPercent of ' +
        'the time in its transactions); rawBatchInsert: the same events as rows, one multi-row insert per ' +
        'transaction; rebuilds: each projection alone, whole store',
    };
  } finally {
    await db.close();
  }
}
