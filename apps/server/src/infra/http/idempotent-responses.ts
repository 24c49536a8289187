import { createHash } from 'node:crypto';
import {
  type CallHandler,
  type DynamicModule,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  type OnModuleDestroy,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import { DomainError } from '@okul/domain';
import type { Db } from '@okul/projections';
import type { Response } from 'express';
import { catchError, from, mergeMap, of, type Observable } from 'rxjs';
import { DB } from '../tokens';
import type { AppRequest } from './request-context';
/** How long an answer is kept for a repeated request: long enough for any client retry. */
const KEEP_HOURS = 24;
/**
 * A request still marked running after this long was cut off (the process died before answering): a copy
 * waiting for it takes it over. Requests answer within seconds (the executor waits at most 5 s for the read
 * models), so this is far beyond a live one.
 */
const ABANDONED_MS = 30_000;
/** How often a copy waiting for the first one looks again. */
const POLL_MS = 50;

type Row = { fingerprint: string | null; status: number | null; body: unknown; claimed_ms: string | null };

/** The kept answers of repeated writes (the table `idempotent_responses`): one per server. */
@Injectable()
export class IdempotentResponses implements OnModuleDestroy {
  private ready: Promise<void> | null = null;
  private readonly sweeper: NodeJS.Timeout;

  constructor(@Inject(DB) private readonly db: Db) {
    // A sweep while the database is away fails; the next hour's sweep does the work.
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), 60 * 60 * 1000);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
  }

  /**
   * Claims the key for this request (null: run the handler), or answers the stored answer of the first
   * request with this key, waiting while it runs.
   */
  async claim(key: string, fingerprint: string): Promise<{ status: number; body: unknown } | null> {
    await this.schema();
    for (;;) {
      const claimed = await this.db.query(
        `INSERT INTO idempotent_responses (key, fingerprint, claimed_at) VALUES ($1, $2, now())
         ON CONFLICT (key) DO NOTHING`,
        [key, fingerprint],
      );
      if (claimed.rowCount === 1) return null;
      const r = await this.db.query<Row & { expired: boolean }>(
        `SELECT fingerprint, status, body,
                (extract(epoch FROM now() - claimed_at) * 1000)::bigint::text AS claimed_ms,
                created_at < now() - make_interval(hours => $2) AS expired
           FROM idempotent_responses WHERE key = $1`,
        [key, KEEP_HOURS],
      );
      const row = r.rows[0];
      if (!row) continue; // released or swept meanwhile: claim again
      if (row.expired) {
        await this.db.query(
          `DELETE FROM idempotent_responses WHERE key = $1 AND created_at < now() - make_interval(hours => $2)`,
          [key, KEEP_HOURS],
        );
        continue;
      }
      // Rows kept before fingerprints were recorded have none: they are answered as before.
      if (row.fingerprint !== null && row.fingerprint !== fingerprint) {
        throw new DomainError('common.idempotencyKeyReused');
      }
      if (row.status !== null) return { status: row.status, body: row.body };
      if (Number(row.claimed_ms ?? 0) > ABANDONED_MS) {
        const taken = await this.db.query(
          `UPDATE idempotent_responses SET claimed_at = now()
            WHERE key = $1 AND status IS NULL AND claimed_at < now() - make_interval(secs => $2)`,
          [key, ABANDONED_MS / 1000],
        );
        if (taken.rowCount === 1) return null;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private schema(): Promise<void> {
    this.ready ??= ensureIdempotentResponsesTable(this.db).catch((e: unknown) => {
      this.ready = null;
      throw e;
    });
    return this.ready;
  }

  async answer(key: string, status: number, body: unknown): Promise<void> {
    await this.db.query(`UPDATE idempotent_responses SET status = $2, body = $3::jsonb WHERE key = $1`, [
      key,
      status,
      JSON.stringify(body),
    ]);
  }

  async release(key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotent_responses WHERE key = $1 AND status IS NULL`, [key]);
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

/**
 * A signed-in user's POST repeated with the same Idempotency-Key gets the first answer again instead of being
 * decided anew (deciding again would refuse what the first try did: "TCKN zaten kayıtlı", an invitation
 * already answered). The key is claimed before the handler runs, with a fingerprint of the route and the body:
 * - a copy arriving while the first runs waits for it and answers the same;
 * - the same key on another route or with another body is refused (422), never answered with nothing changed;
 * - a retry after a crash (the events were stored, the answer never was) takes the abandoned claim over and
 *   runs the handler again, where the executor finds the events the key produced and decides as the first try
 *   did (CommandExecutor.load), so it answers what the first attempt would have.
 * Calls without a signed-in user (login, refresh, token links) are never replayed, so no answer carrying a
 * token is kept. A refusal is not kept either: the same key may succeed once the request is put right.
 *
 * Only POST routes carry it (`interceptWrites`): Nest runs a route without interceptors as a plain call, while
 * one global interceptor would put every read through an rxjs pipeline to do nothing.
 */
@Injectable()
export class IdempotentWrites implements NestInterceptor {
  constructor(@Inject(IdempotentResponses) private readonly kept: IdempotentResponses) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AppRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.header('idempotency-key');
    const userId = req.principal?.userId;
    if (req.method !== 'POST' || !key || key.length > 200 || !userId) return next.handle();
    const scoped = `${userId}:${key}`;
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    return from(this.kept.claim(scoped, fingerprint)).pipe(
      mergeMap((stored) => {
        if (stored) {
          res.status(stored.status);
          return of(stored.body);
        }
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            // only answers that went out whole as JSON are kept; otherwise the claim is given back
            if (res.statusCode < 300 && body !== undefined)
              await this.kept.answer(scoped, res.statusCode, body);
            else await this.kept.release(scoped);
            return body;
          }),
          catchError(async (e: unknown) => {
            await this.kept.release(scoped).catch(() => undefined);
            throw e;
          }),
        );
      }),
    );
  }
}

/**
 * Puts `IdempotentWrites` on every POST route of the controllers of `module` and of the modules it imports
 * (once: a route already carrying it is left alone). Called before Nest scans the modules, so Nest provides
 * the interceptor in each controller's module like any `@UseInterceptors`.
 */
export function interceptWrites(module: Type | DynamicModule, seen = new Set<unknown>()): void {
  const cls = 'module' in module ? module.module : module;
  if (seen.has(module)) return;
  seen.add(module);
  const controllers = [
    ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, cls) as Type[] | undefined) ?? []),
    ...('module' in module ? (module.controllers ?? []) : []),
  ];
  for (const controller of controllers) {
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as
        object | undefined;
      if (typeof handler !== 'function') continue;
      if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.POST) continue;
      const interceptors =
        (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (interceptors.includes(IdempotentWrites)) continue;
      Reflect.defineMetadata(INTERCEPTORS_METADATA, [IdempotentWrites, ...interceptors], handler);
    }
  }
  const imports = [
    ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, cls) as unknown[] | undefined) ?? []),
    ...('module' in module ? (module.imports ?? []) : []),
  ];
  for (const imported of imports) {
    if (typeof imported === 'function' || (typeof imported === 'object' && imported && 'module' in imported))
      interceptWrites(imported as Type | DynamicModule, seen);
  }
}

/**
 * The table of saved answers, created (or brought up to date) by the owner at start-up; the API's own role
 * may not create tables, so it only finds it there.
 */
export async function ensureIdempotentResponsesTable(db: Db): Promise<void> {
  const has = await db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
        AND table_name = 'idempotent_responses' AND column_name = 'claimed_at'`,
  );
  if (has.rowCount > 0) return;
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('okul:idempotent_responses'))`);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS idempotent_responses (
        key text PRIMARY KEY, status int, body jsonb,
        created_at timestamptz NOT NULL DEFAULT now());
      ALTER TABLE idempotent_responses ADD COLUMN IF NOT EXISTS fingerprint text;
      ALTER TABLE idempotent_responses ADD COLUMN IF NOT EXISTS claimed_at timestamptz;
      ALTER TABLE idempotent_responses ALTER COLUMN status DROP NOT NULL;
      ALTER TABLE idempotent_responses ALTER COLUMN body DROP NOT NULL;`);
  });
}
