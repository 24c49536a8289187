/**
 * The figures the student detail shows beside the per-course balances (product.md 2 and 4, api.md 9.3):
 * the totals, the next-4-lessons debt of every course with an active enrolment, and what a debt reminder
 * asks for. Every amount is an integer of kuruş.
 */
import { isEnrollmentActive } from '../enrollments/decider';
import { sumKurus, type Kurus } from '../shared/money';
import { toEpoch } from '../shared/time';
import { nextLessonsDebt, type BalanceEnrollment, type BalanceTotals } from './calculator';

/**
 * api.md 9.3: the next-4-lessons debt (price less the per-charge discount, times 4) of every course with an
 * active enrolment (product.md 4), taken from the newest active one when there are several.
 */
export function nextLessonsDebtByCourse(
  enrollments: ReadonlyArray<
    Pick<BalanceEnrollment, 'courseId' | 'startDate' | 'endDate' | 'price' | 'discount'>
  >,
  now: string,
): Map<string, Kurus> {
  const newest = new Map<string, (typeof enrollments)[number]>();
  for (const e of enrollments) {
    if (!isEnrollmentActive(e, now)) continue;
    const seen = newest.get(e.courseId);
    if (!seen || toEpoch(e.startDate) > toEpoch(seen.startDate)) newest.set(e.courseId, e);
  }
  return new Map([...newest].map(([courseId, e]) => [courseId, nextLessonsDebt(e)]));
}

/** A debt reminder asks for what is owed, or when nothing is owed yet, for the next four lessons. */
export function reminderAmount(totals: BalanceTotals, nextLessons: Iterable<Kurus>): Kurus {
  return totals.totalOwed > 0 ? totals.totalOwed : sumKurus(nextLessons);
}
