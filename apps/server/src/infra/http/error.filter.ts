import { ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { DomainError, MESSAGES, message, type MessageKey } from '@okul/domain';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { isUnavailable } from '../unavailable';
import { log } from '../observability/logger';

/**
 * The one error contract: every refusal answers `{ error, code, details? }`. `error` is the Turkish text the
 * spec gives (api.md 8), `code` is the stable catalogue key a client may branch on, `details` carries what a
 * client must act on (e.g. the ids of the students without an enrolment), so nobody parses Turkish text.
 */
export interface ErrorBody {
  error: string;
  code: MessageKey;
  details?: Record<string, unknown>;
}

// Statuses Nest itself answers with (unknown route, a guard answering false, a malformed route parameter).
const HTTP_STATUS_CODES: Record<number, MessageKey> = {
  400: 'common.badRequest',
  401: 'auth.unauthorized',
  403: 'auth.forbidden',
  404: 'common.routeNotFound',
};

// A schema's message is a catalogue text; its key is the code. Only 400 keys: a malformed id stays a 400
// even when its text is a "not found" one. Texts shared by several keys keep the first.
const KEY_OF_TEXT = new Map<string, MessageKey>();
for (const key of Object.keys(MESSAGES) as MessageKey[]) {
  const { status, text } = MESSAGES[key];
  if (status === 400 && !KEY_OF_TEXT.has(text)) KEY_OF_TEXT.set(text, key);
}

/**
 * A request that fails its zod schema, as the refusal answered: the first issue's message (the client's form
 * says the same), its catalogue key as the code and the field it concerns. Unknown fields are refused by the
 * strict schemas; a body that is not an object at all is a plain bad request.
 */
export function validationRefusal(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    return new DomainError(
      'common.unknownField',
      message('common.unknownField', { field: issue.keys.join(', ') }),
      {
        fields: issue.keys,
      },
    );
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) return new DomainError('common.badRequest');
  // A rule over several fields (e.g. the student form's item list) names its code and details itself.
  if (issue.code === 'custom' && isMessageKey(issue.params?.code)) {
    const { code, ...details } = issue.params as { code: MessageKey };
    return new DomainError(code, issue.message, Object.keys(details).length ? details : undefined);
  }
  const field = issue.path.map(String).join('.');
  return new DomainError(
    KEY_OF_TEXT.get(issue.message) ?? 'common.badRequest',
    issue.message,
    field ? { field } : undefined,
  );
}

function isMessageKey(k: unknown): k is MessageKey {
  return typeof k === 'string' && Object.hasOwn(MESSAGES, k);
}

/** The status and body answered for any exception. */
export function describeError(e: unknown): { status: number; body: ErrorBody } {
  if (e instanceof DomainError) {
    const body: ErrorBody = { error: e.message, code: e.code };
    if (e.details !== undefined) body.details = e.details;
    return { status: e.status, body };
  }
  // body-parser errors (bad JSON, oversized body, unknown encoding) arrive with a type and a 4xx status
  const bp = e as { type?: string; status?: number };
  if (bp?.type === 'entity.parse.failed') return answer(400, 'common.badJson');
  if (bp?.type === 'entity.too.large') return answer(413, 'common.payloadTooLarge');
  // An unknown Content-Encoding or charset, or a body that does not inflate: bad input, never a 5xx.
  if (bp?.type === 'encoding.unsupported' || bp?.type === 'charset.unsupported')
    return answer(400, 'common.badEncoding');
  if (typeof bp?.status === 'number' && bp.status >= 400 && bp.status < 500 && !(e instanceof HttpException))
    return answer(400, 'common.badRequest');
  if (e instanceof HttpException) {
    const status = e.getStatus();
    return answer(status, HTTP_STATUS_CODES[status] ?? 'common.internal');
  }
  // PostgreSQL or Redis is restarting or unreachable: not our fault nor the caller's; try again shortly.
  if (isUnavailable(e)) return answer(503, 'common.unavailable');
  return answer(500, 'common.internal');
}

function answer(status: number, code: MessageKey): { status: number; body: ErrorBody } {
  return { status, body: { error: MESSAGES[code].text, code } };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const { status, body } = describeError(exception);
    if (body.code === 'common.unavailable') {
      // One line per refused request: the cause is the outage, which the health check and the pool report.
      log('http').warn({ err: exception }, '503 unavailable');
    } else if (status >= 500) {
      if (exception instanceof DomainError) {
        // A DomainError is an expected refusal even at 502/503 (card provider not configured, bank
        // unreachable): any cause is logged where it is known, so one line without a stack is enough.
        const req = http.getRequest<Request | undefined>();
        log('http').warn(
          {
            status,
            method: req?.method,
            // The path without its query: links carry one-time tokens that do not belong in logs.
            url: req ? (req.originalUrl ?? req.url ?? '').split('?')[0] : undefined,
            code: exception.code,
          },
          exception.message.replace(/\s+/g, ' '),
        );
      } else {
        log('http').error({ err: exception }, 'unexpected error');
      }
    }
    if (res.headersSent) return;
    if (body.code === 'common.unavailable') res.setHeader('Retry-After', '5');
    res.status(status).json(body);
  }
}
