import { z } from 'zod';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { MESSAGES, message, type MessageKey } from '../shared/messages';
import { trLower } from '../shared/validation';
import type { StudentEvent, StudentState } from './decider';
import { planStudentRegistration, studentRegistrationStreams, type StreamPart } from './registration';
import { registerStudentSchema, type StudentFormValues, type StudentInput } from './schemas';
import {
  evolveStudentNumber,
  type StudentNumberEvent,
  type StudentNumberState,
} from './student-number-decider';
import type { TcknRef, TcknReservationEvent, TcknReservationState } from './tckn-decider';

/**
 * Import of an existing student list (CSV or Excel): the columns of the file are mapped to the fields of the
 * student form, every row is checked with the form's own schema (registerStudentSchema) and registered
 * through the same plan as the form (planStudentRegistration), so an imported student is indistinguishable
 * from one typed in.
 */

/** Rows of one importStudents request: the client sends a long list in chunks (progress, body limit). */
export const IMPORT_CHUNK_MAX = 250;
export const IMPORT_FILE_NAME_MAX = 200;

/** What a column of the file can be mapped to: the student form's fields, plus a name-and-surname column. */
export const IMPORT_FIELDS = [
  'name',
  'surname',
  'fullName',
  'TCKN',
  'birthDate',
  'pob',
  'registrationDate',
  'phone',
  'email',
  'address',
  'parent1Name',
  'parent1Phone',
  'parent1Job',
  'parent2Name',
  'parent2Phone',
  'parent2Job',
  'facebook',
  'instagram',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The Turkish name of each field, as the student form labels it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'İsim',
  surname: 'Soyisim',
  fullName: 'Ad Soyad (tek sütun)',
  TCKN: 'TC Kimlik No',
  birthDate: 'Doğum Tarihi',
  pob: 'Doğum Yeri',
  registrationDate: 'Kayıt Tarihi',
  phone: 'Telefon',
  email: 'E-posta',
  address: 'Adres',
  parent1Name: '1. Veli Adı Soyadı',
  parent1Phone: '1. Veli Telefonu',
  parent1Job: '1. Veli Mesleği',
  parent2Name: '2. Veli Adı Soyadı',
  parent2Phone: '2. Veli Telefonu',
  parent2Job: '2. Veli Mesleği',
  facebook: 'Facebook',
  instagram: 'Instagram',
  notes: 'Notlar',
};

/** Header text folded for matching: Turkish lower case, no accents, words of letters and digits. */
export function normalizeHeader(header: unknown): string {
  return trLower(String(header ?? ''))
    .replace(/ç/g, 'c')
    .replace(/ğ/g, 'g')
    .replace(/ı/g, 'i')
    .replace(/ö/g, 'o')
    .replace(/ş/g, 's')
    .replace(/ü/g, 'u')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Tried in this order on the folded header; the more specific headers (second parent, parent phone) first,
// so "Veli Telefonu" is not read as the student's phone nor "Doğum Yeri" as a birth date.
const HEADER_RULES: [ImportField, RegExp][] = [
  ['parent2Phone', /^(2|ikinci) ?veli.*\b(tel|telefon|telefonu|gsm|cep)\b/],
  ['parent2Job', /^(2|ikinci) ?veli.*\bmesle[kg]/],
  ['parent2Name', /^(2|ikinci) ?veli\b/],
  ['parent1Phone', /\b(veli|anne|baba)\b.*\b(tel|telefon|telefonu|gsm|cep)\b/],
  ['parent1Job', /\b(veli|anne|baba)\b.*\bmesle[kg]/],
  ['parent1Name', /^(1 |birinci )?(veli|anne|baba)\b/],
  ['TCKN', /^(t ?c|tckn|tc no|kimlik)\b|\bkimlik (no|numarasi)\b/],
  ['pob', /\bdogum yeri\b/],
  ['birthDate', /\bdogum( tarihi)?$|^d ?t$|^d tarihi$/],
  ['registrationDate', /\bkayit( tarihi)?$/],
  [
    'fullName',
    /^(ogrenci )?(ad ?soyad|adi ?soyadi|ad ?soyadi|adi ?soyad|isim ?soyisim|isim ?soyad)$|^ogrenci$/,
  ],
  ['surname', /^(ogrenci )?(soyad|soyadi|soyisim|soyismi|soy ad|soy adi)$/],
  ['name', /^(ogrenci )?(ad|adi|isim|ismi|isim)$/],
  ['phone', /\b(tel|telefon|telefonu|gsm|cep)\b/],
  ['email', /^(e ?posta|e ?mail|mail)( adresi)?$/],
  ['address', /\badres/],
  ['facebook', /facebook/],
  ['instagram', /instagram/],
  ['notes', /^(not|notlar|aciklama)$/],
];

/** The field a header names, or null when it names none of them. */
export function guessField(header: unknown): ImportField | null {
  const h = normalizeHeader(header);
  if (h === '') return null;
  return HEADER_RULES.find(([, pattern]) => pattern.test(h))?.[0] ?? null;
}

/** Column index -> field (null: ignored). Each field is taken by the first column that names it. */
export type ColumnMapping = (ImportField | null)[];

export function guessColumnMapping(headers: readonly unknown[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = guessField(header);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** A cell as the file readers answer it (an Excel date cell comes as a Date). */
export type ImportCell = string | number | boolean | Date | null | undefined;

export interface DateParts {
  d: number;
  m: number;
  y: number;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date cell: a Date (Excel), an Excel day number, or text as written in Turkey (31.12.2012, 31/12/2012,
 * 31-12-2012) or ISO (2012-12-31). Anything else is null, which the form refuses with the date's item.
 */
export function parseDateCell(value: ImportCell): DateParts | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { d: value.getUTCDate(), m: value.getUTCMonth() + 1, y: value.getUTCFullYear() };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 1 || value > 2_958_465) return null;
    return parseDateCell(new Date(EXCEL_EPOCH + Math.floor(value) * DAY_MS));
  }
  if (typeof value !== 'string') return null;
  const t = value.trim();
  const tr = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  if (tr) return { d: Number(tr[1]), m: Number(tr[2]), y: Number(tr[3]) };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (iso) return { d: Number(iso[3]), m: Number(iso[2]), y: Number(iso[1]) };
  return null;
}

function cellText(value: ImportCell): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  // An Excel number cell (a TCKN or a phone typed as a number) reads as its digits.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  const t = String(value).trim();
  return t === '' ? null : t;
}

