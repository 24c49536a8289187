import { z } from 'zod';
import { message } from '../shared/messages';
import { tl, type Kurus } from '../shared/money';
import { tlAmountField } from '../shared/money-field';
import { dateInputSchema } from '../shared/date-input-schema';

/** product.md 3: per_class is the default type. */
export const ENROLLMENT_TYPES = ['per_class', 'periodic'] as const;
export type EnrollmentType = (typeof ENROLLMENT_TYPES)[number];

/** product.md 5: the period unit of an enrolment is day, week or month (year only in older balance logic). */
export const ENROLLMENT_PERIOD_UNITS = ['day', 'week', 'month'] as const;
export type EnrollmentPeriodUnit = (typeof ENROLLMENT_PERIOD_UNITS)[number];

/** api.md 9.3: prices 1 to 999999999 TL. */
export const MIN_ENROLLMENT_PRICE: Kurus = tl(1);
export const MAX_ENROLLMENT_PRICE: Kurus = tl(999_999_999);
/** product.md 5: period length and classes per period at most 3 characters. */
export const MAX_PERIOD_NUMBER = 999;

const missing = message('enrollment.missingInfo');

const dateField = dateInputSchema;

const countField = (error: string) =>
  z
    .union([z.number(), z.string().max(3, { error })], { error })
    .transform((v) => (typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PERIOD_NUMBER, { error });

/**
 * Prices and discounts come in as TL, the way a person types them or as a JSON number ("1.500,00", "1500.5",
 * 1500.5), and leave the schema as integer kuruş (shared/money.ts). Events and read models hold kuruş.
 */
const priceField = (error: string, maxLength: number) =>
  tlAmountField(error, maxLength)
    .refine((k) => k >= MIN_ENROLLMENT_PRICE, { error })
    .refine((k) => k <= MAX_ENROLLMENT_PRICE, { error: message('enrollment.priceInvalid') });

const discountField = (maxLength: number) =>
  tlAmountField(message('enrollment.discountInvalid'), maxLength).refine((k) => k >= 0, {
    error: message('enrollment.discountInvalid'),
  });

/** The enrolment terms that an edit may change (product.md 3 Registration edit draft). */
export interface EnrollmentTerms {
  startDate: string;
  endDate: string | null;
  /** kuruş, per attended class (per_class) or per period (periodic). */
  price: Kurus;
  /** kuruş off each charge; see balances/README.md. */
  discount: Kurus;
  isOfficial: boolean;
  periodUnit: EnrollmentPeriodUnit | null;
  periodLength: number | null;
  classesPerPeriod: number | null;
}

/** POST addEnrollment (api.md 7.3; product.md 5 Add enrolment). */
export const addEnrollmentSchema = z
  .strictObject({
    studentId: z.uuid({ error: missing }),
    courseId: z.uuid({ error: missing }),
    price: priceField(missing, 20),
    discount: discountField(20).optional(),
    enrollmentType: z.enum(ENROLLMENT_TYPES, { error: missing }).optional(),
    // product.md 5: per_class starts now; a periodic start defaults to now. An explicit start is accepted
    // for both and then checked like a retroactive edit.
    startDate: dateField(message('enrollment.dateInvalid')).nullish(),
    endDate: dateField(message('enrollment.dateInvalid')).nullish(),
    isOfficial: z.boolean({ error: missing }).optional(),
    periodUnit: z.enum(ENROLLMENT_PERIOD_UNITS, { error: message('enrollment.periodUnitInvalid') }).nullish(),
    periodLength: countField(message('enrollment.periodNumberInvalid')).nullish(),
    classesPerPeriod: countField(message('enrollment.periodNumberInvalid')).nullish(),
  })
  .transform((v, ctx) => {
    const discount = v.discount ?? 0;
    if (discount > v.price) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: message('enrollment.discountInvalid') });
      return z.NEVER;
    }
    const enrollmentType: EnrollmentType = v.enrollmentType ?? 'per_class';
    const periodic = enrollmentType === 'periodic';
    return {
      studentId: v.studentId,
      courseId: v.courseId,
      enrollmentType,
      price: v.price,
      discount,
      startDate: v.startDate ?? null,
      endDate: v.endDate ?? null,
      isOfficial: v.isOfficial ?? false,
      // A periodic enrolment without a period is charged monthly, one month a period.
      periodUnit: periodic ? (v.periodUnit ?? 'month') : null,
      periodLength: periodic ? (v.periodLength ?? 1) : null,
      classesPerPeriod: periodic ? (v.classesPerPeriod ?? null) : null,
    };
  });

export type AddEnrollmentInput = z.output<typeof addEnrollmentSchema>;

/**
 * POST editEnrollment: the enrolment id and only the terms that change (product.md 3 Registration edit draft:
 * newPrice, newStartDate, newEndDate, newPeriodUnit, newPeriodLength, newClassesPerPeriod, newIsOfficial
 * travel under their entity names). `endDate: null` reopens an enrolment.
 */
export const editEnrollmentSchema = z.strictObject({
  id: z.uuid({ error: message('enrollment.idMissing') }),
  studentId: z.uuid({ error: message('student.idMissing') }).optional(),
  price: priceField(message('enrollment.priceInvalid'), 10).optional(),
  discount: discountField(10).optional(),
  startDate: dateField(message('enrollment.dateInvalid')).optional(),
  endDate: dateField(message('enrollment.dateInvalid')).nullable().optional(),
  isOfficial: z.boolean({ error: message('common.badRequest') }).optional(),
  periodUnit: z.enum(ENROLLMENT_PERIOD_UNITS, { error: message('enrollment.periodUnitInvalid') }).optional(),
  periodLength: countField(message('enrollment.periodNumberInvalid')).optional(),
  classesPerPeriod: countField(message('enrollment.periodNumberInvalid')).nullable().optional(),
});

export type EditEnrollmentInput = z.output<typeof editEnrollmentSchema>;
export type EnrollmentChanges = Partial<EnrollmentTerms>;

/** POST endEnrollment {ID} (api.md 7.3); `id` is accepted too. */
export const endEnrollmentSchema = z
  .strictObject({
    ID: z.uuid({ error: message('enrollment.idMissing') }).optional(),
    id: z.uuid({ error: message('enrollment.idMissing') }).optional(),
  })
  .transform((v, ctx) => {
    const id = v.ID ?? v.id;
    if (!id) {
      ctx.addIssue({ code: 'custom', message: message('enrollment.idMissing') });
      return z.NEVER;
    }
    return { id };
  });
