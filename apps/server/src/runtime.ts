import { allProjections, ProjectionRunner } from '@okul/projections';
import type { AppConfig } from './config/config';
import { prepareRowLevelSecurity } from './infra/db/row-level-security';
import { ensureIdempotentResponsesTable } from './infra/http/idempotent-responses';
import { openPersistence, type Persistence } from './infra/persistence';
import { BullMqQueue } from './jobs/bullmq-queue';
import { InProcessQueue } from './jobs/in-process-queue';
import type { JobQueue } from './jobs/job-queue';

/** What a process holds besides Nest: storage, the projection runner, the job queue. */
export interface Runtime {
  config: AppConfig;
  persistence: Persistence;
  runner: ProjectionRunner;
  queue: JobQueue;
  close(): Promise<void>;
}

export async function createRuntime(
  config: AppConfig,
  opts: { queuePrefix?: string } = {},
): Promise<Runtime> {
  const persistence = await openPersistence(config);
  const runner = new ProjectionRunner(persistence.projectionDb, persistence.store, allProjections);
  await runner.prepare();
  if (persistence.ownerDb.kind === 'pg') {
    // Tables the API uses but may not create, then row-level security over everything that exists now.
    await ensureIdempotentResponsesTable(persistence.ownerDb);
    await prepareRowLevelSecurity(persistence.ownerDb, config.DATABASE_APP_ROLE);
  }
  const unlisten = persistence.onAppended(() => runner.notify());
  if (config.ROLES.includes('projections')) runner.start();
  const queue: JobQueue = config.REDIS_URL
    ? new BullMqQueue(config.REDIS_URL, opts.queuePrefix)
    : new InProcessQueue();
  return {
    config,
    persistence,
    runner,
    queue,
    async close() {
      unlisten();
      await queue.close();
      await runner.stop();
      await persistence.close();
    },
  };
}
