import { addPeriods, fromLocal, toLocal } from '../shared/time';
import type { ScheduleTime } from './schemas';

export type SchedulePeriodUnit = 'day' | 'week' | 'month';

/** What the expansion needs of a schedule (product.md 3 Schedule). */
export interface ScheduleTiming {
  scheduleType: 'periodic' | 'one_off';
  scheduleTimes: readonly ScheduleTime[];
  periodLength: number | null;
  periodUnit: SchedulePeriodUnit | null;
  repeatCount: number | null;
}

/** One lesson of a schedule: slot `slot` in repetition `index` (0-based). */
export interface Occurrence {
  slot: number;
  index: number;
  start: string;
  end: string;
}

/** A stable id for an occurrence (calendar UIDs, links): moving the slot keeps it. */
export const occurrenceId = (scheduleId: string, o: Pick<Occurrence, 'slot' | 'index'>) =>
  `${scheduleId}.${o.slot}.${o.index}`;

/** How many repetitions a schedule has: repeatCount for a periodic one, one for a one-off. */
export function repetitions(s: ScheduleTiming): number {
  return s.scheduleType === 'periodic' && s.periodLength && s.periodUnit && s.repeatCount ? s.repeatCount : 1;
}

/**
 * Every lesson of a schedule, in time order. A periodic schedule repeats each slot repeatCount times, every
 * periodLength periodUnit, counted on the Istanbul calendar from the slot's first start (addPeriods): a
 * weekly 18:00 lesson stays at 18:00 local across summer-time changes, and a monthly one on the 31st falls on
 * the last day of short months.
 */
export function expandSchedule(s: ScheduleTiming, window?: { from: number; to: number }): Occurrence[] {
  const n = repetitions(s);
  const out: Occurrence[] = [];
  s.scheduleTimes.forEach((slot, slotIndex) => {
    const start0 = Date.parse(slot.startTime);
    const end0 = Date.parse(slot.endTime);
    for (let i = window && n > 1 ? firstEndingAfter(end0, s, n, window.from) : 0; i < n; i++) {
      const steps = i * (s.periodLength ?? 0);
      const start = n === 1 ? start0 : addPeriods(start0, s.periodUnit!, steps);
      if (window && start >= window.to) break;
      const end = n === 1 ? end0 : addPeriods(end0, s.periodUnit!, steps);
      if (window && end <= window.from) continue;
      out.push({
        slot: slotIndex,
        index: i,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
      });
    }
  });
  return out.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.slot - b.slot || a.index - b.index,
  );
}

/**
 * The first repetition whose end is after `from`: ends only grow with the repetition (calendar steps, the
 * month's last day at worst repeated), so a bisection skips the past repetitions of a long schedule instead
 * of stepping through them for a week's calendar.
 */
function firstEndingAfter(end0: number, s: ScheduleTiming, n: number, from: number): number {
  let [lo, hi] = [0, n];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (addPeriods(end0, s.periodUnit!, mid * (s.periodLength ?? 0)) > from) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The first start and last end of a schedule: the span a calendar range query compares against. */
export function scheduleSpan(s: ScheduleTiming): { firstStart: string; lastEnd: string } {
  const n = repetitions(s);
  let first = Infinity;
  let last = -Infinity;
  for (const slot of s.scheduleTimes) {
    first = Math.min(first, Date.parse(slot.startTime));
    const end0 = Date.parse(slot.endTime);
    last = Math.max(last, n === 1 ? end0 : addPeriods(end0, s.periodUnit!, (n - 1) * (s.periodLength ?? 0)));
  }
  return { firstStart: new Date(first).toISOString(), lastEnd: new Date(last).toISOString() };
}

/** The Istanbul calendar day holding `nowMs`, as [from, to) instants (Ana Sayfa's "today"). */
export function istanbulDay(nowMs: number): { from: string; to: string } {
  const l = toLocal(nowMs);
  const from = fromLocal({ year: l.year, month: l.month, day: l.day });
  const next = new Date(Date.UTC(l.year, l.month - 1, l.day + 1));
  const to = fromLocal({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
  });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * "Yoklaması alınmamış dersler": lessons of schedules with attendanceMandatory whose time has passed (they
 * have ended) without an attendance, most recent first.
 */
export function lessonsMissingAttendance<
  T extends { end: string; attendanceMandatory: boolean; attendanceId: string | null },
>(lessons: readonly T[], nowMs: number): T[] {
  return lessons
    .filter((o) => o.attendanceMandatory && o.attendanceId === null && Date.parse(o.end) <= nowMs)
    .sort((a, b) => (a.end < b.end ? 1 : a.end > b.end ? -1 : 0));
}
