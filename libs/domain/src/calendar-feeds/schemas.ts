import { z } from 'zod';
import { message } from '../shared/messages';

/**
 * Whose lessons a calendar feed lists: the whole organisation, one student (directly or through a group), one
 * group, one instructor (the schedules naming them as Eğitmen; ownerId is the employee id).
 */
export const CALENDAR_FEED_KINDS = ['organization', 'student', 'class', 'instructor'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

const invalid = message('calendarFeed.invalid');

const feedTarget = z
  .strictObject({
    kind: z.enum(CALENDAR_FEED_KINDS, { error: invalid }),
    ownerId: z
      .uuid({ error: invalid })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((f) => (f.kind === 'organization') === (f.ownerId === null), { error: invalid });

/** POST rotateCalendarFeed {kind, ownerId}: a new secret URL; the previous one stops at once. */
export const rotateCalendarFeedSchema = feedTarget;
/** POST revokeCalendarFeed {kind, ownerId}: the URL stops, and none replaces it. */
export const revokeCalendarFeedSchema = feedTarget;

export type CalendarFeedTarget = z.output<typeof feedTarget>;

/** The feed's address path (public, no token in a header: calendar apps only fetch a URL). */
export const calendarFeedPath = (token: string) => `/api/v1/calendar/${token}.ics`;
