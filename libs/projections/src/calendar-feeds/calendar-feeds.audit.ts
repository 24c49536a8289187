import type { AuditMappers } from '../audit/audit-actions';

/** Log actions of calendar feeds (ours); the secret token is never logged. */
export const calendarFeedAuditMappers: AuditMappers = {
  CalendarFeedRotated: (e) => ({
    action: 'rotate_calendar_feed',
    details: { kind: e.data.kind, ownerId: e.data.ownerId },
  }),
  CalendarFeedRevoked: (e) => ({
    action: 'revoke_calendar_feed',
    details: { kind: e.data.kind, ownerId: e.data.ownerId },
  }),
};
