import type { ArgumentsHost } from '@nestjs/common';
import { HttpException } from '@nestjs/common';
import { DomainError } from '@okul/domain';
import { describe, expect, it, vi } from 'vitest';
import { ErrorFilter } from './error.filter';

/** Runs the filter on one exception and answers the response it gave and what it wrote to the console. */
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
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    new ErrorFilter().catch(exception, host);
    return { sent, errors: [...error.mock.calls], warnings: [...warn.mock.calls] };
  } finally {
    error.mockRestore();
    warn.mockRestore();
  }
}

describe('ErrorFilter logging', () => {
  it('logs an expected refusal at 502/503 as one warning line, without a stack or the query', () => {
    const out = filter(new DomainError('checkout.notConfigured'));
    expect(out.sent).toEqual({
      status: 503,
      body: { error: 'Kartla ödeme şu anda kullanılamıyor: sanal POS (POSNET) ayarları yapılandırılmamış.' },
    });
    expect(out.errors).toEqual([]);
    expect(out.warnings).toEqual([
      [
        '[http] 503 POST /api/v1/payment/posnet/initiate checkout.notConfigured: Kartla ödeme şu anda ' +
          'kullanılamıyor: sanal POS (POSNET) ayarları yapılandırılmamış.',
      ],
    ]);
  });

  it('treats a DomainError wrapped as the cause of an HttpException the same way', () => {
    const wrapped = new HttpException('x', 500, { cause: new DomainError('checkout.providerUnavailable') });
    const out = filter(wrapped);
    expect(out.sent.status).toBe(502);
    expect(out.errors).toEqual([]);
    expect(out.warnings).toHaveLength(1);
  });

  it('keeps the stack of a real unexpected error and logs nothing for a 4xx refusal', () => {
    const bug = new TypeError('x is undefined');
    const out = filter(bug);
    expect(out.sent).toEqual({ status: 500, body: { error: expect.any(String) } });
    expect(out.errors).toEqual([['[http] unexpected error', bug]]);
    const refusal = filter(new DomainError('attendance.notFound'));
    expect(refusal.sent.status).toBe(404);
    expect([...refusal.errors, ...refusal.warnings]).toEqual([]);
  });
});
