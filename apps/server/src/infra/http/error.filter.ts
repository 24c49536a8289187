import { ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { ConcurrencyError, DomainError, MESSAGES, type MessageKey } from '@okul/domain';
import type { Request, Response } from 'express';

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: 'common.badRequest',
  401: 'auth.unauthorized',
  403: 'auth.forbidden',
  404: 'common.routeNotFound',
  409: 'common.conflict',
  413: 'common.payloadTooLarge',
  429: 'auth.tooManyAttempts',
};

/** Every error leaves as `{ "error": "<Turkish message>" }` with a fitting status. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const [status, text] = this.describe(exception);
    if (status >= 500) {
      const refusal = domainErrorOf(exception);
      if (refusal) {
        // A DomainError is an expected refusal even at 502/503 (card provider not configured, bank
        // unreachable): any cause is logged where it is known, so one line without a stack is enough.
        const req = http.getRequest<Request | undefined>();
        // The path without its query: links carry one-time tokens that do not belong in logs.
        const where = req ? ` ${req.method} ${(req.originalUrl ?? req.url ?? '').split('?')[0]}` : '';
        console.warn(`[http] ${status}${where} ${refusal.code}: ${refusal.message.replace(/\s+/g, ' ')}`);
      } else {
        console.error('[http] unexpected error', exception);
      }
    }
    if (!res.headersSent) res.status(status).json({ error: text });
  }

  private describe(e: unknown): [number, string] {
    if (e instanceof DomainError) return [e.status, e.message];
    if (e instanceof ConcurrencyError) return [409, MESSAGES['common.conflict'].text];
    // body-parser errors (bad JSON, oversized body) arrive with a type and status
    const bp = e as { type?: string; status?: number };
    if (bp?.type === 'entity.parse.failed') return [400, MESSAGES['common.badJson'].text];
    if (bp?.type === 'entity.too.large') return [413, MESSAGES['common.payloadTooLarge'].text];
    if (e instanceof HttpException) {
      const status = e.getStatus();
      const cause = (e as { cause?: unknown }).cause;
      if (cause) return this.describe(cause);
      const key = STATUS_MESSAGES[status];
      return [status, key ? MESSAGES[key].text : MESSAGES['common.internal'].text];
    }
    return [500, MESSAGES['common.internal'].text];
  }
}

/** The DomainError answered for an exception: itself, or the cause an HttpException wraps (as describe reads it). */
export function domainErrorOf(e: unknown): DomainError | null {
  if (e instanceof DomainError) return e;
  if (e instanceof HttpException) {
    const cause = (e as { cause?: unknown }).cause;
    return cause ? domainErrorOf(cause) : null;
  }
  return null;
}
