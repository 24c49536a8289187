import { Queue, Worker, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobQueue } from './job-queue';
import { log } from '../infra/observability/logger';

/** How long closing waits for a worker's running job before it closes the worker regardless. */
const WORKER_CLOSE_GRACE_MS = 10_000;
/** How long each later step of closing (queues, event listeners, a forced worker close) may take. */
const CLOSE_STEP_MS = 5_000;

/** True when `p` settled within `ms`; false when the time ran out first (p goes on in the background). */
async function within(ms: number, p: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** BullMQ on Redis: API instances add jobs, worker processes (ROLES=worker) run them. */
export class BullMqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private queues = new Map<string, Queue>();
  private workers: Worker[] = [];
  onJobFailed?: (queue: string) => void;
  private events = new Map<string, QueueEvents>();
  private readonly connection: Redis;

  constructor(
    private readonly url: string,
    /** QUEUE_PREFIX: two deployments on one Redis never take each other's payment or SMS jobs. */
    private readonly prefix: string,
  ) {
    // Adding a job while Redis is away fails after one reconnection attempt (the request answers 503)
    // instead of waiting for ever in ioredis' offline queue; the connection itself keeps reconnecting.
    this.connection = this.redis('queue', { maxRetriesPerRequest: 1 });
  }

  /**
   * A connection named after the key prefix (CLIENT LIST shows whose it is). Redis restarting makes every
   * client and BullMQ object emit 'error'; an EventEmitter without a listener would end the process.
   */
  private redis(role: string, opts: { maxRetriesPerRequest: number | null }) {
    const r = new Redis(this.url, { ...opts, connectionName: `${this.prefix}:${role}` });
    r.on('error', (e) => this.logError(`redis ${role}`, e));
    r.on('ready', () => this.lastError.clear());
    return r;
  }

  private readonly lastError = new Map<string, string>();
  private logError(where: string, e: Error) {
    // One line per change of error and client: while Redis is down ioredis retries many times a second.
    if (this.lastError.get(where) === e.message) return;
    this.lastError.set(where, e.message);
    log('queue').error({ where, err: e }, 'redis error');
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.prefix });
      q.on('error', (e) => this.logError(`queue ${name}`, e));
      this.queues.set(name, q);
    }
    return q;
  }

  async add<T>(
    queue: string,
    name: string,
    data: T,
    opts: { jobId: string; attempts?: number; delayMs?: number },
  ): Promise<void> {
    await this.queue(queue).add(name, data, {
      jobId: opts.jobId,
      delay: opts.delayMs,
      attempts: opts.attempts ?? 3,
      backoff: { type: 'exponential', delay: 200 },
      removeOnComplete: { age: 86_400 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  process<T>(queue: string, handler: JobHandler<T>): void {
    const worker = new Worker(
      queue,
      async (job) =>
        handler({ id: job.id ?? '', name: job.name, data: job.data as T, attempt: job.attemptsMade + 1 }),
      {
        // BullMQ needs workers to wait for Redis (no per-request retry limit): they resume once it is back.
        connection: this.redis(`worker:${queue}`, { maxRetriesPerRequest: null }),
        prefix: this.prefix,
        concurrency: 4,
      },
    );
    worker.on('error', (e) => this.logError(`worker ${queue}`, e));
    worker.on('failed', (job, err) => {
      this.onJobFailed?.(queue);
      log('queue').error({ queue, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed');
    });
    this.queue(queue); // known to depth() in a process that only works the queue
    this.workers.push(worker);
  }

  async drain(queue: string): Promise<void> {
    const q = this.queue(queue);
    for (;;) {
      const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async depth(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      [...this.queues].map(async ([name, q]) => {
        const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return [name, Object.values(counts).reduce((a, b) => a + b, 0)] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  async health() {
    try {
      if (this.connection.status !== 'ready') throw new Error(`Redis connection ${this.connection.status}`);
      await this.connection.ping();
      return { ok: true, kind: this.kind };
    } catch (e) {
      return { ok: false, kind: this.kind, error: (e as Error).message };
    }
  }

  async close(): Promise<void> {
    // A worker finishes its running job first; one that cannot within the grace (say its Redis connection is
    // still coming back) is closed at once: its job stays in Redis, is found stalled and runs again, and every
    // job is safe to run twice. Every step is bounded, and what did not close in time is disconnected: a close
    // waiting on a broken connection must not hold the process (or a test's teardown) forever.
    await Promise.all(
      this.workers.map((w) =>
        within(WORKER_CLOSE_GRACE_MS, w.close()).then((closed) =>
          closed ? undefined : within(CLOSE_STEP_MS, w.close(true)),
        ),
      ),
    );
    await within(CLOSE_STEP_MS, Promise.all([...this.queues.values()].map((q) => q.close())));
    await within(CLOSE_STEP_MS, Promise.all([...this.events.values()].map((e) => e.close())));
    // A disconnect waits for its connection's end, which a connection still reconnecting may never reach.
    await within(
      CLOSE_STEP_MS,
      Promise.all(
        [...this.workers, ...this.queues.values(), ...this.events.values()].map((c) => c.disconnect()),
      ),
    );
    this.connection.disconnect();
  }
}
