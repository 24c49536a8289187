import { sumKurus, type Kurus } from '../shared/money';
import { addPeriods, toEpoch, toIso } from '../shared/time';
import type { WagePeriod } from './schemas';

/**
 * Wages owed (product.md 3 Wage period, docs/DECISIONS.md people): what an employee has earned by a moment.
 * - periodic: the amount once per period from startDate, counted on the Istanbul calendar like enrolment
 *   periods. With payAtBeginning the period is earned when it begins (before endDate); otherwise when it ends,
 *   and only a period that ends by endDate is earned (a period cut short by the end date earns nothing).
 * - per_class: the amount for each lesson (attendance) the instructor taught in [startDate, endDate).
 * Everything is integer kuruş.
 */
export interface WageEarning {
  at: string;
  amount: Kurus;
  type: WagePeriod['type'];
}

/** Period guard, as the balance calculator's: a daily wage over 27 years. */
export const MAX_WAGE_PERIODS = 10_000;

const lengthOf = (w: WagePeriod) => (w.periodLength && w.periodLength >= 1 ? w.periodLength : 1);
const unitOf = (w: WagePeriod) => w.periodUnit ?? 'month';
const endOf = (w: WagePeriod) => (w.endDate === null ? Number.POSITIVE_INFINITY : toEpoch(w.endDate));

/** The moment the k-th period of a periodic wage is earned. */
function earnedAt(w: WagePeriod, k: number): number {
  const index = w.payAtBeginning ? k : k + 1;
  return addPeriods(toEpoch(w.startDate), unitOf(w), index * lengthOf(w));
}

/** Whether the k-th period is earned at all (ignoring now): it begins, or ends, within the wage period. */
function withinTerms(w: WagePeriod, k: number): boolean {
  const at = earnedAt(w, k);
  return w.payAtBeginning ? at < endOf(w) : at <= endOf(w);
}

/**
 * Every earning of an employee up to `now` (inclusive), in time order: the reference list the employee's page
 * shows and the read model's totals are checked against.
 */
export function wageEarnings(
  wages: readonly WagePeriod[],
  lessonTimes: readonly string[],
  now: string,
): WageEarning[] {
  const nowMs = toEpoch(now);
  const out: Array<WageEarning & { ms: number }> = [];
  for (const w of wages) {
    if (w.type === 'periodic') {
      for (let k = 0; k < MAX_WAGE_PERIODS; k++) {
        const at = earnedAt(w, k);
        if (at > nowMs || !withinTerms(w, k)) break;
        out.push({ at: toIso(at), ms: at, amount: w.amount, type: 'periodic' });
      }
    } else {
      const start = toEpoch(w.startDate);
      const end = endOf(w);
      for (const t of lessonTimes) {
        const ms = toEpoch(t);
        if (ms >= start && ms < end && ms <= nowMs)
          out.push({ at: toIso(ms), ms, amount: w.amount, type: 'per_class' });
      }
    }
  }
  return out.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...e }) => e);
}

/**
 * How many periods of a periodic wage are earned at `now`, without listing them: earning moments grow
 * strictly with the period index, so the count is found by bisection.
 */
export function earnedPeriodCount(w: WagePeriod, now: string): number {
  const nowMs = toEpoch(now);
  let lo = 0;
  let hi = MAX_WAGE_PERIODS;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (earnedAt(w, mid) > nowMs || !withinTerms(w, mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The total earned at `now` from counts: periods by bisection, lessons as counted by the read model for each
 * per_class wage (`lessonCount(wage)`: lessons in [startDate, min(endDate, now])). Equal to the sum of
 * `wageEarnings` (wages.unit.spec.ts proves it on generated histories).
 */
export function wageEarnedTotal(
  wages: readonly WagePeriod[],
  lessonCount: (w: WagePeriod) => number,
  now: string,
): Kurus {
  return sumKurus(
    wages.map((w) => w.amount * (w.type === 'periodic' ? earnedPeriodCount(w, now) : lessonCount(w))),
  );
}

/** Lessons of a per_class wage at `now` in a sorted list of lesson times (epoch ms), by bisection. */
export function lessonsInWage(w: WagePeriod, sortedLessonMs: readonly number[], now: string): number {
  const start = toEpoch(w.startDate);
  const until = Math.min(endOf(w), toEpoch(now) + 1); // exclusive
  const firstAtOrAfter = (x: number) => {
    let lo = 0;
    let hi = sortedLessonMs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedLessonMs[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return until <= start ? 0 : firstAtOrAfter(until) - firstAtOrAfter(start);
}

/** The wage period active at `now` (product.md 4: now between start and end, end optional). */
export function isWagePeriodActive(w: Pick<WagePeriod, 'startDate' | 'endDate'>, now: string): boolean {
  const t = toEpoch(now);
  return toEpoch(w.startDate) <= t && (w.endDate === null || t < toEpoch(w.endDate));
}
