import {
  editStudentSchema,
  message,
  registerStudentSchema,
  studentFormProblems,
  studentValidationMessage,
  type ConsentStatus,
  type StudentFormMode,
  type StudentFormValues,
  ADULT_AGE,
  studentAge,
  type CalendarDay,
} from '@okul/domain';
import { withPrefix } from '../../../lib/failure-text';
import type { Student } from '@okul/domain';

export type ConsentChoice = '' | ConsentStatus;

/** The form as the inputs hold it: every field text (product.md 5: dates become numbers only when sent). */
export interface StudentFormState {
  regD: string;
  regM: string;
  regY: string;
  name: string;
  surname: string;
  TCKN: string;
  dobD: string;
  dobM: string;
  dobY: string;
  pob: string;
  phone: string;
  studentPhoneOptInStatus: ConsentChoice;
  email: string;
  facebook: string;
  instagram: string;
  parent1Name: string;
  parent1Phone: string;
  parent1Job: string;
  parent1PhoneOptInStatus: ConsentChoice;
  parent2Name: string;
  parent2Phone: string;
  parent2Job: string;
  parent2PhoneOptInStatus: ConsentChoice;
  address: string;
  notes: string;
}

export type StudentFormField = keyof StudentFormState;

const DATE_FIELDS = ['regD', 'regM', 'regY', 'dobD', 'dobM', 'dobY'] as const;

const text = (v: string | number | null | undefined): string =>
  v === null || v === undefined ? '' : String(v);
const consent = (v: string | null | undefined): ConsentChoice => (v === 'ONAY' || v === 'RET' ? v : '');

/** A new student's form: registration date today, everything else empty. */
export function emptyStudentForm(today: CalendarDay): StudentFormState {
  return {
    regD: String(today.day),
    regM: String(today.month),
    regY: String(today.year),
    name: '',
    surname: '',
    TCKN: '',
    dobD: '',
    dobM: '',
    dobY: '',
    pob: '',
    phone: '',
    studentPhoneOptInStatus: '',
    email: '',
    facebook: '',
    instagram: '',
    parent1Name: '',
    parent1Phone: '',
    parent1Job: '',
    parent1PhoneOptInStatus: '',
    parent2Name: '',
    parent2Phone: '',
    parent2Job: '',
    parent2PhoneOptInStatus: '',
    address: '',
    notes: '',
  };
}

/** Form values of the schema's shape (a stored student or the Otomatik Doldur sample) as input texts. */
export function formFromValues(values: Partial<StudentFormValues> | Student): StudentFormState {
  const v = values as Partial<Record<StudentFormField, string | number | null | undefined>>;
  const form = {} as Record<StudentFormField, string>;
  for (const key of Object.keys(emptyStudentForm({ year: 0, month: 0, day: 0 })) as StudentFormField[]) {
    form[key] = text(v[key]);
  }
  return {
    ...(form as unknown as StudentFormState),
    studentPhoneOptInStatus: consent(text(v.studentPhoneOptInStatus)),
    parent1PhoneOptInStatus: consent(text(v.parent1PhoneOptInStatus)),
    parent2PhoneOptInStatus: consent(text(v.parent2PhoneOptInStatus)),
  };
}

/**
 * product.md 5: all strings trimmed before sending, dates as numbers, empty (and blank optional text) as
 * null. A date part that is not a number stays text, so the shared schema names its item.
 */
export function formToPayload(form: StudentFormState): StudentFormValues {
  const out: Record<string, string | number | null> = {};
  for (const [key, raw] of Object.entries(form) as Array<[StudentFormField, string]>) {
    const t = raw.trim();
    if (t === '') out[key] = null;
    else if ((DATE_FIELDS as readonly string[]).includes(key)) out[key] = /^\d+$/.test(t) ? Number(t) : t;
    else out[key] = t;
  }
  return out as StudentFormValues;
}

/** The edit payload: the student's id and the same object as on registration. */
export function editPayload(id: string, form: StudentFormState): StudentFormValues & { id: string } {
  return { id, ...formToPayload(form) };
}

/** The whole stored student as an edit payload with only its notes changed (the notes box of the detail). */
export function notesPayload(student: Student, notes: string): StudentFormValues & { id: string } {
  return editPayload(student.id, { ...formFromValues(student), notes });
}

/** Which inputs an item of api.md 8.2 points at, to mark them red. */
const ITEM_FIELDS: Array<[string, StudentFormField[]]> = [
  [message('student.itemName'), ['name']],
  [message('student.itemSurname'), ['surname']],
  [message('student.itemTcknInvalid'), ['TCKN']],
  [message('student.itemTcknTaken'), ['TCKN']],
  [message('student.itemTcknMissing'), ['TCKN']],
  [message('student.itemRegistrationDate'), ['regD', 'regM', 'regY']],
  [message('student.itemBirthDate'), ['dobD', 'dobM', 'dobY']],
  [message('student.itemBirthPlace'), ['pob']],
  [message('student.itemAddress'), ['address']],
];