type TextField = Exclude<ImportField, 'fullName' | 'birthDate' | 'registrationDate'>;

/**
 * One row of the file as the student form's values (the input of registerStudentSchema). An empty or
 * unmapped registration date is the import day, as the form starts with today.
 */
export function mapImportRow(
  cells: readonly ImportCell[],
  mapping: ColumnMapping,
  today: DateParts,
): StudentFormValues {
  const out: Record<string, string | number | null> = {};
  let birth: DateParts | null = null;
  let registration: DateParts | null = null;
  let registrationGiven = false;
  mapping.forEach((field, i) => {
    if (field === null) return;
    const value = cells[i];
    if (field === 'birthDate') {
      birth = parseDateCell(value);
    } else if (field === 'registrationDate') {
      registrationGiven = cellText(value) !== null;
      registration = parseDateCell(value);
    } else if (field === 'fullName') {
      const words = (cellText(value) ?? '').split(/\s+/).filter(Boolean);
      out.name ??= words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? null);
      out.surname ??= words.length > 1 ? words[words.length - 1] : null;
    } else {
      out[field satisfies TextField] = cellText(value);
    }
  });
  const b = birth as DateParts | null;
  const r = registrationGiven ? (registration as DateParts | null) : today;
  return {
    ...out,
    dobD: b?.d ?? null,
    dobM: b?.m ?? null,
    dobY: b?.y ?? null,
    regD: r?.d ?? null,
    regM: r?.m ?? null,
    regY: r?.y ?? null,
  } as StudentFormValues;
}

/** A refusal of one row: the catalogue's code and the text the form would show. */
export interface RowRefusal {
  code: MessageKey;
  error: string;
}

let templates: [RegExp, MessageKey][] | null = null;

