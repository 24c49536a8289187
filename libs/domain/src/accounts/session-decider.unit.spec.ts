import { describe, it } from 'vitest';
import { given } from '../shared/given';
import { sessionDecider, type SessionEvent } from './session-decider';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + days * DAY).toISOString();
const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId: 's1',
    userId: 'u1',
    refreshTokenHash: 'h0',
    ipAddress: null,
    userAgent: null,
    startedAt: at(0),
    expiresAt: at(30),
  },
};
const refreshedAt = (day: number, hash: string, expiresAt: string): SessionEvent => ({
  type: 'SessionRefreshed',
  data: { sessionId: 's1', userId: 'u1', refreshTokenHash: hash, refreshedAt: at(day), expiresAt },
});
const refresh = (day: number, presentedHash: string) => ({
  type: 'RefreshSession' as const,
  sessionId: 's1',
  presentedHash,
  newHash: `${presentedHash}+`,
  now: at(day),
  expiresAt: at(day + 30),
  maxLifetimeMs: 30 * DAY,
});

describe('session lifetime', () => {
  it('a refresh never moves the end past the absolute lifetime from sign-in', () => {
    given(sessionDecider, [started])
      .when(refresh(20, 'h0'))
      .then([refreshedAt(20, 'h0+', at(30))]);
  });

  it('once the absolute lifetime is over, a refresh ends the session', () => {
    given(sessionDecider, [started, refreshedAt(20, 'h1', at(30))])
      .when(refresh(30, 'h1'))
      .then([
        {
          type: 'SessionEnded',
          data: { sessionId: 's1', userId: 'u1', reason: 'expired', endedAt: at(30) },
        },
      ]);
  });

  it('a shorter configured lifetime applies to sessions already open', () => {
    given(sessionDecider, [started])
      .when({ ...refresh(2, 'h0'), maxLifetimeMs: 1 * DAY })
      .then([
        {
          type: 'SessionEnded',
          data: { sessionId: 's1', userId: 'u1', reason: 'expired', endedAt: at(2) },
        },
      ]);
  });

  it('a reused refresh token still revokes the session', () => {
    given(sessionDecider, [started, refreshedAt(1, 'h1', at(30))])
      .when(refresh(2, 'h0'))
      .then([
        {
          type: 'SessionEnded',
          data: { sessionId: 's1', userId: 'u1', reason: 'refresh_token_reuse', endedAt: at(2) },
        },
      ]);
  });
});
