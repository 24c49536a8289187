import { describe, it } from 'vitest';
import { given } from '../shared/given';
import { ORG, STUDENT, USER } from '../students/fixtures';
import { calendarFeedDecider, type CalendarFeedCommand, type CalendarFeedEvent } from './decider';

const NOW = '2026-02-01T10:00:00.000Z';
const T1 = 'a'.repeat(43);
const T2 = 'b'.repeat(43);
const base = { organizationId: ORG, kind: 'student' as const, ownerId: STUDENT, userId: USER, now: NOW };
const rotate = (token: string, ownerExists = true): CalendarFeedCommand => ({
  type: 'RotateCalendarFeed',
  ...base,
  token,
  ownerExists,
});
const rotated = (token: string): CalendarFeedEvent => ({
  type: 'CalendarFeedRotated',
  data: { organizationId: ORG, kind: 'student', ownerId: STUDENT, token, rotatedBy: USER, rotatedAt: NOW },
});

describe('calendar feed decider', () => {
  it('gives a live owner a token, and a new one replaces it', () => {
    given(calendarFeedDecider, [])
      .when(rotate(T1))
      .then([rotated(T1)]);
    given(calendarFeedDecider, [rotated(T1)])
      .when(rotate(T2))
      .then([rotated(T2)]);
  });

  it('refuses an owner that is not a live record here, and a guessable token', () => {
    given(calendarFeedDecider, []).when(rotate(T1, false)).thenThrows('calendarFeed.ownerNotFound');
    given(calendarFeedDecider, []).when(rotate('short')).thenThrows('calendarFeed.invalid');
  });

  it('revokes a feed that has a token; nothing to revoke otherwise', () => {
    const revoke: CalendarFeedCommand = { type: 'RevokeCalendarFeed', ...base };
    const revoked: CalendarFeedEvent = {
      type: 'CalendarFeedRevoked',
      data: { organizationId: ORG, kind: 'student', ownerId: STUDENT, revokedBy: USER, revokedAt: NOW },
    };
    given(calendarFeedDecider, [rotated(T1)])
      .when(revoke)
      .then([revoked]);
    given(calendarFeedDecider, [rotated(T1), revoked])
      .when(revoke)
      .thenThrows('calendarFeed.notFound');
    given(calendarFeedDecider, []).when(revoke).thenThrows('calendarFeed.notFound');
  });
});
