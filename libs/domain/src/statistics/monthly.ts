import { z } from 'zod';
import { message } from '../shared/messages';
import { isoDateTime, kurus } from '../shared/answers';
import { localToIso, parseDateInput, toEpoch, toLocal } from '../shared/time';
import { debtAgeingSchema } from './ageing';
import { chargePerUnit, periodicChargeTimes, type BalanceEnrollment } from '../balances/calculator';

/** "2026-02": a month of the institution's calendar (Europe/Istanbul). */
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const MAX_STATISTICS_MONTHS = 120;

/** The Istanbul month of an instant, as "YYYY-MM". */
export function monthOf(epochMs: number): string {
  const l = toLocal(epochMs);
  return `${l.year}-${String(l.month).padStart(2, '0')}`;
}

/** The month `count` months after `month` (count may be negative). */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** The instant an Istanbul month starts. */
export function monthStart(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return localToIso({ year, month: m, day: 1 });
}

/**
 * The periodic charges each month holds, as the balance calculator charges them at `asOf` (the same
 * `periodicChargeTimes`, so a month's figure never disagrees with the students' balance sheets).
 */
export function periodicChargesByMonth(
  enrollments: readonly BalanceEnrollment[],
  asOf: string,
): Map<string, number> {
  const byMonth = new Map<string, number>();
  for (const e of enrollments) {
    if (e.enrollmentType !== 'periodic') continue;
    const amount = chargePerUnit(e);
    if (amount === 0) continue;
    for (const at of periodicChargeTimes(e, asOf)) {
      const m = monthOf(at);
      byMonth.set(m, (byMonth.get(m) ?? 0) + amount);
    }
  }
  return byMonth;
}

/** Collections over charges in per cent with one decimal, null when nothing was charged. */
export function collectionRate(collections: number, charges: number): number | null {
  if (charges <= 0) return null;
  return Math.round((collections * 1000) / charges) / 10;
}

const monthField = z
  .string()
  .max(7)
  .refine((v) => MONTH_PATTERN.test(v), { error: message('statistics.periodInvalid') });

/**
 * GET getStatistics (ours): `from`/`to` months (both included; default the twelve months up to `asOf`) and
 * `asOf` (a calendar day = the end of that Istanbul day, or an instant; default now): every figure is the one
 * the events recorded up to that moment gave, and months after it are not answered.
 */
export const getStatisticsQuerySchema = z
  .strictObject({
    from: monthField.optional(),
    to: monthField.optional(),
    asOf: z
      .string()
      .max(40)
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const iso = parseDateInput(v);
        if (iso === null) {
          ctx.addIssue({ code: 'custom', message: message('statistics.asOfInvalid') });
          return z.NEVER;
        }
        // A calendar day means the whole of it (docs/DECISIONS.md, statistics).
        return /^\d{4}-\d{2}-\d{2}$/.test(v.trim())
          ? new Date(toEpoch(iso) + 86_400_000 - 1).toISOString()
          : iso;
      }),
  })
  .transform((q, ctx) => {
    const asOf = q.asOf ?? new Date().toISOString();
    const last = monthOf(toEpoch(asOf));
    const to = q.to === undefined || q.to > last ? last : q.to;
    const from = q.from ?? addMonths(to, -11);
    if (from > to) {
      ctx.addIssue({ code: 'custom', message: message('statistics.rangeInvalid'), path: ['from'] });
      return z.NEVER;
    }
    if (monthsBetween(from, to).length > MAX_STATISTICS_MONTHS) {
      ctx.addIssue({ code: 'custom', message: message('statistics.rangeTooLong'), path: ['from'] });
      return z.NEVER;
    }
    return { from, to, asOf };
  });
export type StatisticsQuery = z.output<typeof getStatisticsQuerySchema>;

export const statisticsMonthSchema = z.object({
  month: z.string().describe('YYYY-MM, Istanbul'),
  activeStudents: z.number().int(),
  activeEnrollments: z.number().int(),
  newStudents: z.number().int().describe('students whose first enrolment starts this month'),
  leavingStudents: z.number().int().describe('students whose last enrolment ends this month'),
  collections: kurus.describe('payments received (corrections left out)'),
  charges: kurus.describe('lesson and periodic charges'),
  collectionRate: z.number().nullable().describe('collections / charges in per cent, one decimal'),
  lessons: z.number().int(),
  attendees: z.number().int(),
});
export type StatisticsMonth = z.infer<typeof statisticsMonthSchema>;

export const statisticsGroupSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  lessons: z.number().int(),
  attendees: z.number().int(),
  enrolled: z
    .number()
    .int()
    .describe('students enrolled in the course at each lesson, summed over the lessons'),
  attendanceRate: z.number().nullable().describe('attendees / enrolled in per cent, one decimal'),
});
export type StatisticsGroup = z.infer<typeof statisticsGroupSchema>;

export const statisticsAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  asOf: isoDateTime,
  months: z.array(statisticsMonthSchema),
  byCourse: z.array(statisticsGroupSchema),
  byInstructor: z.array(statisticsGroupSchema),
  debtAgeing: debtAgeingSchema.describe(
    'unpaid charges by age in days at asOf, payments settling the oldest first',
  ),
});
export type StatisticsAnswer = z.infer<typeof statisticsAnswerSchema>;
