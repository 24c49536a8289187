import type { AuditMapper } from '../audit/audit-actions';

/** Log actions of calendar feeds (ours); the secret token is never logged. */
export const calendarFeedAuditMappers: Record<string, AuditMapper> = {
  CalendarFeedRotated: (e) => ({
    action: 'rotate_calendar_feed',
    details: { kind: e.data.kind, ownerId: e.data.ownerId },
  }),
  CalendarFeedRevoked: (e) => ({
    action: 'revoke_calendar_feed',
    details: { kind: e.data.kind, ownerId: e.data.ownerId },
  }),
};
