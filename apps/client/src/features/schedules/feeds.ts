import type { CalendarFeedKind } from '@okul/domain';

/** getCalendarFeeds: one live feed. */
export interface CalendarFeed {
  kind: CalendarFeedKind;
  ownerId: string | null;
  token: string;
  path: string;
  rotatedAt: string;
}

/** The chosen owner of a feed, as the select keeps it: "organization", "class:<id>", "instructor:<id>" or "student:<id>". */
export type FeedChoice = string;

export function targetOf(choice: FeedChoice): { kind: CalendarFeedKind; ownerId: string | null } {
  const [kind, ownerId] = choice.split(':') as [CalendarFeedKind, string | undefined];
  return { kind, ownerId: ownerId ?? null };
}

export function feedOf(feeds: readonly CalendarFeed[], choice: FeedChoice): CalendarFeed | null {
  const t = targetOf(choice);
  return feeds.find((f) => f.kind === t.kind && f.ownerId === t.ownerId) ?? null;
}

/** The address a calendar app subscribes to: the feed's path on this site. */
export const feedUrl = (origin: string, feed: Pick<CalendarFeed, 'path'>) => `${origin}${feed.path}`;
