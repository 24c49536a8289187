import { Queue, Worker, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobQueue } from './job-queue';

/** BullMQ on Redis: API instances add jobs, worker processes (ROLES=worker) run them. */
export class BullMqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private queues = new Map<string, Queue>();
  private workers: Worker[] = [];
  private events = new Map<string, QueueEvents>();
  private readonly connection: Redis;

  constructor(
    private readonly url: string,
    private readonly prefix = 'okul',
  ) {
    this.connection = new Redis(url, { maxRetriesPerRequest: null });
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.prefix });
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
        connection: new Redis(this.url, { maxRetriesPerRequest: null }),
        prefix: this.prefix,
        concurrency: 4,
      },
    );
    worker.on('failed', (job, err) =>
      console.error(`[queue ${queue}] job ${job?.id} failed: ${err.message}`),
    );
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

  async health() {
    try {
      await this.connection.ping();
      return { ok: true, kind: this.kind };
    } catch (e) {
      return { ok: false, kind: this.kind, error: (e as Error).message };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.all([...this.events.values()].map((e) => e.close()));
    this.connection.disconnect();
  }
}
