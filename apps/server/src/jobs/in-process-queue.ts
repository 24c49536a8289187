import type { Job, JobHandler, JobQueue } from './job-queue';
import { log } from '../infra/observability/logger';

/** The embedded default: jobs run in this process, retried with backoff; ids already seen are ignored. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private handlers = new Map<string, JobHandler<any>>();
  private pending = new Map<string, Array<{ job: Job; attempts: number }>>();
  private seen = new Set<string>();
  private running = new Map<string, Promise<void>>();
  private closed = false;
  onJobFailed?: (queue: string) => void;

  async add<T>(
    queue: string,
    name: string,
    data: T,
    opts: { jobId: string; attempts?: number; delayMs?: number },
  ): Promise<void> {
    const key = `${queue}:${opts.jobId}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (opts.delayMs) {
      const timer = setTimeout(() => this.enqueue(queue, name, data, opts), opts.delayMs);
      timer.unref();
      return;
    }
    this.enqueue(queue, name, data, opts);
  }

  private enqueue<T>(queue: string, name: string, data: T, opts: { jobId: string; attempts?: number }) {
    if (this.closed) return;
    const list = this.pending.get(queue) ?? [];
    list.push({ job: { id: opts.jobId, name, data, attempt: 0 }, attempts: opts.attempts ?? 3 });
    this.pending.set(queue, list);
    this.kick(queue);
  }

  process<T>(queue: string, handler: JobHandler<T>): void {
    this.handlers.set(queue, handler as JobHandler<any>);
    this.kick(queue);
  }

  private kick(queue: string) {
    if (this.running.has(queue) || !this.handlers.has(queue) || this.closed) return;
    const run = (async () => {
      const list = this.pending.get(queue) ?? [];
      while (list.length && !this.closed) {
        const item = list.shift()!;
        const handler = this.handlers.get(queue)!;
        for (let attempt = 1; attempt <= item.attempts; attempt++) {
          try {
            await handler({ ...item.job, attempt });
            break;
          } catch (e) {
            this.onJobFailed?.(queue);
            log('queue').error({ queue, jobId: item.job.id, attempt, err: e }, 'job attempt failed');
            if (attempt < item.attempts) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
          }
        }
      }
    })().finally(() => {
      this.running.delete(queue);
      if ((this.pending.get(queue) ?? []).length) this.kick(queue);
    });
    this.running.set(queue, run);
  }

  async drain(queue: string): Promise<void> {
    while (this.running.get(queue) || (this.handlers.has(queue) && (this.pending.get(queue) ?? []).length)) {
      await (this.running.get(queue) ?? new Promise((r) => setTimeout(r, 5)));
    }
  }

  async depth(): Promise<Record<string, number>> {
    const names = new Set([...this.pending.keys(), ...this.handlers.keys()]);
    return Object.fromEntries(
      [...names].map((q) => [q, (this.pending.get(q)?.length ?? 0) + (this.running.has(q) ? 1 : 0)]),
    );
  }

  async health() {
    return { ok: !this.closed, kind: this.kind };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running.values());
  }
}
