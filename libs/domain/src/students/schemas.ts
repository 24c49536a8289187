import { z } from 'zod';
import { DomainError } from '../shared/errors';
import { message } from '../shared/messages';
import { isValidTckn, isValidEmail, isValidPhone, phoneDigits } from '../shared/validation';
import { isValidDateParts } from '../shared/time';

/** product.md 3: phone consent is ONAY, RET, or empty (not obtained), which is stored as null. */
export const CONSENT_STATUSES = ['ONAY', 'RET'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** api.md 9.5 field limits of the student form. */
export const STUDENT_LIMITS = {
  name: 50,
  surname: 50,
  pob: 50,
  facebook: 50,
  instagram: 50,
  parentName: 50,
  parentJob: 50,
  email: 100,
  address: 500,
  notes: 1000,
  minRegistrationYear: 2000,
  minBirthYear: 1900,
  maxYear: 2999,
} as const;

/** product.md 5 / api.md 8.2: the items a student form lists, in this order. */
export const STUDENT_FORM_ITEMS = [
  'student.itemName',
  'student.itemSurname',
  'student.itemTcknInvalid',
  'student.itemTcknTaken',
  'student.itemTcknMissing',
  'student.itemRegistrationDate',
  'student.itemBirthDate',
  'student.itemBirthPlace',
  'student.itemAddress',
] as const;
export type StudentFormItemKey = (typeof STUDENT_FORM_ITEMS)[number];

const badRequest = message('common.badRequest');

function trimToNull(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const t = String(value).trim();
  return t === '' ? null : t;
}

/** Dates become numbers and empty becomes null (product.md 5); a non-number stays for the form check to refuse. */
function toIntOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const t = String(value).trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

// Fields that the form item list reports (İsim, TCKN, dates, ...) are read leniently here and checked by
// studentFormProblems, so one answer can list every missing or wrong item at once (api.md 8.2).
const itemText = z.union([z.string(), z.number()], { error: badRequest }).nullish().transform(trimToNull);
const datePart = z
  .union([z.number(), z.string().max(10, { error: badRequest })], { error: badRequest })
  .nullish()
  .transform(toIntOrNull);

const optionalText = (field: string, max: number) =>
  z
    .string({ error: badRequest })
    .nullish()
    .transform(trimToNull)
    .refine((v) => v === null || v.length <= max, { error: message('student.textTooLong', { field, max }) });

const phone = (field: string) =>
  z
    .union([z.string().max(30, { error: message('student.phoneInvalid', { field }) }), z.number()], {
      error: message('student.phoneInvalid', { field }),
    })
    .nullish()
    .transform((v) => {
      const t = trimToNull(v);
      return t === null ? null : phoneDigits(t);
    })
    .refine((v) => v === null || isValidPhone(v), { error: message('student.phoneInvalid', { field }) });

const consent = (field: string) =>
  z
    .enum([...CONSENT_STATUSES, ''], { error: message('student.consentInvalid', { field }) })
    .nullish()
    .transform((v): ConsentStatus | null => (v ? v : null));

const email = z
  .string({ error: message('student.emailInvalid') })
  .nullish()
  .transform(trimToNull)
  .refine((v) => v === null || (v.length <= STUDENT_LIMITS.email && isValidEmail(v)), {
    error: message('student.emailInvalid'),
  });

/** The student object of the registration and edit forms (product.md 3 Student; limits of api.md 9.5). */
const studentShape = {
  name: itemText,
  surname: itemText,
  dobD: datePart,
  dobM: datePart,
  dobY: datePart,
  regD: datePart,
  regM: datePart,
  regY: datePart,
  TCKN: itemText,
  email,
  phone: phone('Telefon'),
  studentPhoneOptInStatus: consent('Öğrenci telefonu SMS izni'),
  address: itemText,
  pob: itemText,
  facebook: optionalText('Facebook', STUDENT_LIMITS.facebook),
  instagram: optionalText('Instagram', STUDENT_LIMITS.instagram),
  parent1Name: optionalText('1. veli adı', STUDENT_LIMITS.parentName),
  parent1Phone: phone('1. veli telefonu'),
  parent1Job: optionalText('1. veli mesleği', STUDENT_LIMITS.parentJob),
  parent2Name: optionalText('2. veli adı', STUDENT_LIMITS.parentName),
  parent2Phone: phone('2. veli telefonu'),
  parent2Job: optionalText('2. veli mesleği', STUDENT_LIMITS.parentJob),
  parent1PhoneOptInStatus: consent('1. veli telefonu SMS izni'),
  parent2PhoneOptInStatus: consent('2. veli telefonu SMS izni'),
  notes: optionalText('Notlar', STUDENT_LIMITS.notes),
};

/**
 * The student object, normalised (trimmed, blank -> null, dates as numbers, phones as 10 digits) but with the
 * form items not yet checked. Use registerStudentSchema / editStudentSchema at the edge.
 */
export const studentInputSchema = z.strictObject(studentShape);
export type StudentFormValues = z.input<typeof studentInputSchema>;
type LooseStudentInput = z.output<typeof studentInputSchema>;

/** The student fields once every item of product.md 5 holds. */
export interface StudentInput {
  name: string;
  surname: string;
  dobD: number;
  dobM: number;
  dobY: number;
  regD: number;
  regM: number;
  regY: number;
  TCKN: string;
  email: string | null;
  phone: string | null;
  studentPhoneOptInStatus: ConsentStatus | null;
  address: string;
  pob: string;
  facebook: string | null;
  instagram: string | null;
  parent1Name: string | null;
  parent1Phone: string | null;
  parent1Job: string | null;
  parent2Name: string | null;
  parent2Phone: string | null;
  parent2Job: string | null;
  parent1PhoneOptInStatus: ConsentStatus | null;
  parent2PhoneOptInStatus: ConsentStatus | null;
  notes: string | null;
}

export type StudentFormMode = 'create' | 'edit';

export interface StudentFormOptions {
  /** TCKNs already held by other students of the organisation (product.md 5: TCKN zaten kayıtlı). */
  existingTckns?: Iterable<string>;
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

function validDate(d: unknown, m: unknown, y: unknown, minYear: number): boolean {
  const [day, month, year] = [toIntOrNull(d), toIntOrNull(m), toIntOrNull(y)];
  return (
    isValidDateParts(year, month, day) &&
    (year as number) >= minYear &&
    (year as number) <= STUDENT_LIMITS.maxYear
  );
}

/**
 * product.md 5 Student form: the missing or invalid items, in the order of api.md 8.2, as catalogue texts.
 * Takes raw form values or the parsed object. TCKN: not 11 characters -> "TC kimlik no eksik"; 11 characters
 * failing the check digits -> "TCKN geçersiz"; a valid one held by another student -> "TCKN zaten kayıtlı".
 */
export function studentFormProblems(
  input: Partial<Record<keyof StudentInput, unknown>>,
  options: StudentFormOptions = {},
): string[] {
  const problems: StudentFormItemKey[] = [];
  const name = textOf(input.name);
  if (name === '' || name.length > STUDENT_LIMITS.name) problems.push('student.itemName');
  const surname = textOf(input.surname);
  if (surname === '' || surname.length > STUDENT_LIMITS.surname) problems.push('student.itemSurname');
  const tckn = textOf(input.TCKN);
  if (tckn.length === 11) {
    if (!isValidTckn(tckn)) problems.push('student.itemTcknInvalid');
    else if (options.existingTckns && new Set(options.existingTckns).has(tckn))
      problems.push('student.itemTcknTaken');
  } else {
    problems.push('student.itemTcknMissing');
  }
  // product.md 5: registration year at least 2000 (so the student number has 5 digits), birth year at least 1900.
  if (!validDate(input.regD, input.regM, input.regY, STUDENT_LIMITS.minRegistrationYear)) {
    problems.push('student.itemRegistrationDate');
  }
  if (!validDate(input.dobD, input.dobM, input.dobY, STUDENT_LIMITS.minBirthYear))
    problems.push('student.itemBirthDate');
  const pob = textOf(input.pob);
  if (pob === '' || pob.length > STUDENT_LIMITS.pob) problems.push('student.itemBirthPlace');
  const address = textOf(input.address);
  if (address === '' || address.length > STUDENT_LIMITS.address) problems.push('student.itemAddress');
  return problems.map((key) => message(key));
}

/** api.md 8.2: create joins the items by ", ", edit puts them on separate lines. */
export function studentValidationMessage(items: readonly string[], mode: StudentFormMode): string {
  return mode === 'create'
    ? message('student.createInvalid', { items: items.join(', ') })
    : message('student.updateInvalid', { items: items.join('\n') });
}

export function studentValidationError(
  items: readonly string[],
  mode: StudentFormMode,
  details: Record<string, unknown> = {},
): DomainError {
  return new DomainError(
    mode === 'create' ? 'student.createInvalid' : 'student.updateInvalid',
    studentValidationMessage(items, mode),
    { items: [...items], ...details },
  );
}

/** POST registerStudent (api.md 7.3): the student object; a failure answers the exact text of api.md 8.2. */
export const registerStudentSchema = studentInputSchema.transform(
  (value: LooseStudentInput, ctx): StudentInput => {
    const items = studentFormProblems(value);
    if (items.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: studentValidationMessage(items, 'create'),
        params: { code: 'student.createInvalid', items },
      });
      return z.NEVER;
    }
    // Every nullable item field was checked present above.
    return value as StudentInput;
  },
);

