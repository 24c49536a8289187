/**
 * A projection runner in its own process, for the crash test: a slow counter projection that reports each
 * event it has handled (inside the still open transaction) on stdout, until the test kills it with SIGKILL.
 * Run as `node --import tsx crash-runner.ts` (in-process loader, so the kill reaches the runner itself).
 * Env: DATABASE_URL, PROJECTION, BATCH, DELAY_MS.
 */
import { createPgDb } from '../../../apps/server/src/infra/db/pg-db';
import { PostgresEventStore } from '../../../apps/server/src/event-store/postgres-event-store';
import { ProjectionRunner } from '../src/runtime/runner';
import { counterProjection } from './counter-projection';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const db = createPgDb(url, { max: 4 });
const store = await PostgresEventStore.create(db);
const projection = counterProjection({
  name: process.env.PROJECTION ?? 'crash',
  delayMs: Number(process.env.DELAY_MS ?? 10),
  onHandled: (e) => process.stdout.write(`handled ${e.globalPosition}\n`),
});
const runner = new ProjectionRunner(db, store, [projection], {
  batchSize: Number(process.env.BATCH ?? 100),
  idleMs: 20,
  leaderRetryMs: 50,
});
await runner.prepare();
runner.start();
process.stdout.write('started\n');
