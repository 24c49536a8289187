import { z } from 'zod';
import { message } from '../shared/messages';
import { tlAmountField } from '../shared/money-field';
import { parseDateInput } from '../shared/time';
import { isValidPhone, phoneDigits } from '../shared/validation';

/** product.md 3 Employee: employeeTypeId 1 Personel, 2 Eğitmen, 3 Güvenlik, 4 Harici Hizmet. */
export const EMPLOYEE_TYPES = { 1: 'Personel', 2: 'Eğitmen', 3: 'Güvenlik', 4: 'Harici Hizmet' } as const;
export type EmployeeTypeId = 1 | 2 | 3 | 4;
/** The type of an instructor: an Instructor is an employee of this type (docs/DECISIONS.md, people). */
export const INSTRUCTOR_TYPE_ID = 2 as const;

/** api.md 9.5: names 500 on the employee form, notes and CV 1000; a wage period list is kept short. */
export const EMPLOYEE_LIMITS = {
  name: 500,
  cv: 1000,
  notes: 1000,
  avatar: 1000,
  wages: 50,
  branches: 200,
} as const;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const nameField = (missing: 'employee.nameMissing' | 'employee.surnameMissing') =>
  z
    .string({ error: message(missing) })
    .trim()
    .min(1, { error: message(missing) })
    .max(EMPLOYEE_LIMITS.name, { error: message('employee.nameTooLong') });

const cvField = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(EMPLOYEE_LIMITS.cv, { error: message('employee.cvTooLong') })
    .nullish()
    .transform((v) => v ?? null),
);

// An image URL of the image host (api.md 7.5): an absolute https address or a path of the embedded host.
const avatarField = z.preprocess(
  blankToNull,
  z
    .string({ error: message('employee.avatarInvalid') })
    .trim()
    .max(EMPLOYEE_LIMITS.avatar, { error: message('employee.avatarInvalid') })
    .regex(/^(https?:\/\/|\/)[^\s"'<>]*$/, { error: message('employee.avatarInvalid') })
    .nullish()
    .transform((v) => v ?? null),
);

const branchesField = z
  .array(z.uuid({ error: message('course.notFound') }), { error: message('employee.branchMissing') })
  .max(EMPLOYEE_LIMITS.branches, { error: message('employee.branchMissing') })
  .transform((ids) => [...new Set(ids)]);

const userIdField = z.preprocess(
  blankToNull,
  z
    .uuid({ error: message('employee.userNotMember') })
    .nullish()
    .transform((v) => v ?? null),
);

const dateField = (error: 'wage.startMissing' | 'wage.endInvalid') =>
  z
    .string({ error: message(error) })
    .max(40, { error: message(error) })
    .transform((v, ctx) => {
      const iso = parseDateInput(v);
      if (iso === null) {
        ctx.addIssue({ code: 'custom', message: message(error) });
        return z.NEVER;
      }
      return iso;
    });

/** product.md 3 Wage period, as stored: amount in kuruş, dates as ISO instants, end exclusive. */
export interface WagePeriod {
  type: 'periodic' | 'per_class';
  startDate: string;
  endDate: string | null;
  amount: number;
  periodLength: number | null;
  periodUnit: 'day' | 'week' | 'month' | null;
  payAtBeginning: boolean | null;
}

/**
 * product.md 3 Wage period: periodic (periodLength, periodUnit day/week/month, payAtBeginning) or per_class,
 * startDate, optional endDate (exclusive, like enrolments), amount in TL as typed (kuruş inside).
 */
export const wagePeriodSchema = z
  .strictObject({
    type: z.enum(['periodic', 'per_class'], { error: message('wage.typeInvalid') }),
    startDate: dateField('wage.startMissing'),
    endDate: z.preprocess(
      blankToNull,
      dateField('wage.endInvalid')
        .nullish()
        .transform((v) => v ?? null),
    ),
    amount: tlAmountField(message('wage.amountInvalid')).refine((k) => k > 0, {
      error: message('wage.amountInvalid'),
    }),
    periodLength: z
      .union([z.number(), z.string().regex(/^\d{1,3}$/)], { error: message('wage.periodInvalid') })
      .transform(Number)
      .refine((n) => Number.isInteger(n) && n >= 1 && n <= 999, { error: message('wage.periodInvalid') })
      .nullish(),
    periodUnit: z.enum(['day', 'week', 'month'], { error: message('wage.periodInvalid') }).nullish(),
    payAtBeginning: z.boolean().nullish(),
  })
  .superRefine((w, ctx) => {
    if (w.endDate !== null && w.endDate <= w.startDate)
      ctx.addIssue({ code: 'custom', message: message('wage.endBeforeStart'), path: ['endDate'] });
  })
  // Periodic wages keep their period fields (default one month, paid at the end); per_class ones null them.
  .transform((w): WagePeriod =>
    w.type === 'periodic'
      ? {
          ...w,
          periodLength: w.periodLength ?? 1,
          periodUnit: w.periodUnit ?? 'month',
          payAtBeginning: w.payAtBeginning ?? false,
        }
      : { ...w, periodLength: null, periodUnit: null, payAtBeginning: null },
  );

/** product.md 5 Instructor: name, surname, at least one branch (a course id); CV max 1000. */
const instructorShape = {
  name: nameField('employee.nameMissing'),
  surname: nameField('employee.surnameMissing'),
  userId: userIdField,
  branches: branchesField.refine((b) => b.length > 0, { error: message('employee.branchMissing') }),
  cv: cvField,
  avatar: avatarField,
};

export const addInstructorSchema = z.strictObject(instructorShape);
export const editInstructorSchema = z.strictObject({
  id: z.uuid({ error: message('instructor.notFound') }),
  ...instructorShape,
});

const employeeShape = {
  name: nameField('employee.nameMissing'),
  surname: nameField('employee.surnameMissing'),
  employeeTypeId: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: message('employee.typeInvalid'),
    })
    .default(1),
  userId: userIdField,
  // api.md 9.5: phone 10 digits, product.md 5: 5xx format; typed forms like "(532) 123 45 67" are accepted.
  phone: z.preprocess(
    blankToNull,
    z
      .string({ error: message('employee.phoneInvalid') })
      .max(30, { error: message('employee.phoneInvalid') })
      .transform(phoneDigits)
      .refine(isValidPhone, { error: message('employee.phoneInvalid') })
      .nullish()
      .transform((v) => v ?? null),
  ),
  notes: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(EMPLOYEE_LIMITS.notes, { error: message('employee.notesTooLong') })
      .nullish()
      .transform((v) => v ?? null),
  ),
  cv: cvField,
  branches: branchesField.optional().transform((b) => b ?? []),
  avatar: avatarField,
  wages: z
    .array(wagePeriodSchema, { error: message('wage.typeInvalid') })
    .max(EMPLOYEE_LIMITS.wages, { error: message('wage.tooMany') })
    .optional()
    .transform((w) => w ?? []),
};