/** The catalogue key of a schema message (templates such as "{field} geçersiz" matched as patterns). */
function keyOfText(text: string): MessageKey | null {
  templates ??= (Object.keys(MESSAGES) as MessageKey[])
    .filter((k) => MESSAGES[k].status === 400)
    .map((k): [RegExp, MessageKey] => {
      const escaped = MESSAGES[k].text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return [new RegExp(`^${escaped.replace(/\\\{\w+\\\}/g, '[\\s\\S]+')}$`), k];
    });
  return templates.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** api.md 8.2: a refused registration reads "Öğrenci kaydedilemedi: ..."; the form's items carry it already. */
export function withCreatePrefix(text: string): string {
  const prefix = message('student.createFailed', { error: '' });
  return text.startsWith(prefix) ? text : message('student.createFailed', { error: text });
}

export function refusalOf(e: DomainError): RowRefusal {
  return { code: e.code as MessageKey, error: withCreatePrefix(e.message) };
}

/** The first problem of a row, as registerStudent would answer it. */
function schemaRefusal(error: z.ZodError): RowRefusal {
  const issue = error.issues[0];
  const params = (issue.code === 'custom' ? issue.params : undefined) as { code?: unknown } | undefined;
  const code =
    typeof params?.code === 'string' && Object.hasOwn(MESSAGES, params.code)
      ? (params.code as MessageKey)
      : (keyOfText(issue.message) ?? 'common.badRequest');
  return { code, error: withCreatePrefix(issue.message) };
}

export type CheckedRow = { ok: true; student: StudentInput } | ({ ok: false } & RowRefusal);

/** One row checked with the student form's schema (the preview and the server both call this). */
export function checkImportRow(values: unknown): CheckedRow {
  const r = registerStudentSchema.safeParse(values);
  return r.success ? { ok: true, student: r.data } : { ok: false, ...schemaRefusal(r.error) };
}

/** Lines whose TCKN an earlier line of the same file already has: line -> that earlier line. */
export function duplicateTcknLines(
  rows: readonly { line: number; tckn: string | null }[],
): Map<number, number> {
  const first = new Map<string, number>();
  const out = new Map<number, number>();
  for (const { line, tckn } of rows) {
    if (!tckn) continue;
    const earlier = first.get(tckn);
    if (earlier === undefined) first.set(tckn, line);
    else out.set(line, earlier);
  }
  return out;
}

export function duplicateRefusal(earlierLine: number): RowRefusal {
  return {
    code: 'studentImport.duplicateInFile',
    error: message('studentImport.duplicateInFile', { line: earlierLine }),
  };
}

/** POST importStudents: rows of the file as the student form's values, numbered by their line in the file. */
export const importStudentsSchema = z.strictObject({
  fileName: z
    .string({ error: message('common.badRequest') })
    .refine((v) => v.length <= IMPORT_FILE_NAME_MAX, {
      error: message('studentImport.fileNameTooLong', { max: IMPORT_FILE_NAME_MAX }),
      params: { code: 'studentImport.fileNameTooLong', max: IMPORT_FILE_NAME_MAX },
    })
    .nullish()
    .transform((v) => (v ? v.trim() || null : null)),
  rows: z
    .array(
      z.strictObject({
        line: z.int({ error: message('studentImport.lineInvalid') }).min(1, {
          error: message('studentImport.lineInvalid'),
        }),
        // Each row is checked on its own with the form's schema, so one bad row refuses only itself.
        student: z.record(z.string(), z.unknown(), { error: message('common.badRequest') }),
      }),
      { error: message('common.badRequest') },
    )
    .min(1, { error: message('studentImport.noRows') })
    // A custom issue carries its catalogue code: the text has the limit filled in.
    // Each row is answered by its line: two rows of one line could not be told apart.
    .refine((rows) => new Set(rows.map((r) => r.line)).size === rows.length, {
      error: message('studentImport.lineInvalid'),
      params: { code: 'studentImport.lineInvalid' },
    })
    .refine((rows) => rows.length <= IMPORT_CHUNK_MAX, {
      error: message('studentImport.tooManyRows', { max: IMPORT_CHUNK_MAX }),
      params: { code: 'studentImport.tooManyRows', max: IMPORT_CHUNK_MAX },
    }),
});
export type ImportStudentsInput = z.output<typeof importStudentsSchema>;

/** The answer for one row. */
export type ImportRowOutcome =
  | { line: number; status: 'created'; studentId: string; studentNumber: number }
  | { line: number; status: 'existing'; studentId: string; studentNumber: number }
  | ({ line: number; status: 'refused' } & RowRefusal);

export interface ImportCounts {
  total: number;
  created: number;
  existing: number;
  refused: number;
}

export function countOutcomes(outcomes: readonly ImportRowOutcome[]): ImportCounts {
  const counts: ImportCounts = { total: outcomes.length, created: 0, existing: 0, refused: 0 };
  for (const o of outcomes) counts[o.status] += 1;
  return counts;
}

/**
 * The id an imported row's student gets: one per organisation and TCKN, so a file imported again finds its
 * students where it left them (the server hashes this key into a uuid).
 */
/**
 * What an imported row's student id is derived from: the organisation and the keyed hash of its TCKN, never
 * the TCKN itself (an id derived from an 11-digit number by a plain hash is reversed by trying them all).
 */
export const importedStudentKey = (organizationId: string, tcknRef: string) =>
  `student-import-ref:${organizationId}:${tcknRef}`;

/** The key of rows imported before the keyed hash: still looked up, so a re-run finds those students. */
export const legacyImportedStudentKey = (organizationId: string, tckn: string) =>
  `student-import:${organizationId}:${tckn}`;

export interface ImportCandidate {
  line: number;
  studentId: string;
  input: StudentInput;
}

export interface StudentImportPlan {
  /** Outcomes of the candidates, in their order. */
  outcomes: ImportRowOutcome[];
  students: StreamPart<StudentEvent>[];
  tckns: StreamPart<TcknReservationEvent>[];
  /** One part per registration-year counter, holding every number the import draws from it. */
  numbers: StreamPart<StudentNumberEvent>[];
}

/**
 * Registers the rows one after the other through planStudentRegistration, each on the states the previous
 * rows left (the year's counter goes on from the number the row before took). A row whose student exists
 * already (a file imported again) is reported, not registered twice; a row the plan refuses is reported with
 * the form's message and the others go on.
 */
export function planStudentImport(
  request: {
    organizationId: string;
    userId: string | null;
    now: string;
    candidates: ImportCandidate[];
    tcknRef: TcknRef;
  },
  states: {
    students: ReadonlyMap<string, StudentState>;
    tckns: ReadonlyMap<string, TcknReservationState>;
    numbers: ReadonlyMap<string, StudentNumberState>;
  },
): StudentImportPlan {
  const { organizationId, userId, now, tcknRef } = request;
  const numbers = new Map(states.numbers);
  const numberEvents = new Map<string, StudentNumberEvent[]>();
  const plan: StudentImportPlan = { outcomes: [], students: [], tckns: [], numbers: [] };
  for (const { line, studentId, input } of request.candidates) {
    const streams = studentRegistrationStreams({ studentId, organizationId, input, tcknRef });
    const student = states.students.get(streams.student) ?? { status: 'none' };
    if (student.status !== 'none') {
      plan.outcomes.push({ line, status: 'existing', studentId, studentNumber: student.studentNumber });
      continue;
    }
    try {
      const counter = numbers.get(streams.numbers) ?? { highest: 0 };
      const p = planStudentRegistration(
        { studentId, organizationId, userId, now, input, tcknRef },
        {
          student,
          numbers: counter,
          tckn: {
            current: states.tckns.get(streams.tckn.current) ?? { holder: null },
            legacy: states.tckns.get(streams.tckn.legacy) ?? { holder: null },
          },
        },
      );
      numbers.set(streams.numbers, p.numbers.events.reduce(evolveStudentNumber, counter));
      numberEvents.set(streams.numbers, [...(numberEvents.get(streams.numbers) ?? []), ...p.numbers.events]);
      plan.students.push(p.student);
      plan.tckns.push(p.tckn);
      plan.outcomes.push({ line, status: 'created', studentId, studentNumber: p.studentNumber });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      plan.outcomes.push({ line, status: 'refused', ...refusalOf(e) });
    }
  }
  plan.numbers = [...numberEvents].map(([streamId, events]) => ({ streamId, events }));
  return plan;
}

/** The record of one import request, for İşlem Dökümü: one entry with its counts. */
export type StudentImportEvent = DomainEvent<
  'StudentsImported',
  ImportCounts & {
    importId: string;
    organizationId: string;
    fileName: string | null;
    importedBy: string | null;
    importedAt: string;
  }
>;

export type StudentImportCommand = {
  type: 'RecordStudentImport';
  importId: string;
  organizationId: string;
  fileName: string | null;
  counts: ImportCounts;
  userId: string | null;
  now: string;
};

export type StudentImportState = { recorded: boolean };
export const initialStudentImportState: StudentImportState = { recorded: false };

/** One stream per import request. */
export const studentImportStream = (importId: string) => `student-import-${importId}`;

export function decideStudentImport(
  command: StudentImportCommand,
  state: StudentImportState,
): StudentImportEvent[] {
  switch (command.type) {
    case 'RecordStudentImport': {
      // A retried request (same idempotency key, same import id) records nothing twice.
      if (state.recorded) return [];
      return [
        {
          type: 'StudentsImported',
          data: {
            importId: command.importId,
            organizationId: command.organizationId,
            fileName: command.fileName,
            ...command.counts,
            importedBy: command.userId,
            importedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolveStudentImport(
  state: StudentImportState,
  event: StudentImportEvent,
): StudentImportState {
  switch (event.type) {
    case 'StudentsImported':
      return { recorded: true };
    default: {
      const _exhaustive: never = event.type;
      void _exhaustive;
      return state;
    }
  }
}

export const studentImportDecider = {
  decide: decideStudentImport,
  evolve: evolveStudentImport,
  initialState: initialStudentImportState,
} satisfies Decider<StudentImportCommand, StudentImportEvent, StudentImportState>;

/** The answer of importStudents: one outcome per row sent, and the counts. */
export const importStudentsAnswerSchema = z.object({
  total: z.number(),
  created: z.number(),
  existing: z.number(),
  refused: z.number(),
  rows: z.array(
    z.object({
      line: z.number(),
      status: z.enum(['created', 'existing', 'refused']),
      studentId: z.string().optional(),
      studentNumber: z.number().optional(),
      code: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
});
export type ImportStudentsAnswer = ImportCounts & { rows: ImportRowOutcome[] };
