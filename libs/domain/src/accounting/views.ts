import { z } from 'zod';
import { message } from '../shared/messages';
import { isoDateTime, kurus } from '../shared/answers';
import { localToIso, parseDateInput } from '../shared/time';
import { ACCOUNTING_METHODS, ACCOUNTING_TYPES } from './schemas';

/** "2026-02": a month of the institution's calendar (Europe/Istanbul). */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instants a month starts and ends (end exclusive), Istanbul time. */
export function periodBounds(period: string): { from: string; to: string } | null {
  const m = PERIOD_PATTERN.exec(period);
  if (!m) return null;
  const [year, month] = [Number(m[1]), Number(m[2])];
  return {
    from: localToIso({ year, month, day: 1 }),
    to: localToIso(month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }),
  };
}

const periodField = z
  .string()
  .max(7)
  .refine((v) => PERIOD_PATTERN.test(v), { error: message('accounting.periodInvalid') });

const dayField = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const iso = parseDateInput(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: message('accounting.dateMissing') });
      return z.NEVER;
    }
    return iso;
  });

const count = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, { error: message('common.badRequest') })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message('common.badRequest') })
    .optional()
    .transform((n) => n ?? fallback);

/**
 * GET getAccounting query (api.md 7.3; the filters are ours, docs/DECISIONS.md): `period` (YYYY-MM) or
 * `from`/`to` (to exclusive), `type`, `subtype`, `method`, `employeeId`, `includeReversed` ("true" lists the
 * reversed entries too; they never count in the totals), `limit` (1-1000, default 25, api.md 9.4) and `offset`.
 */
export const getAccountingQuerySchema = z
  .strictObject({
    period: periodField.optional(),
    from: dayField.optional(),
    to: dayField.optional(),
    type: z.enum(ACCOUNTING_TYPES, { error: message('accounting.typeMissing') }).optional(),
    subtype: z.enum(['wage', 'other'], { error: message('accounting.subtypeMissing') }).optional(),
    method: z.enum(ACCOUNTING_METHODS, { error: message('accounting.methodMissing') }).optional(),
    employeeId: z.uuid({ error: message('accounting.employeeNotFound') }).optional(),
    includeReversed: z.enum(['true', 'false']).optional(),
    limit: count(1, 1000, 25),
    offset: count(0, 10_000_000, 0),
  })
  .transform(({ period, includeReversed, ...rest }) => {
    const bounds = period ? periodBounds(period) : null;
    return {
      ...rest,
      ...(bounds ? { from: rest.from ?? bounds.from, to: rest.to ?? bounds.to } : {}),
      includeReversed: includeReversed === 'true',
    };
  });
export type GetAccountingQuery = z.output<typeof getAccountingQuerySchema>;

/** GET getAccountingMonth {period}: the month view (manual entries beside the students' payments). */
export const getAccountingMonthQuerySchema = z.strictObject({ period: periodField });

/** One entry as getAccounting answers it (amounts in kuruş). */
export const accountingEntryAnswerSchema = z.object({
  id: z.string(),
  type: z.enum(ACCOUNTING_TYPES),
  subtype: z.enum(['wage', 'other']),
  method: z.enum(ACCOUNTING_METHODS),
  amount: kurus,
  date: isoDateTime,
  notes: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  employeeId: z.string().nullable(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  editedAt: isoDateTime.nullable(),
  editedBy: z.string().nullable(),
  reversedAt: isoDateTime.nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
});
export type AccountingEntryView = z.infer<typeof accountingEntryAnswerSchema>;

/** Totals of the entries matching a filter (reversed entries left out): revenue, cost and net, by method. */
export const accountingTotalsSchema = z.object({
  revenue: kurus,
  cost: kurus,
  net: kurus,
  byMethod: z.array(z.object({ method: z.enum(ACCOUNTING_METHODS), revenue: kurus, cost: kurus })),
});
export type AccountingTotals = z.infer<typeof accountingTotalsSchema>;

export const accountingPageAnswerSchema = z.object({
  entries: z.array(accountingEntryAnswerSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  totals: accountingTotalsSchema,
});
export type AccountingPage = z.infer<typeof accountingPageAnswerSchema>;

/** A student's payment as the month view shows it (read from the payments read model). */
export const monthPaymentSchema = z.object({
  id: z.string(),
  date: isoDateTime,
  amount: kurus,
  /** null when the payment was recorded without one. */
  method: z.string().nullable(),
  referenceCode: z.string().nullable(),
  studentId: z.string(),
  studentNumber: z.number().int().nullable(),
  studentName: z.string().nullable(),
  courseId: z.string(),
  courseName: z.string().nullable(),
});
export type MonthPaymentView = z.infer<typeof monthPaymentSchema>;

/** A method's line of the month: what came in from students and entries, what went out (the cash drawer). */
export const monthMethodTotalSchema = z.object({
  /** An accounting method, or `unspecified` for payments recorded without one. */
  method: z.enum([...ACCOUNTING_METHODS, 'unspecified']),
  payments: kurus,
  revenue: kurus,
  cost: kurus,
  net: kurus,
});
export type MonthMethodTotal = z.infer<typeof monthMethodTotalSchema>;

export const accountingMonthAnswerSchema = z.object({
  period: z.string(),
  from: isoDateTime,
  to: isoDateTime,
  entries: z.array(accountingEntryAnswerSchema),
  payments: z.array(monthPaymentSchema),
  byMethod: z.array(monthMethodTotalSchema),
  totals: z.object({ payments: kurus, revenue: kurus, cost: kurus, income: kurus, net: kurus }),
});
export type AccountingMonth = z.infer<typeof accountingMonthAnswerSchema>;
