import { createServer as createHttpServer, type Server as HttpServer, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { projectionStatuses, type Db, type ProjectionRunner } from '@okul/projections';
import type { EventStore } from '@okul/domain';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../../jobs/job-queue';

export interface MetricSources {
  db: Db;
  projectionDb: Db;
  store: EventStore;
  runner: ProjectionRunner;
  queue: JobQueue;
}

/**
 * The Prometheus metrics of one server (a registry of its own, so several servers in one process, as in the
 * tests, do not share counters). Gauges that need a look at the database or the queue read it on a scrape.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'okul_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly conflicts = new Counter({
    name: 'okul_command_conflicts_total',
    help: 'Concurrency conflicts met by commands: retried, or refused with 409 after the last try',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly commandSteps = new Histogram({
    name: 'okul_command_step_seconds',
    help: 'Time of each step of a written command: decide (lookups, loads, decider), append, wait (read-your-writes)',
    labelNames: ['step'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'okul_job_failures_total',
    help: 'Failed attempts of background jobs, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const { db, projectionDb, store, runner, queue } = sources;
    collectDefaultMetrics({ register: this.registry, prefix: 'okul_' });
    const registers = [this.registry];
    // Read once per scrape, shared by the projection gauges' collect calls of that scrape.
    let statuses: ReturnType<typeof projectionStatuses> | null = null;
    const projections = () => {
      statuses ??= projectionStatuses(projectionDb, store, runner.projections).finally(() =>
        setTimeout(() => (statuses = null), 1000).unref(),
      );
      return statuses;
    };
    new Gauge({
      name: 'okul_projection_lag_events',
      help: 'Events stored but not yet folded into the read model, by projection',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        this.reset();
        for (const p of await projections()) this.set({ projection: p.name }, Number(p.lag));
      },
    });
    new Gauge({
      name: 'okul_projection_rebuild_events_per_second',
      help: 'Events per second of the rebuild that built the active read model, by projection',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        this.reset();
        for (const p of await projections())
          if (p.rebuildEventsPerSecond !== null) this.set({ projection: p.name }, p.rebuildEventsPerSecond);
      },
    });
    new Gauge({
      name: 'okul_projection_parked_events',
      help: 'Events a projection could not apply, waiting for `projections retry`',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        this.reset();
        for (const p of await projections()) this.set({ projection: p.name }, p.parked);
      },
    });
    // What this process's projection loops did since they started (nothing where another process leads them).
    for (const [metric, help, pick] of [
      ['okul_projection_applied_batches', 'Batches applied by this process, by projection', (t) => t.batches],
      ['okul_projection_applied_events', 'Events applied by this process, by projection', (t) => t.events],
      [
        'okul_projection_apply_seconds',
        'Seconds this process spent applying batches (each in its transaction), by projection',
        (t) => t.applyMs / 1000,
      ],
    ] as const satisfies ReadonlyArray<
      readonly [string, string, (t: ReturnType<ProjectionRunner['throughput']>[string]) => number]
    >) {
      new Gauge({
        name: metric,
        help,
        labelNames: ['projection'] as const,
        registers,
        collect() {
          this.reset();
          for (const [name, t] of Object.entries(runner.throughput()))
            this.set({ projection: name }, pick(t));
        },
      });
    }
    new Gauge({
      name: 'okul_queue_depth',
      help: 'Background jobs waiting, delayed or running, by queue',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        for (const [name, n] of Object.entries(await queue.depth())) this.set({ queue: name }, n);
      },
    });
    const pools = { api: db, projections: projectionDb };
    for (const [metric, help, pick] of [
      ['okul_db_pool_connections', 'Open connections of the pool', (s) => s.total],
      ['okul_db_pool_idle_connections', 'Idle connections of the pool', (s) => s.idle],
      ['okul_db_pool_waiting_queries', 'Queries waiting for a connection of the pool', (s) => s.waiting],
      ['okul_db_pool_max_connections', 'The most connections the pool opens', (s) => s.max],
    ] as const satisfies ReadonlyArray<
      readonly [string, string, (s: NonNullable<ReturnType<NonNullable<Db['poolStats']>>>) => number]
    >) {
      new Gauge({
        name: metric,
        help: `${help} (PostgreSQL only), by pool`,
        labelNames: ['pool'] as const,
        registers,
        collect() {
          this.reset();
          for (const [name, d] of Object.entries(pools)) {
            const s = d.poolStats?.();
            if (s) this.set({ pool: name }, pick(s));
          }
        },
      });
    }
    queue.onJobFailed = (q) => this.jobFailures.inc({ queue: q });
  }

  /** Times every request, labelled by the route pattern Express matched (never the raw path). */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const stop = this.httpDuration.startTimer();
      res.once('finish', () => {
        const pattern = (req.route as { path?: string } | undefined)?.path;
        const route = pattern ? pattern : req.path.startsWith('/api') ? 'unmatched' : 'client';
        stop({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    };
  }

  async answer(res: Response | ServerResponse) {
    const body = await this.registry.metrics();
    res.setHeader('Content-Type', this.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }

  /** `/metrics` on the public port, for a caller with `Authorization: Bearer <METRICS_TOKEN>` only. */
  tokenRoute(token: string) {
    const expected = Buffer.from(`Bearer ${token}`);
    return (req: Request, res: Response) => {
      const given = Buffer.from(req.header('authorization') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        return res.status(401).end();
      }
      void this.answer(res).catch((e: Error) => res.status(500).end(e.message));
    };
  }

  /** A listener of its own answering `/metrics` (METRICS_PORT): reachable where the operator allows. */
  async listen(port: number): Promise<HttpServer> {
    const server = createHttpServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.statusCode = 404;
        return res.end();
      }
      void this.answer(res).catch((e: Error) => {
        res.statusCode = 500;
        res.end(e.message);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, resolve);
    });
    return server;
  }
}
