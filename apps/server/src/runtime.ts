import { allProjections, ProjectionRunner } from '@okul/projections';
import type { AppConfig } from './config/config';
import { prepareRowLevelSecurity } from './infra/db/row-level-security';
import { ensureIdempotentResponsesTable } from './infra/http/idempotent-responses';
import { openPersistence, type Persistence } from './infra/persistence';
import { EventChainer } from './event-store/event-chain';
import { BullMqQueue } from './jobs/bullmq-queue';
import { InProcessQueue } from './jobs/in-process-queue';
import type { JobQueue } from './jobs/job-queue';
import { shutdownStep } from './infra/shutdown';

/** The idle poll of the projections and the chain where every append wakes them. */
const HEARD_IDLE_MS = 1000;

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
  // When every append wakes the runner and the chain (`onAppended`), their idle polls are only a safety net
  // (a NOTIFY missed while the listening connection was lost): each poll is statements and timers every idle
  // tenth of a second otherwise.
  const idleMs = persistence.hearsEveryAppend ? HEARD_IDLE_MS : undefined;
  const runner = new ProjectionRunner(persistence.projectionDb, persistence.store, allProjections, {
    idleMs,
    toldEveryAppend: persistence.hearsEveryAppend,
  });
  await runner.prepare();
  // The chain lives beside the projections' checkpoints, on the database the runner writes.
  // Over the events as stored (personal fields sealed), so shredding a student's key keeps the chain valid.
  const chainer = new EventChainer(persistence.projectionDb, persistence.rawStore, { idleMs });
  await chainer.prepare();
  if (persistence.ownerDb.kind === 'pg') {
    // Tables the API uses but may not create, then row-level security over everything that exists now.
    await ensureIdempotentResponsesTable(persistence.ownerDb);
    await prepareRowLevelSecurity(persistence.ownerDb, config.DATABASE_APP_ROLE);
  }
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
      await shutdownStep('queue', () => queue.close());
      await shutdownStep('event chain', () => chainer.stop());
      await shutdownStep('projection runner', () => runner.stop());
      await shutdownStep('database', () => persistence.close());
    },
  };
}
