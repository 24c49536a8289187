import { format, isValid, parseISO } from 'date-fns';
import { tr } from 'date-fns/locale';
import { ROLE_LABELS_TR } from '@okul/domain';

/** api.md 9.4: dates dd.MM.yyyy; log rows add the time. Empty or invalid input gives ''. */
export function formatDate(value: string | Date | null | undefined): string {
  return formatWith(value, 'dd.MM.yyyy');
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return formatWith(value, 'dd.MM.yyyy HH:mm');
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A lesson's time, dd.MM.yyyy HH:mm (api.md 9.4), from its stored local parts: they are the institution's
 * wall clock (Europe/Istanbul) already, whatever the browser's time zone.
 */
export function formatLessonTime(a: {
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
}): string {
  return `${two(a.day)}.${two(a.month)}.${String(a.year).padStart(4, '0')} ${two(a.hour)}:${two(a.minute)}`;
}

function formatWith(value: string | Date | null | undefined, pattern: string): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, pattern, { locale: tr }) : '';
}

/** A role's Turkish label (product.md 6); an id the catalogue does not know is 'Bilinmeyen rol'. */
export function roleLabel(id: number | null | undefined): string {
  return (id !== null && id !== undefined && ROLE_LABELS_TR[id]) || 'Bilinmeyen rol';
}

/** What a digits-only field keeps of what was typed or pasted: its digits, up to its length (product.md 5). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
