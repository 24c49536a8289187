import type { ArgumentsHost } from '@nestjs/common';
import { HttpException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError, message } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger, useProcessLogger } from '../observability/logger';
import { ErrorFilter, describeError, validationRefusal } from './error.filter';

/** The JSON lines the server's log received (the filter writes through `log('http')`). */
const lines: Array<Record<string, unknown>> = [];
useProcessLogger(
  createLogger(
    { LOG_LEVEL: 'log', LOG_FORMAT: 'json', NODE_ENV: 'test' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  ),
);

/** Runs the filter on one exception and answers the response it gave and the log lines it wrote. */
function filter(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    headersSent: false,
    status(s: number) {
      sent.status = s;
      return this;
    },
    json(b: unknown) {
      sent.body = b;
      return this;
    },
  };
  const req = { method: 'POST', originalUrl: '/api/v1/payment/posnet/initiate?token=secret', url: '/' };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  const from = lines.length;
  new ErrorFilter().catch(exception, host);
  const written = lines.slice(from);
  return {
    sent,
    errors: written.filter((l) => l.level === 50),
    warnings: written.filter((l) => l.level === 40),
  };
}

describe('ErrorFilter logging', () => {
  it('logs an expected refusal at 502/503 as one warning line, without a stack or the query', () => {
    const out = filter(new DomainError('checkout.notConfigured'));
    expect(out.sent).toEqual({
      status: 503,
      body: {
        error: 'Kartla ödeme şu anda kullanılamıyor: sanal POS (POSNET) ayarları yapılandırılmamış.',
        code: 'checkout.notConfigured',
      },
    });
    expect(out.errors).toEqual([]);
    expect(out.warnings).toEqual([
      expect.objectContaining({
        component: 'http',
        status: 503,
        method: 'POST',
        url: '/api/v1/payment/posnet/initiate',
        code: 'checkout.notConfigured',
        msg: 'Kartla ödeme şu anda kullanılamıyor: sanal POS (POSNET) ayarları yapılandırılmamış.',
      }),
    ]);
    expect(out.warnings[0]).not.toHaveProperty('err');
    expect(JSON.stringify(out.warnings)).not.toContain('secret');
  });

  it("answers Nest's own refusals (an unknown route) with the catalogue's text and code", () => {
    const out = filter(new HttpException('Cannot GET /api/v1/nope', 404));
    expect(out.sent).toEqual({
      status: 404,
      body: { error: 'İstenen adres bulunamadı.', code: 'common.routeNotFound' },
    });
  });

  it('keeps the stack of a real unexpected error and logs nothing for a 4xx refusal', () => {
    const bug = new TypeError('x is undefined');
    const out = filter(bug);
    expect(out.sent).toEqual({
      status: 500,
      body: { error: 'Beklenmeyen bir hata oluştu.', code: 'common.internal' },
    });
    expect(out.errors).toEqual([
      expect.objectContaining({
        component: 'http',
        msg: 'unexpected error',
        err: expect.objectContaining({ type: 'TypeError', message: 'x is undefined', stack: bug.stack }),
      }),
    ]);
    const refusal = filter(new DomainError('attendance.notFound'));
    expect(refusal.sent.status).toBe(404);
    expect([...refusal.errors, ...refusal.warnings]).toEqual([]);
  });
});

describe('the error contract', () => {
  it('answers a DomainError as { error, code, details } and leaves details out when there are none', () => {
    const ids = ['a2c1e8a4-0000-4000-8000-000000000001'];
    expect(describeError(new DomainError('attendance.noEnrollment', 'Ali', { studentIds: ids }))).toEqual({
      status: 400,
      body: { error: 'Ali', code: 'attendance.noEnrollment', details: { studentIds: ids } },
    });
    expect(describeError(new DomainError('course.notFound')).body).toEqual({
      error: 'Kurs bulunamadı.',
      code: 'course.notFound',
    });
  });

  it('words a validation failure with the schema message, its catalogue key and the field', () => {
    const schema = z.strictObject({ courseId: z.uuid({ error: message('course.notFound') }), n: z.number() });
    const refusal = (body: unknown) => describeError(validationRefusal(schema.safeParse(body).error!));
    const enrollment = z.strictObject({ price: z.number({ error: message('enrollment.priceInvalid') }) });
    expect(describeError(validationRefusal(enrollment.safeParse({ price: 'x' }).error!))).toEqual({
      status: 400,
      body: {
        error: message('enrollment.priceInvalid'),
        code: 'enrollment.priceInvalid',
        details: { field: 'price' },
      },
    });
    // A malformed id stays a 400 even though its text is the "not found" one.
    expect(refusal({ courseId: 'x', n: 1 })).toEqual({
      status: 400,
      body: { error: 'Kurs bulunamadı.', code: 'common.badRequest', details: { field: 'courseId' } },
    });
    expect(refusal({ courseId: randomUUID(), n: 1, extra: 1 }).body).toEqual({
      error: 'Tanınmayan alan: extra',
      code: 'common.unknownField',
      details: { fields: ['extra'] },
    });
    expect(refusal('text').body).toEqual({ error: 'Geçersiz istek.', code: 'common.badRequest' });
    // A message the catalogue does not hold (zod's own Turkish wording) is a plain bad request.
    expect(refusal({ courseId: randomUUID(), n: 'x' }).body).toMatchObject({
      code: 'common.badRequest',
      details: { field: 'n' },
    });
  });

  it('takes the code and details a rule over several fields puts in its issue', () => {
    const schema = z.object({ a: z.string() }).transform((v, ctx) => {
      ctx.addIssue({
        code: 'custom',
        message: 'Eksik: A',
        params: { code: 'student.createInvalid', items: ['A'] },
      });
      return z.NEVER;
    });
    expect(describeError(validationRefusal(schema.safeParse({ a: 'x' }).error!))).toEqual({
      status: 400,
      body: { error: 'Eksik: A', code: 'student.createInvalid', details: { items: ['A'] } },
    });
  });

  it('answers body-parser refusals with their own codes', () => {
    expect(describeError({ type: 'entity.parse.failed' })).toEqual({
      status: 400,
      body: { error: 'İstek gövdesi geçerli bir JSON değil.', code: 'common.badJson' },
    });
    expect(describeError({ type: 'entity.too.large' }).body.code).toBe('common.payloadTooLarge');
  });
});
