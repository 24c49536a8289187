import { istanbulDay } from '@okul/domain';

/** "Bugünkü ve yaklaşan derslerim": today and the next days of a linked instructor's lessons (ours). */
export const MY_LESSONS_DAYS = 7;
/** The lessons the card lists; the rest are counted under it (the calendar shows them all). */
export const MY_LESSONS_SHOWN = 8;

/**
 * The lessons of "Bugünkü ve yaklaşan derslerim" at `nowMs`: [start of today, end of the MY_LESSONS_DAYS-th
 * day after) in the Istanbul calendar, and the end of today (attendance is taken from the card up to then).
 */
export function myLessonsWindow(nowMs: number, days = MY_LESSONS_DAYS) {
  const today = istanbulDay(nowMs);
  return { from: today.from, to: istanbulDay(nowMs + days * 86_400_000).to, todayEnd: today.to };
}
