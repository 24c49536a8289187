import { toLocal } from '@okul/domain';
import type { OccurrenceView } from '@okul/projections';
import ical, { ICalCalendarMethod } from 'ical-generator';

export const ISTANBUL = 'Europe/Istanbul';

/**
 * RFC 5545 asks for a VTIMEZONE for every TZID used. Turkey has kept UTC+03:00 all year since 7 September
 * 2016, and a feed lists lessons from 30 days back on, so one fixed rule describes every time it holds.
 */
export function istanbulVtimezone(tz: string): string | null {
  if (tz !== ISTANBUL) return null;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${ISTANBUL}`,
    'BEGIN:STANDARD',
    'DTSTART:20160907T000000',
    'TZOFFSETFROM:+0300',
    'TZOFFSETTO:+0300',
    'TZNAME:+03',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The Istanbul wall-clock time of an instant, as ical-generator takes it with a TZID (a native Date would be
 * written as its UTC clock under the TZID, three hours off).
 */
export function istanbulWallClock(iso: string): string {
  const l = toLocal(Date.parse(iso));
  return `${l.year}-${two(l.month)}-${two(l.day)}T${two(l.hour)}:${two(l.minute)}:${two(l.second)}`;
}

export interface FeedLabels {
  organizationName: string;
  address: string | null;
  courses: Map<string, string>;
  classes: Map<string, string>;
}

/**
 * The feed's text: one VEVENT per lesson, its UID the occurrence's stable id (a moved lesson updates in the
 * subscriber's calendar instead of appearing twice), summary "Course · title", groups in the description and
 * the institution's address as the place.
 */
export function icalFeed(
  name: string,
  lessons: readonly OccurrenceView[],
  labels: FeedLabels,
  now: Date,
): string {
  const cal = ical({
    name,
    prodId: { company: 'okul', product: 'takvim', language: 'TR' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: ISTANBUL, generator: istanbulVtimezone },
    // calendar apps poll a subscription; an hour keeps a moved lesson from lingering for long
    ttl: 3600,
  });
  for (const o of lessons) {
    const course = labels.courses.get(o.courseId) ?? 'Ders';
    const groups = o.classes.map((c) => labels.classes.get(c)).filter((t): t is string => !!t);
    cal.createEvent({
      id: `${o.id}@okul`,
      start: istanbulWallClock(o.start),
      end: istanbulWallClock(o.end),
      timezone: ISTANBUL,
      stamp: now,
      summary: o.title ? `${course} · ${o.title}` : course,
      description: groups.length > 0 ? `Grup: ${groups.join(', ')}` : null,
      location: labels.address ? `${labels.organizationName}, ${labels.address}` : labels.organizationName,
    });
  }
  return cal.toString();
}
