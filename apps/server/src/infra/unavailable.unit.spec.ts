import { MESSAGES } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { describeError } from './http/error.filter';
import { isUnavailable } from './unavailable';

const withCode = (code: string, msg = 'x') => Object.assign(new Error(msg), { code });

describe('isUnavailable: PostgreSQL or Redis cannot be reached right now', () => {
  it('recognises a restart, a lost connection and a full pool', () => {
    for (const e of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('Reached the max retries per request limit'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('outer', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED')], 'all attempts failed'),
    ])
      expect(isUnavailable(e), String(e)).toBe(true);
  });

  it('leaves every other error alone: those stay 500 or their own status', () => {
    for (const e of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P05', 'unsupported Unicode escape sequence'),
      withCode('42P01', 'relation "x" does not exist'),
      new TypeError('Cannot read properties of undefined'),
      null,
      'text',
    ])
      expect(isUnavailable(e), String(e)).toBe(false);
  });

  it('answers 503 with the Turkish catalogue message', () => {
    expect(describeError(withCode('ECONNREFUSED'))).toEqual({
      status: 503,
      body: { error: MESSAGES['common.unavailable'].text, code: 'common.unavailable' },
    });
    expect(MESSAGES['common.unavailable'].text).toMatch(/tekrar deneyin/);
    expect(describeError(new TypeError('boom')).status).toBe(500);
  });
});
