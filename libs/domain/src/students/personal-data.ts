import { message } from '../shared/messages';
import type { StudentFields } from './decider';
import { formatStudentNumber } from './student-number-decider';

/**
 * KVKK erasure (docs/DECISIONS.md, "Erasure under KVKK"): the ONE list of a student's personal fields, per
 * event type that carries them. The event store encrypts exactly these with the student's own key and, once
 * the key is shredded, reads them back anonymised; every other field (numbers, dates, amounts, consents) is
 * stored as it is, so balances, attendances and statistics stay whole.
 */
const STUDENT_FORM_PERSONAL_FIELDS = [
  'name',
  'surname',
  'TCKN',
  'email',
  'phone',
  'address',
  'pob',
  'facebook',
  'instagram',
  'parent1Name',
  'parent1Phone',
  'parent1Job',
  'parent2Name',
  'parent2Phone',
  'parent2Job',
  'notes',
] as const satisfies readonly (keyof StudentFields)[];

export const STUDENT_PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  StudentRegistered: STUDENT_FORM_PERSONAL_FIELDS,
  StudentEdited: STUDENT_FORM_PERSONAL_FIELDS,
  TcknReserved: ['tckn'],
  TcknReleased: ['tckn'],
};

/** Fields the forms require: anonymised to an empty text (their type stays a string), the others to null. */
const REQUIRED_TEXT = new Set(['surname', 'TCKN', 'address', 'pob', 'tckn']);

/** The personal fields an event type carries, or null when it carries none. */
export function studentPersonalFields(type: string): readonly string[] | null {
  return Object.hasOwn(STUDENT_PERSONAL_FIELDS, type) ? STUDENT_PERSONAL_FIELDS[type] : null;
}

/** The student whose key protects this event's personal fields (null: the event carries none). */
export function personalDataOwner(
  type: string,
  data: unknown,
): { organizationId: string; studentId: string } | null {
  if (!studentPersonalFields(type) || typeof data !== 'object' || data === null) return null;
  const { organizationId, studentId } = data as { organizationId?: unknown; studentId?: unknown };
  if (typeof organizationId !== 'string' || typeof studentId !== 'string') return null;
  return { organizationId, studentId };
}

/** The name an erased student is shown with: no personal data, only the student number. */
export function erasedStudentName(studentNumber: number | null | undefined): string {
  return message('student.erasedName', {
    number: typeof studentNumber === 'number' ? formatStudentNumber(studentNumber) : '',
  });
}

/** The value a personal field takes once the student's data is erased. */
function erasedValue(field: string, studentNumber: unknown): string | null {
  if (field === 'name') return erasedStudentName(typeof studentNumber === 'number' ? studentNumber : null);
  return REQUIRED_TEXT.has(field) ? '' : null;
}

/** An event's data with its personal fields anonymised and every other field unchanged. */
export function anonymisedEventData<D>(type: string, data: D): D {
  const fields = studentPersonalFields(type);
  if (!fields || typeof data !== 'object' || data === null) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const f of fields) out[f] = erasedValue(f, out.studentNumber);
  return out as D;
}

/** A student's fields with the personal ones anonymised (what deciders and read models keep after erasure). */
export function anonymisedStudentFields(fields: StudentFields, studentNumber: number): StudentFields {
  const out: Record<string, unknown> = { ...fields };
  for (const f of STUDENT_FORM_PERSONAL_FIELDS) out[f] = erasedValue(f, studentNumber);
  return out as unknown as StudentFields;
}

/** Splits an event's data into its personal fields and the rest (the part stored in clear). */
export function splitPersonalData(
  type: string,
  data: Record<string, unknown>,
): { personal: Record<string, unknown>; rest: Record<string, unknown> } {
  const fields = new Set(studentPersonalFields(type) ?? []);
  const personal: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) (fields.has(k) ? personal : rest)[k] = v;
  return { personal, rest };
}

/** Whether a student's personal data was erased (what the screens show instead of the KVKK action). */
export function isErasedStudent(s: { name: string; TCKN: string | null; studentNumber: number }): boolean {
  return s.name === erasedStudentName(s.studentNumber) && !s.TCKN;
}