/**
 * product.md 5 Employee: branş eksik for instructors; CV and branches cleared when the type is not
 * instructor.
 */
function employeeRules<T extends { employeeTypeId: EmployeeTypeId; branches: string[]; cv: string | null }>(
  schema: z.ZodType<T>,
) {
  return schema
    .superRefine((e, ctx) => {
      if (e.employeeTypeId === INSTRUCTOR_TYPE_ID && e.branches.length === 0)
        ctx.addIssue({ code: 'custom', message: message('employee.branchMissing'), path: ['branches'] });
    })
    .transform((e) => (e.employeeTypeId === INSTRUCTOR_TYPE_ID ? e : { ...e, cv: null, branches: [] }));
}

export const addEmployeeSchema = employeeRules(z.strictObject(employeeShape));
export const editEmployeeSchema = employeeRules(
  z.strictObject({ id: z.uuid({ error: message('employee.notFound') }), ...employeeShape }),
);
export const employeeIdSchema = z.strictObject({ id: z.uuid({ error: message('employee.notFound') }) });
export const instructorIdSchema = z.strictObject({ id: z.uuid({ error: message('instructor.notFound') }) });

export type AddInstructorInput = z.output<typeof addInstructorSchema>;
export type EditInstructorInput = z.output<typeof editInstructorSchema>;
export type AddEmployeeInput = z.output<typeof addEmployeeSchema>;
export type EditEmployeeInput = z.output<typeof editEmployeeSchema>;
/** What a client form sends (before parsing): TL amounts as typed, dates as text. */
export type AddEmployeeBody = z.input<typeof addEmployeeSchema>;

/**
 * GET getMyInstructors: the active instructors of this organisation linked to the signed-in user (at most one
 * while a user is on one live employee); empty when the user teaches under no instructor record here.
 */
export const myInstructorsAnswerSchema = z.array(
  z.object({ id: z.string(), name: z.string(), surname: z.string() }),
);
export type MyInstructors = z.infer<typeof myInstructorsAnswerSchema>;
