import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Db } from '@okul/projections';
import type { Response } from 'express';
import { from, mergeMap, of, type Observable } from 'rxjs';
import { DB } from '../tokens';
import type { AppRequest } from './request-context';

/** How long an answer is kept for a repeated request: long enough for any client retry. */
const KEEP_HOURS = 24;

/**
 * A signed-in user's POST repeated with the same Idempotency-Key (its answer was lost on the way back) gets
 * the first answer again instead of being decided anew. Deciding again would refuse what the first try did
 * ("TCKN zaten kayıtlı", an invitation already answered) although the write succeeded. This is the one place
 * that replays answers; below it, event ids derived from the key (CommandExecutor) keep two racing copies of
 * a request from storing anything twice. Keys are scoped to the user and the path; calls without a signed-in
 * user (login, refresh, token links) are never replayed, so no answer carrying a token is kept.
 */
@Injectable()
export class IdempotentResponses implements NestInterceptor, OnModuleDestroy {
  private ready: Promise<void> | null = null;
  private readonly sweeper: NodeJS.Timeout;

  constructor(@Inject(DB) private readonly db: Db) {
    this.sweeper = setInterval(() => void this.sweep(), 60 * 60 * 1000);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AppRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.header('idempotency-key');
    const userId = req.principal?.userId;
    if (req.method !== 'POST' || !key || key.length > 200 || !userId) return next.handle();
    const scoped = `${userId}:${req.path}:${key}`;
    return from(this.find(scoped)).pipe(
      mergeMap((stored) => {
        if (stored) {
          res.status(stored.status);
          return of(stored.body);
        }
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            // only answers that went out whole as JSON: failures are not stored, a retry may succeed
            if (res.statusCode < 300 && body !== undefined) await this.store(scoped, res.statusCode, body);
            return body;
          }),
        );
      }),
    );
  }

  private schema(): Promise<void> {
    this.ready ??= this.db
      .query(
        `CREATE TABLE IF NOT EXISTS idempotent_responses (
           key text PRIMARY KEY, status int NOT NULL, body jsonb NOT NULL,
           created_at timestamptz NOT NULL DEFAULT now())`,
      )
      .then(() => undefined);
    return this.ready;
  }

  private async find(key: string): Promise<{ status: number; body: unknown } | null> {
    await this.schema();
    const r = await this.db.query<{ status: number; body: unknown }>(
      `SELECT status, body FROM idempotent_responses
        WHERE key = $1 AND created_at > now() - make_interval(hours => $2)`,
      [key, KEEP_HOURS],
    );
    return r.rows[0] ?? null;
  }

  private async store(key: string, status: number, body: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO idempotent_responses (key, status, body) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (key) DO NOTHING`,
      [key, status, JSON.stringify(body)],
    );
  }

  private async sweep(): Promise<void> {
    await this.schema();
    await this.db
      .query(`DELETE FROM idempotent_responses WHERE created_at < now() - make_interval(hours => $1)`, [
        KEEP_HOURS,
      ])
      .catch(() => undefined);
  }
}