/** POST editStudent: the student object with its id. */
export const editStudentSchema = z
  .strictObject({ id: z.uuid({ error: message('student.notFound') }), ...studentShape })
  .transform((value, ctx) => {
    const { id, ...rest } = value;
    const items = studentFormProblems(rest);
    if (items.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: studentValidationMessage(items, 'edit'),
        params: { code: 'student.updateInvalid', items },
      });
      return z.NEVER;
    }
    return { id, ...(rest as StudentInput) };
  });

/** Soft delete and restore of a student: {id}. */
export const studentIdSchema = z.strictObject({ id: z.uuid({ error: message('student.notFound') }) });

/** KVKK erasure of a student's personal data: {id, confirmation}, the student number typed as confirmation. */
export const eraseStudentPersonalDataSchema = z.strictObject({
  id: z.uuid({ error: message('student.notFound') }),
  confirmation: z.string({ error: message('student.eraseConfirmMismatch') }).max(10, {
    error: message('student.eraseConfirmMismatch'),
  }),
});

/** getStudentAttended, getStudentBalances, getStudentBalanceSheet: {id} (api.md 7.3). */
export const studentBalanceQuerySchema = studentIdSchema;

export type RegisterStudentInput = z.output<typeof registerStudentSchema>;
export type EditStudentInput = z.output<typeof editStudentSchema>;
