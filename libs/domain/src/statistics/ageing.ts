import { z } from 'zod';
import { kurus } from '../shared/answers';
import type { Kurus } from '../shared/money';
import { toEpoch, toLocal } from '../shared/time';

/** The İstatistikler view's debt ages in days (0-30, 31-60, 61-90, 90+), youngest first. */
export const DEBT_AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type DebtAgeBucket = (typeof DEBT_AGE_BUCKETS)[number];

/**
 * One line of a student's account for a course: a charge (lesson or period) or a payment (corrections
 * included, as on the balance sheet), at its date.
 */
export interface DebtLine {
  studentId: string;
  courseId: string;
  kind: 'charge' | 'payment';
  /** ISO instant of the lesson, the period's start or the payment date. */
  at: string;
  /** kuruş; a charge is positive, a payment positive, a correction may be negative. */
  amount: Kurus;
}

export interface DebtAgeRow {
  bucket: DebtAgeBucket;
  /** What is still unpaid of the charges of that age (kuruş). */
  amount: Kurus;
  /** Students with some unpaid charge of that age. */
  students: number;
}

export interface DebtAgeing {
  buckets: DebtAgeRow[];
  /** The sum of the buckets: what the courses that owe something owe (product.md 3 totalOwed). */
  total: Kurus;
  /** Students owing anything. */
  students: number;
}

/** The Istanbul calendar day of an instant as a day number, so ages are counted in calendar days. */
function dayNumber(epochMs: number): number {
  const l = toLocal(epochMs);
  return Date.UTC(l.year, l.month - 1, l.day) / 86_400_000;
}

/** The bucket of a charge `days` calendar days old (a charge dated later than the moment asked is new). */
export function debtAgeBucket(days: number): DebtAgeBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/**
 * Debt ageing (docs/DECISIONS.md, statistics): per student and course, as the balance sheet counts what a
 * course owes, the payments settle the oldest charges first (FIFO); what is left unpaid is aged by its charge's
 * calendar day at `asOf`. A negative correction adds to the debt from its own date; a prepaid course owes
 * nothing and settles no other course.
 */
export function debtAgeing(lines: readonly DebtLine[], asOf: string): DebtAgeing {
  const accounts = new Map<string, { studentId: string; debits: Array<[number, Kurus]>; credit: Kurus }>();
  for (const l of lines) {
    const key = `${l.studentId}\u0000${l.courseId}`;
    let a = accounts.get(key);
    if (!a) accounts.set(key, (a = { studentId: l.studentId, debits: [], credit: 0 }));
    // A charge adds to the debt, a payment settles it; either one with the other sign does the opposite.
    const debit = l.kind === 'charge' ? l.amount : -l.amount;
    if (debit > 0) a.debits.push([toEpoch(l.at), debit]);
    else a.credit -= debit;
  }
  const today = dayNumber(toEpoch(asOf));
  const amounts = new Map<DebtAgeBucket, Kurus>(DEBT_AGE_BUCKETS.map((b) => [b, 0]));
  const students = new Map<DebtAgeBucket, Set<string>>(DEBT_AGE_BUCKETS.map((b) => [b, new Set()]));
  const owing = new Set<string>();
  for (const a of accounts.values()) {
    a.debits.sort((x, y) => x[0] - y[0]);
    let credit = a.credit;
    for (const [at, amount] of a.debits) {
      const settled = Math.min(credit, amount);
      credit -= settled;
      const unpaid = amount - settled;
      if (unpaid === 0) continue;
      const bucket = debtAgeBucket(today - dayNumber(at));
      amounts.set(bucket, amounts.get(bucket)! + unpaid);
      students.get(bucket)!.add(a.studentId);
      owing.add(a.studentId);
    }
  }
  const buckets = DEBT_AGE_BUCKETS.map((bucket) => ({
    bucket,
    amount: amounts.get(bucket)!,
    students: students.get(bucket)!.size,
  }));
  return { buckets, total: buckets.reduce((s, b) => s + b.amount, 0), students: owing.size };
}

/** A lesson count's attendance: attendees over the students enrolled at the lessons, per cent, one decimal. */
export function attendanceRate(attendees: number, enrolled: number): number | null {
  if (enrolled <= 0) return null;
  return Math.round((attendees * 1000) / enrolled) / 10;
}

export const debtAgeingSchema = z.object({
  buckets: z.array(
    z.object({
      bucket: z.enum(DEBT_AGE_BUCKETS),
      amount: kurus.describe('unpaid charges of that age in days'),
      students: z.number().int(),
    }),
  ),
  total: kurus,
  students: z.number().int(),
});
