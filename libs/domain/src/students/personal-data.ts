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

/**
 * Events that carry several students' personal data in one list (an SMS campaign: each message's phone
 * number and text, which names the student). They are not sealed per student (one event, many keys); once a
 * student is erased, reads blank that student's entries and keep the rest (amounts, credits, statuses).
 */
const LISTED_PERSONAL_FIELDS: Readonly<
  Record<string, { list: string; fields: readonly string[] } | { list: string; ownersList: string }>
> = {
  SmsCampaignAccepted: { list: 'messages', fields: ['dest', 'msg'] },
  // The once-a-day keys hold the phone number; `studentIds` names each key's student, in the same order.
  SmsCreditsReserved: { list: 'keys', ownersList: 'studentIds' },
};

/** Each listed entry with its student (null: no student named, kept as it is). */
function listedEntries(
  type: string,
  data: unknown,
): Array<{ entry: unknown; studentId: string | null }> | null {
  if (!Object.hasOwn(LISTED_PERSONAL_FIELDS, type) || typeof data !== 'object' || data === null) return null;
  const spec = LISTED_PERSONAL_FIELDS[type];
  const list = (data as Record<string, unknown>)[spec.list];
  if (!Array.isArray(list)) return null;
  const owners = 'ownersList' in spec ? (data as Record<string, unknown>)[spec.ownersList] : null;
  return list.map((entry: unknown, i) => {
    const id = Array.isArray(owners)
      ? (owners[i] as unknown)
      : (entry as { studentId?: unknown } | null)?.studentId;
    return { entry, studentId: typeof id === 'string' ? id : null };
  });
}

/** The students whose personal data an event lists (several per event), each with its organisation. */
export function listedPersonalDataOwners(
  type: string,
  data: unknown,
): Array<{ organizationId: string; studentId: string }> {
  const entries = listedEntries(type, data);
  const organizationId = (data as { organizationId?: unknown } | null)?.organizationId;
  if (!entries || typeof organizationId !== 'string') return [];
  return entries.flatMap((m) => (m.studentId === null ? [] : [{ organizationId, studentId: m.studentId }]));
}

/** The event's data with the listed entries of erased students blanked (empty texts), the rest unchanged. */
export function anonymisedListedPersonalData<D>(
  type: string,
  data: D,
  erased: (studentId: string) => boolean,
): D {
  const entries = listedEntries(type, data);
  const gone = (m: { studentId: string | null }) => m.studentId !== null && erased(m.studentId);
  if (!entries || !entries.some(gone)) return data;
  const spec = LISTED_PERSONAL_FIELDS[type];
  const blank = 'fields' in spec ? Object.fromEntries(spec.fields.map((f) => [f, ''])) : null;
  return {
    ...data,
    [spec.list]: entries.map((m) => (!gone(m) ? m.entry : blank ? { ...(m.entry as object), ...blank } : '')),
  };
}
