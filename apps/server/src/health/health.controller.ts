import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { EventStore } from '@okul/domain';
import { projectionStatuses, type Db, type ProjectionRunner } from '@okul/projections';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import type { JobQueue } from '../jobs/job-queue';
import { DB, EVENT_STORE, JOB_QUEUE, PROJECTIONS } from '../infra/tokens';
import { ApiAnswer } from '../infra/http/api-doc';
import { chainCheckpoint } from '../event-store/event-chain';
import { z } from 'zod';

const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.string(), error: z.string().optional() }),
  queue: z.object({ ok: z.boolean() }).loose(),
  projections: z.array(z.record(z.string(), z.unknown())),
  /** How far the tamper-evidence chain trails the appends (events stored but not chained yet). */
  eventChain: z.object({ position: z.string(), lag: z.number() }).or(z.object({ error: z.string() })),
});

/** GET /api/v1/health: the database, the queue and each projection's lag. 503 when something is down. */
@Controller('api/v1')
export class HealthController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly runner: ProjectionRunner,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  @Public()
  @ApiAnswer(healthAnswerSchema, 'ok, or 503 degraded when the database, the queue or a projection is down')
  @Get('health')
  async health(@Res({ passthrough: true }) res: Response) {
    const database = await this.db
      .query('SELECT 1')
      .then(() => ({ ok: true, kind: this.db.kind }))
      .catch((e: Error) => ({ ok: false, kind: this.db.kind, error: e.message }));
    const queue = await this.queue.health();
    let projections: Array<Record<string, unknown>> = [];
    let projectionsOk = true;
    try {
      const local = new Map(this.runner.status().map((s) => [s.name, s]));
      projections = (await projectionStatuses(this.db, this.store, this.runner.projections)).map((p) => {
        const l = local.get(p.name);
        const state = p.state === 'failed' || l?.state === 'failed' ? 'failed' : (l?.state ?? p.state);
        if (state === 'failed') projectionsOk = false;
        return {
          name: p.name,
          position: p.position.toString(),
          lag: Number(p.lag),
          state,
          error: p.error ?? l?.error ?? null,
          // Parked events make one organisation's read model stale, not the service: still 200.
          parked: p.parked,
          staleOrganizations: p.staleOrganizations.length,
          rebuildEventsPerSecond: p.rebuildEventsPerSecond,
        };
      });
    } catch (e) {
      projectionsOk = false;
      projections = [{ error: (e as Error).message }];
    }
    const eventChain = await Promise.all([chainCheckpoint(this.db), this.store.headPosition()])
      .then(([position, head]) => ({ position: position.toString(), lag: Number(head - position) }))
      .catch((e: Error) => ({ error: e.message }));
    const ok = database.ok && queue.ok && projectionsOk;
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', database, queue, projections, eventChain };
  }
}
