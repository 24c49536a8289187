import { isLeapYear, type ConsentStatus } from '@okul/domain';
import { formatDate } from '../../../lib/format';
import type { CalendarDay } from '../list/student-table';

/**
 * The birthday banner shows on the day (Ana Sayfa's rule, docs/DECISIONS.md: 29 February is celebrated on
 * 28 February in common years).
 */
export function isBirthday(dob: { dobD: number | null; dobM: number | null }, today: CalendarDay): boolean {
  if (!dob.dobD || !dob.dobM) return false;
  if (dob.dobM === 2 && dob.dobD === 29 && !isLeapYear(today.year))
    return today.month === 2 && today.day === 28;
  return dob.dobM === today.month && dob.dobD === today.day;
}

/** product.md 3: ONAY, RET, or empty (not obtained), with the date it was recorded. */
export function consentText(status: ConsentStatus | null, date: string | null): string {
  if (!status) return 'SMS izni alınmadı';
  const when = formatDate(date);
  const label = status === 'ONAY' ? 'SMS izni var (ONAY)' : 'SMS izni yok (RET)';
  return when ? `${label}, ${when}` : label;
}
