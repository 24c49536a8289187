import { addPeriods, chargePerUnit, toEpoch, type BalanceEnrollment, type PeriodUnit } from '@okul/domain';

/** The calculator's guard on the periods of one enrolment (balances/calculator.ts MAX_PERIODS). */
export const MAX_PERIODS = 10_000;

type PeriodicTerms = Pick<BalanceEnrollment, 'startDate' | 'endDate' | 'periodUnit' | 'periodLength'>;

/**
 * How many periods of a periodic enrolment are charged at `now`: exactly `periodicChargeTimes(e, now).length`
 * of the pure calculator, without listing them. Period starts grow strictly with their index (addPeriods
 * counts from the first start), so the count is the first index whose start is not before the bound, found by
 * bisection in about 14 steps instead of one step per period (a weekly enrolment of 10 years has 520).
 */
export function periodicChargeCount(e: PeriodicTerms, now: string): number {
  const start = toEpoch(e.startDate);
  const end = e.endDate === null ? Number.POSITIVE_INFINITY : toEpoch(e.endDate);
  const until = Math.min(toEpoch(now) + 1, end); // exclusive bound, as in periodicChargeTimes
  const unit: PeriodUnit = e.periodUnit ?? 'month';
  const length =
    Number.isInteger(e.periodLength) && (e.periodLength as number) >= 1 ? (e.periodLength as number) : 1;
  let lo = 0;
  let hi = MAX_PERIODS;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (addPeriods(start, unit, mid * length) >= until) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The sum of a periodic enrolment's charges at `now` (kuruş). */
export function periodicCharged(
  e: PeriodicTerms & Pick<BalanceEnrollment, 'price' | 'discount'>,
  now: string,
): number {
  return periodicChargeCount(e, now) * chargePerUnit(e);
}

/** When the next period of an enrolment is charged (epoch ms), or null when none is left before its end. */
export function nextPeriodicChargeAt(e: PeriodicTerms, now: string): number | null {
  const count = periodicChargeCount(e, now);
  if (count >= MAX_PERIODS) return null;
  const unit: PeriodUnit = e.periodUnit ?? 'month';
  const length =
    Number.isInteger(e.periodLength) && (e.periodLength as number) >= 1 ? (e.periodLength as number) : 1;
  const at = addPeriods(toEpoch(e.startDate), unit, count * length);
  return e.endDate !== null && at >= toEpoch(e.endDate) ? null : at;
}
