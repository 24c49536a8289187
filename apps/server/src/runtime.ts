import { allProjections, ProjectionRunner } from '@okul/projections';
import type { AppConfig } from './config/config';
import { openPersistence, type Persistence } from './infra/persistence';
import { EventChainer } from './event-store/event-chain';
import { BullMqQueue } from './jobs/bullmq-queue';
import { InProcessQueue } from './jobs/in-process-queue';
import type { JobQueue } from './jobs/job-queue';

/** What a process holds besides Nest: storage, the projection runner, the job queue. */
export interface Runtime {
  config: AppConfig;
  persistence: Persistence;
  runner: ProjectionRunner;
  /** Writes each organisation's hash chain behind the appends (tamper evidence). */
  chainer: EventChainer;
  queue: JobQueue;
  close(): Promise<void>;
}

export async function createRuntime(config: AppConfig): Promise<Runtime> {
  const persistence = await openPersistence(config);
  const runner = new ProjectionRunner(persistence.projectionDb, persistence.store, allProjections);
  await runner.prepare();
  // The chain lives beside the projections' checkpoints, on the database the runner writes.
  const chainer = new EventChainer(persistence.projectionDb, persistence.store);
  await chainer.prepare();
  const unlisten = persistence.onAppended(() => {
    runner.notify();
    chainer.notify();
  });
  if (config.ROLES.includes('projections')) {
    runner.start();
    chainer.start();
  }
  const queue: JobQueue = config.REDIS_URL
    ? new BullMqQueue(config.REDIS_URL, config.QUEUE_PREFIX)
    : new InProcessQueue();
  return {
    config,
    persistence,
    runner,
    chainer,
    queue,
    async close() {
      unlisten();
      await queue.close();
      await chainer.stop();
      await runner.stop();
      await persistence.close();
    },
  };
}
