import { z } from 'zod';
import { message } from '../shared/messages';
import type { Kurus } from '../shared/money';
import { localToIso, parseDateInput } from '../shared/time';
import {
  ACCOUNTING_METHODS,
  ACCOUNTING_TYPES,
  type AccountingMethod,
  type AccountingSubtype,
  type AccountingType,
} from './schemas';

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
export interface AccountingEntryView {
  id: string;
  type: AccountingType;
  subtype: AccountingSubtype;
  method: AccountingMethod;
  amount: Kurus;
  date: string;
  notes: string | null;
  receiptNumber: string | null;
  employeeId: string | null;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
  editedAt: string | null;
  editedBy: string | null;
  reversedAt: string | null;
  reversedBy: string | null;
  reverseReason: string | null;
}

/** Totals of the entries matching a filter (reversed entries left out): revenue, cost and net, by method. */
export interface AccountingTotals {
  revenue: Kurus;
  cost: Kurus;
  net: Kurus;
  byMethod: Array<{ method: AccountingMethod; revenue: Kurus; cost: Kurus }>;
}

export interface AccountingPage {
  entries: AccountingEntryView[];
  total: number;
  limit: number;
  offset: number;
  totals: AccountingTotals;
}

/** A student's payment as the month view shows it (read from the payments read model). */
export interface MonthPaymentView {
  id: string;
  date: string;
  amount: Kurus;
  /** null when the payment was recorded without one. */
  method: string | null;
  referenceCode: string | null;
  studentId: string;
  studentNumber: number | null;
  studentName: string | null;
  courseId: string;
  courseName: string | null;
}

/** A method's line of the month: what came in from students and entries, what went out (the cash drawer). */
export interface MonthMethodTotal {
  /** An accounting method, or `unspecified` for payments recorded without one. */
  method: AccountingMethod | 'unspecified';
  payments: Kurus;
  revenue: Kurus;
  cost: Kurus;
  net: Kurus;
}

export interface AccountingMonth {
  period: string;
  from: string;
  to: string;
  entries: AccountingEntryView[];
  payments: MonthPaymentView[];
  byMethod: MonthMethodTotal[];
  totals: { payments: Kurus; revenue: Kurus; cost: Kurus; income: Kurus; net: Kurus };
}
