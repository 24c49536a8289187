export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  attempt: number;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/**
 * Background jobs (SMS sending, payment callbacks). BullMQ on Redis when REDIS_URL is set; an in-process
 * queue on the embedded default. A job id makes adding idempotent; handlers must be safe to run twice.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add<T>(
    queue: string,
    name: string,
    data: T,
    opts: { jobId: string; attempts?: number; delayMs?: number },
  ): Promise<void>;
  /** Registers the handler of a queue (only in processes that run the worker role). */
  process<T>(queue: string, handler: JobHandler<T>): void;
  /** Resolves when every job added so far to this queue has finished (tests, shutdown). */
  drain(queue: string): Promise<void>;
  health(): Promise<{ ok: boolean; kind: string; error?: string }>;
  /** Jobs waiting, delayed or running, per queue this process has used (the metrics' queue depth). */
  depth(): Promise<Record<string, number>>;
  /** Told of every failed attempt of a job (the metrics count them); set once by whoever watches. */
  onJobFailed?: (queue: string) => void;
  close(): Promise<void>;
}