/** The items that are the name of their field (api.md 8.2 lists them that way in the toast). */
const NAMING_ITEMS = new Set(
  (
    [
      'student.itemName',
      'student.itemSurname',
      'student.itemRegistrationDate',
      'student.itemBirthDate',
      'student.itemBirthPlace',
      'student.itemAddress',
    ] as const
  ).map((k) => message(k)),
);

export interface StudentFormCheck {
  /** The missing or invalid items of api.md 8.2, in its order. */
  items: string[];
  /** Inputs to mark, with the text to show under them. */
  fieldErrors: Partial<Record<StudentFormField, string>>;
}

/**
 * The items of product.md 5 (shared with the server), with the TCKNs of the organisation's other students on
 * create (TCKN zaten kayıtlı).
 */
export function checkStudentForm(
  form: StudentFormState,
  options: { mode: StudentFormMode; existingTckns?: Iterable<string> },
): StudentFormCheck {
  const items = studentFormProblems(formToPayload(form), {
    existingTckns: options.mode === 'create' ? options.existingTckns : undefined,
  });
  const fieldErrors: Partial<Record<StudentFormField, string>> = {};
  for (const item of items) {
    const fields = ITEM_FIELDS.find(([t]) => t === item)?.[1] ?? [];
    // An item that is only the field's name says under the input whether it is missing or wrong.
    const text = !NAMING_ITEMS.has(item)
      ? item
      : fields.every((f) => String(form[f] ?? '').trim() === '')
        ? message('student.fieldRequired', { field: item })
        : message('student.fieldInvalid', { field: item });
    for (const field of fields) fieldErrors[field] ??= text;
  }
  return { items, fieldErrors };
}

/** api.md 8.2: "Öğrenci kaydedilemedi: Eksik/hatalı bilgi: " + items by ", " (create) or one per line (edit). */
export function validationToast(items: readonly string[], mode: StudentFormMode): string {
  return studentValidationMessage(items, mode);
}

/** product.md 2: parent info is for students under 18 (or whose birth date is not known yet). */
export function showsParents(form: StudentFormState, today: CalendarDay): boolean {
  const n = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : null);
  const age = studentAge({ dobD: n(form.dobD), dobM: n(form.dobM), dobY: n(form.dobY) }, today);
  const hasParentData = [form.parent1Name, form.parent1Phone, form.parent2Name, form.parent2Phone].some(
    (v) => v.trim() !== '',
  );
  return age === null || age < ADULT_AGE || hasParentData;
}

export type StudentFormResult =
  | { ok: true; payload: StudentFormValues & { id?: string } }
  | { ok: false; toast: string; fieldErrors: Partial<Record<StudentFormField, string>> };

/**
 * The whole check before sending, with the server's own schema (registerStudent / editStudent): the items of
 * api.md 8.2 give the toast of 8.2; a field the schema refuses on its own (phone, e-mail, a text too long)
 * is named under its input and in the toast, as the server would answer it.
 */
export function validateStudentForm(
  form: StudentFormState,
  options: { mode: StudentFormMode; id?: string; existingTckns?: Iterable<string> },
): StudentFormResult {
  const { items, fieldErrors } = checkStudentForm(form, options);
  const payload = options.mode === 'edit' ? editPayload(options.id ?? '', form) : formToPayload(form);
  const parsed =
    options.mode === 'edit' ? editStudentSchema.safeParse(payload) : registerStudentSchema.safeParse(payload);
  const fieldIssues: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || field === 'id' || !(field in form)) continue;
      fieldErrors[field as StudentFormField] ??= issue.message;
      if (!fieldIssues.includes(issue.message)) fieldIssues.push(issue.message);
    }
  }
  if (items.length > 0) return { ok: false, toast: validationToast(items, options.mode), fieldErrors };
  if (fieldIssues.length > 0 || !parsed.success) {
    const prefix =
      options.mode === 'create'
        ? message('student.createFailedPrefix')
        : message('student.updateFailedPrefix');
    const reasons =
      fieldIssues.length > 0 ? fieldIssues : parsed.success ? [] : [parsed.error.issues[0].message];
    return {
      ok: false,
      toast: withPrefix(prefix, reasons.join(options.mode === 'create' ? ', ' : '\n')),
      fieldErrors,
    };
  }
  return { ok: true, payload };
}
