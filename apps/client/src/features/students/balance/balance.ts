import { formatTl, isValidPhone, phoneDigits, type BalanceEntryType, type Kurus } from '@okul/domain';
import {
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { BalanceSheetRow } from '@okul/domain';

/** "+150,00 TL" / "-150,00 TL" / "0,00 TL": product.md 4, positive means prepaid. */
export function formatSignedTl(kurus: Kurus): string {
  return kurus > 0 ? `+${formatTl(kurus)}` : formatTl(kurus);
}

/**
 * api.md 7.4: the WhatsApp debt reminder, prefilled in Turkish with the student's name and the amount.
 */
export function whatsappReminderText(input: {
  studentName: string;
  amount: Kurus;
  organizationName: string;
  owes: boolean;
}): string {
  const amount = formatTl(input.amount);
  const body = input.owes
    ? `${input.studentName} adlı öğrencimizin ${amount} tutarında ödenmemiş ders ücreti bulunmaktadır.`
    : `${input.studentName} adlı öğrencimizin önümüzdeki 4 ders için ${amount} tutarında ödeme yapması gerekmektedir.`;
  return `Merhaba, ${body} Ödemenizi en kısa sürede yapmanızı rica ederiz. İyi günler dileriz. ${input.organizationName}`;
}

/**
 * https://wa.me/90XXXXXXXXXX?text=...: a Turkish mobile number (10 digits, 5xx) with the country code; null
 * when the phone is not one.
 */
export function whatsappLink(phone: string | null | undefined, text: string): string | null {
  const local = phoneDigits(phone ?? '');
  if (!isValidPhone(local)) return null;
  return `https://wa.me/90${local}?text=${encodeURIComponent(text)}`;
}

export const ENTRY_LABELS: Record<BalanceEntryType, string> = {
  attendance: 'Ders',
  payment: 'Ödeme',
  periodic_charge: 'Dönem ücreti',
};

/** The local calendar day of an instant, as yyyy-MM-dd (the calendar's cell key). */
export function dayKey(value: string | Date): string {
  return format(typeof value === 'string' ? parseISO(value) : value, 'yyyy-MM-dd');
}

/** Balance events by local day, in their sheet order. */
export function entriesByDay(entries: readonly BalanceSheetRow[]): Map<string, BalanceSheetRow[]> {
  const out = new Map<string, BalanceSheetRow[]>();
  for (const e of entries) {
    const key = dayKey(e.timestamp);
    const list = out.get(key);
    if (list) list.push(e);
    else out.set(key, [e]);
  }
  return out;
}

export interface CalendarCell {
  date: Date;
  key: string;
  inMonth: boolean;
}

/** api.md 9.4: a month as whole weeks, Monday first. */
export function monthGrid(month: Date): CalendarCell[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: 1 }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: 1 }),
  });
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < days.length; i += 7) {
    weeks.push(
      days.slice(i, i + 7).map((date) => ({ date, key: dayKey(date), inMonth: isSameMonth(date, month) })),
    );
  }
  return weeks;
}
