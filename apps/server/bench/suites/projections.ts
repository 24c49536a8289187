import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { allProjections, ProjectionRunner, rebuildProjection } from '@okul/projections';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store';
import { createPgDb } from '../../src/infra/db/pg-db';
import { appendHistory, generateLargeOrg } from '../large-org/seed';
import type { BenchContext } from '../support/context';
import { rate, round } from '../support/stats';

/**
 * The read models at the size of a large institution: the 3,000-student organisation's history (about 108k
 * events) is appended while the projections wait, then every projection catches up together (what a
 * deployment does after a pause), then each one is rebuilt alone from the whole store (its rebuild rate).
 * BENCH_PROJECTIONS_URL reuses a database already holding the history (only the measurements run again).
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const reuse = process.env.BENCH_PROJECTIONS_URL;
  const url = reuse ?? (await ctx.createDatabase(1)).url;
  const db = createPgDb(url, { max: 20 });
  try {
    const store = await PostgresEventStore.create(db);
    let seed: Record<string, unknown> = { reused: true };
    let catchUp: Record<string, unknown> | null = null;
    if ((await store.headPosition()) === 0n) {
      // The tables exist at position 0 before the history arrives, so starting the runner is a catch-up.
      await new ProjectionRunner(db, store, allProjections).prepare();
      const who = { organizationId: randomUUID(), userId: randomUUID() };
      const generated = generateLargeOrg(who);
      ctx.log(`projections: appending ${generated.events.length} events`);
      const appended = await appendHistory(store, generated, who);
      seed = { events: appended.events, appendSeconds: round(appended.seconds, 1) };
      const head = await store.headPosition();
      ctx.log('projections: every projection catching up together');
      const runner = new ProjectionRunner(db, store, allProjections);
      const t0 = performance.now();
      runner.start();
      const caughtUp = await runner.waitFor(head, 30 * 60_000);
      const ms = performance.now() - t0;
      await runner.stop();
      if (!caughtUp) throw new Error('projections did not catch up within 30 minutes');
      catchUp = {
        projections: allProjections.length,
        events: Number(head),
        seconds: round(ms / 1000),
        eventsPerSecond: rate(Number(head), ms),
      };
    }
    const rebuilds: Record<string, { events: number; seconds: number; eventsPerSecond: number }> = {};
    for (const p of allProjections) {
      ctx.log(`projections: rebuilding ${p.name}`);
      const t0 = performance.now();
      const r = await rebuildProjection(db, store, p);
      const ms = performance.now() - t0;
      rebuilds[p.name] = { events: r.events, seconds: round(ms / 1000), eventsPerSecond: rate(r.events, ms) };
    }
    const total = Object.values(rebuilds).reduce((s, r) => s + r.seconds, 0);
    return {
      seed,
      catchUp,
      rebuilds,
      rebuildAllSeconds: round(total),
      note: 'catchUp: all projections from position 0 with one runner; rebuilds: each projection alone, whole store',
    };
  } finally {
    await db.close();
  }
}
