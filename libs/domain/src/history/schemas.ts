import { z } from 'zod';
import { isoDateTime, kurus } from '../shared/answers';
import { message } from '../shared/messages';
import { fromLocal, isValidDateParts, toIso } from '../shared/time';
import { balanceSheetRowSchema, courseBalanceRowSchema } from '../students/answers';
import { RECORD_KINDS } from './history';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The moment an "as of" question is asked for: an ISO instant as given, or a calendar day (YYYY-MM-DD) meaning
 * the end of that day on the institution's calendar (what an auditor means by "as of 31 March"). Null when
 * neither.
 */
export function asOfInstant(input: string): string | null {
  const day = DAY.exec(input);
  if (day) {
    const [year, month, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (!isValidDateParts(year, month, d)) return null;
    return toIso(fromLocal({ year, month, day: d + 1 }) - 1);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input)) return null;
  const ms = Date.parse(input);
  return Number.isNaN(ms) ? null : toIso(ms);
}

const atField = z
  .string({ error: message('history.atInvalid') })
  .transform((v, ctx) => {
    const at = asOfInstant(v);
    if (at === null) {
      ctx.addIssue({ code: 'custom', message: message('history.atInvalid') });
      return z.NEVER;
    }
    return at;
  })
  .optional();

/** GET getRecordHistory: one record's versions and the record at `at` (default: now). */
export const recordHistoryQuerySchema = z.strictObject({
  kind: z.enum(RECORD_KINDS, { error: message('history.kindInvalid') }),
  id: z.uuid({ error: message('history.idInvalid') }),
  at: atField,
});
export type RecordHistoryQuery = z.infer<typeof recordHistoryQuerySchema>;

/** GET getStudentBalanceAsOf: a student's balances and balance sheet at `at` (default: now). */
export const studentBalanceAsOfQuerySchema = z.strictObject({
  id: z.uuid({ error: message('student.notFound') }),
  at: atField,
});
export type StudentBalanceAsOfQuery = z.infer<typeof studentBalanceAsOfQuerySchema>;

const fieldSchema = z.object({ field: z.string(), label: z.string(), value: z.string().nullable() });

export const recordVersionSchema = z.object({
  version: z.number().int(),
  eventType: z.string(),
  action: z.string(),
  at: isoDateTime,
  userId: z.string().nullable(),
  /** The user's name and surname; null for a system action or a user no longer known. */
  userName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  device: z.string(),
  fields: z.array(fieldSchema),
  changes: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      old: z.string().nullable(),
      new: z.string().nullable(),
    }),
  ),
});
export type RecordVersionAnswer = z.infer<typeof recordVersionSchema>;

/** getRecordHistory's answer: versions newest first, and the record at `asOf.at`. */
export const recordHistoryAnswerSchema = z.object({
  kind: z.enum(RECORD_KINDS),
  id: z.string(),
  versions: z.array(recordVersionSchema),
  asOf: z.object({ at: isoDateTime, fields: z.array(fieldSchema).nullable() }),
});
export type RecordHistoryAnswer = z.infer<typeof recordHistoryAnswerSchema>;

/** getStudentBalanceAsOf's answer: the same rows as getStudentBalances and getStudentBalanceSheet, at `at`. */
export const studentBalanceAsOfAnswerSchema = z.object({
  at: isoDateTime,
  balance: kurus,
  totalOwed: kurus,
  courses: z.array(courseBalanceRowSchema),
  balanceSheet: z.array(balanceSheetRowSchema),
});
export type StudentBalanceAsOfAnswer = z.infer<typeof studentBalanceAsOfAnswerSchema>;
