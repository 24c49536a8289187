import { describe, expect, it } from 'vitest';
import { feedOf, feedUrl, targetOf, type CalendarFeed } from './feeds';

const feed = (o: Partial<CalendarFeed>): CalendarFeed => ({
  kind: 'organization',
  ownerId: null,
  token: 't',
  path: '/api/v1/calendar/t.ics',
  rotatedAt: '2026-01-01T00:00:00.000Z',
  ...o,
});

describe('calendar feed choices', () => {
  it('reads the owner out of the choice and finds its live feed', () => {
    expect(targetOf('organization')).toEqual({ kind: 'organization', ownerId: null });
    expect(targetOf('class:g1')).toEqual({ kind: 'class', ownerId: 'g1' });
    const feeds = [feed({}), feed({ kind: 'class', ownerId: 'g1', path: '/api/v1/calendar/x.ics' })];
    expect(feedOf(feeds, 'class:g1')?.path).toBe('/api/v1/calendar/x.ics');
    expect(feedOf(feeds, 'student:s1')).toBeNull();
    expect(feedUrl('https://okul.example', feeds[0]!)).toBe('https://okul.example/api/v1/calendar/t.ics');
  });
});
