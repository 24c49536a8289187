import { isLeapYear } from '../shared/time';

/** A day on the local calendar (month 1-12), e.g. today in the institution's time zone. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface BirthDateParts {
  dobD: number | null;
  dobM: number | null;
  dobY: number | null;
}

/** product.md 5: parent info is asked for students under this age. */
export const ADULT_AGE = 18;

/**
 * product.md 2 Yaş: whole years since the birth date on `today`, the birthday itself counting; null when the
 * birth date is incomplete or in the future.
 */
export function studentAge(dob: BirthDateParts, today: CalendarDay): number | null {
  const { dobD: d, dobM: m, dobY: y } = dob;
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y)) return null;
  const [day, month, year] = [d as number, m as number, y as number];
  const hadBirthday = today.month > month || (today.month === month && today.day >= day);
  const age = today.year - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/**
 * product.md 2 birthday banner (Ana Sayfa's rule, docs/DECISIONS.md): on the day, and someone born on
 * 29 February is celebrated on 28 February in a common year.
 */
export function isBirthday(dob: Pick<BirthDateParts, 'dobD' | 'dobM'>, today: CalendarDay): boolean {
  if (!dob.dobD || !dob.dobM) return false;
  if (dob.dobM === 2 && dob.dobD === 29 && !isLeapYear(today.year))
    return today.month === 2 && today.day === 28;
  return dob.dobM === today.month && dob.dobD === today.day;
}
