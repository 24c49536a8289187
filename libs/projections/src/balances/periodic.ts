import {
  addPeriods,
  chargePerUnit,
  periodStartsBefore,
  toEpoch,
  type BalanceEnrollment,
  type PeriodUnit,
} from '@okul/domain';

type PeriodicTerms = Pick<BalanceEnrollment, 'startDate' | 'endDate' | 'periodUnit' | 'periodLength'>;

/**
 * How many periods of a periodic enrolment are charged at `now`: exactly `periodicChargeTimes(e, now).length`
 * of the pure calculator, without listing them (shared/time.ts periodStartsBefore: exact for every span).
 */
export function periodicChargeCount(e: PeriodicTerms, now: string): number {
  const start = toEpoch(e.startDate);
  const end = e.endDate === null ? Number.POSITIVE_INFINITY : toEpoch(e.endDate);
  const until = Math.min(toEpoch(now) + 1, end); // exclusive bound, as in periodicChargeTimes
  const unit: PeriodUnit = e.periodUnit ?? 'month';
  const length =
    Number.isInteger(e.periodLength) && (e.periodLength as number) >= 1 ? (e.periodLength as number) : 1;
  return periodStartsBefore(start, unit, length, until);
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
  const unit: PeriodUnit = e.periodUnit ?? 'month';
  const length =
    Number.isInteger(e.periodLength) && (e.periodLength as number) >= 1 ? (e.periodLength as number) : 1;
  const at = addPeriods(toEpoch(e.startDate), unit, count * length);
  return e.endDate !== null && at >= toEpoch(e.endDate) ? null : at;
}
