import {
  anonymisedStudentFields,
  studentFieldsOf,
  trLower,
  type SmsConsentCodeEvent,
  type SmsConsentEvent,
  type EventOf,
} from '@okul/domain';
import { defineProjection, type BatchHandler } from '../runtime/projection';
import { byColumn } from '../runtime/columns';

/** A user id as the read model keeps it (uuid column); anything else (a system actor) is not a user. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const userIdOrNull = (v: string | null | undefined): string | null => (v && UUID.test(v) ? v : null);

/**
 * product.md 5 Student search: Turkish lower case over name plus surname, number and national ID. Course names
 * change on their own, so the reader matches them from the courses view at query time.
 */
export function studentSearchText(s: {
  studentNumber: number;
  name: string;
  surname: string;
  TCKN: string | null;
}) {
  return trLower([String(s.studentNumber).padStart(5, '0'), s.name, s.surname, s.TCKN ?? ''].join(' '));
}

/** The fields of the lean list (getStudents?view=list): what the Öğrenciler table and the pickers show. */
export const STUDENT_LIST_FIELDS = [
  'id',
  'DBID',
  'studentNumber',
  'name',
  'surname',
  'dobD',
  'dobM',
  'dobY',
  'regD',
  'regM',
  'regY',
  'TCKN',
  'createdAt',
  'createdBy',
  'editedAt',
  'editedBy',
  'deletedAt',
] as const;

function listOf(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of STUDENT_LIST_FIELDS) if (k in data) out[k] = data[k];
  return out;
}

/** The row a registration inserts (the handler and the batch handler write the same). */
function registeredRow(d: EventOf<'StudentRegistered'>['data']) {
  const fields = studentFieldsOf(d);
  const data = {
    id: d.studentId,
    DBID: d.studentId,
    studentNumber: d.studentNumber,
    ...fields,
    createdAt: d.createdAt,
    createdBy: d.createdBy,
    editedAt: null,
    editedBy: null,
    deletedAt: null,
  };
  return {
    id: d.studentId,
    organization_id: d.organizationId,
    student_number: d.studentNumber,
    name: fields.name,
    surname: fields.surname,
    tckn: fields.TCKN,
    dob_d: fields.dobD,
    dob_m: fields.dobM,
    dob_y: fields.dobY,
    search_text: studentSearchText({ ...fields, studentNumber: d.studentNumber }),
    data: JSON.stringify(data),
    created_at: d.createdAt,
    created_by: userIdOrNull(d.createdBy),
    phone: fields.phone,
    parent1_phone: fields.parent1Phone,
    parent2_phone: fields.parent2Phone,
    list_data: JSON.stringify(listOf(data)),
  };
}

const ROW_COLUMNS = `id, organization_id, student_number, name, surname, tckn, dob_d, dob_m, dob_y, search_text, data,
                created_at, created_by, phone, parent1_phone, parent2_phone, list_data`;

/** A run of StudentRegistered in one multi-row insert, in event order. */
const registerStudents: BatchHandler<'StudentRegistered'> = async ({ sql, table }, events) => {
  const x = byColumn(
    1,
    `id uuid, organization_id uuid, student_number int, name text, surname text, tckn text, dob_d int, dob_m int,
     dob_y int, search_text text, data text, created_at timestamptz, created_by uuid, phone text, parent1_phone text,
     parent2_phone text, list_data text`,
    events.map((e) => registeredRow(e.data)),
  );
  await sql.query(
    `INSERT INTO ${table('students')} (${ROW_COLUMNS}) SELECT ${ROW_COLUMNS} FROM ${x.from}`,
    x.params,
  );
};

/**
 * The students of each organisation (getStudents, the student detail, names in other lists).
 * `data` holds the answer's entity fields of product.md 3 in their API names as JSON text, ready to send (and
 * `list_data` the fields of the lean list), so
 * the reader adds only what is computed at read time (active flag, courses, user names) without building JSON
 * for 3,000 students in the database; the columns beside it are for filters.
 */
export const studentsProjection = defineProjection({
  name: 'students',
  version: 4,
  tables: ['students'],
  schema: (t) => `
    CREATE TABLE ${t('students')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      student_number int NOT NULL,
      name text NOT NULL,
      surname text NOT NULL,
      tckn text,
      dob_d int,
      dob_m int,
      dob_y int,
      phone text,
      parent1_phone text,
      parent2_phone text,
      search_text text NOT NULL,
      data text NOT NULL,
      list_data text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid,
      deleted_at timestamptz
    );
    CREATE INDEX ON ${t('students')} (organization_id, student_number);
    CREATE INDEX ON ${t('students')} (organization_id, dob_m, dob_d);
  `,
  handlers: {
    StudentRegistered: async ({ sql, table }, e: EventOf<'StudentRegistered'>) => {
      const row = registeredRow(e.data);
      await sql.query(
        `INSERT INTO ${table('students')} (${ROW_COLUMNS})
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
        [
          row.id,
          row.organization_id,
          row.student_number,
          row.name,
          row.surname,
          row.tckn,
          row.dob_d,
          row.dob_m,
          row.dob_y,
          row.search_text,
          row.data,
          row.created_at,
          row.created_by,
          row.phone,
          row.parent1_phone,
          row.parent2_phone,
          row.list_data,
        ],
      );
    },
    StudentEdited: async ({ sql, table }, e: EventOf<'StudentEdited'>) => {
      const d = e.data;
      const fields = studentFieldsOf(d);
      const patch = { ...fields, editedAt: d.editedAt, editedBy: d.editedBy };
      await sql.query(
        `UPDATE ${table('students')} SET name=$2, surname=$3, tckn=$4, dob_d=$5, dob_m=$6, dob_y=$7, search_text=$8,
                data = (data::jsonb || $9::jsonb)::text, edited_at=$10, edited_by=$11, phone=$12, parent1_phone=$13, parent2_phone=$14,
                list_data = (list_data::jsonb || $15::jsonb)::text
          WHERE id=$1`,
        [
          d.studentId,
          fields.name,
          fields.surname,
          fields.TCKN,
          fields.dobD,
          fields.dobM,
          fields.dobY,
          studentSearchText({ ...fields, studentNumber: d.studentNumber }),
          JSON.stringify(patch),
          d.editedAt,
          userIdOrNull(d.editedBy),
          fields.phone,
          fields.parent1Phone,
          fields.parent2Phone,
          JSON.stringify(listOf(patch)),
        ],
      );
    },
    StudentSoftDeleted: async ({ sql, table }, e: EventOf<'StudentSoftDeleted'>) => {
      await sql.query(
        `UPDATE ${table('students')} SET deleted_at=$2, data = (data::jsonb || jsonb_build_object('deletedAt', $3::text))::text,
                list_data = (list_data::jsonb || jsonb_build_object('deletedAt', $3::text))::text
          WHERE id=$1`,
        [e.data.studentId, e.data.deletedAt, e.data.deletedAt],
      );
    },
    // product.md 5 Consent: an ONAY/RET reply to the shared number sets that phone's consent and its date
    // (sms/consent.ts).
    SmsConsentReplied: async ({ sql, table }, e: { data: SmsConsentEvent['data'] }) => {
      for (const s of e.data.students) {
        const patch = {
          [`${s.phoneKind}OptInStatus`]: e.data.status,
          [`${s.phoneKind}ConsentDate`]: e.data.receivedAt,
        };
        await sql.query(
          `UPDATE ${table('students')} SET data = (data::jsonb || $2::jsonb)::text WHERE id = $1`,
          [s.studentId, JSON.stringify(patch)],
        );
      }
    },
    // product.md 5 Consent by QR code: the parent confirmed ONAY/RET with the one-time code (sms/consent-code.ts).
    SmsConsentConfirmed: async (
      { sql, table },
      e: { data: Extract<SmsConsentCodeEvent, { type: 'SmsConsentConfirmed' }>['data'] },
    ) => {
      for (const s of e.data.students) {
        const patch = {
          [`${s.phoneKind}OptInStatus`]: e.data.status,
          [`${s.phoneKind}ConsentDate`]: e.data.confirmedAt,
        };
        await sql.query(
          `UPDATE ${table('students')} SET data = (data::jsonb || $2::jsonb)::text WHERE id = $1`,
          [s.studentId, JSON.stringify(patch)],
        );
      }
    },
    // KVKK: the row becomes what a rebuild from the shredded events gives (columns, answer, search text).
    StudentPersonalDataErased: async ({ sql, table }, e: EventOf<'StudentPersonalDataErased'>) => {
      const d = e.data;
      const r = await sql.query<{ data: string }>(`SELECT data FROM ${table('students')} WHERE id = $1`, [
        d.studentId,
      ]);
      if (r.rows.length === 0) return;
      const fields = anonymisedStudentFields(
        studentFieldsOf(JSON.parse(r.rows[0].data) as never),
        d.studentNumber,
      );
      await sql.query(
        `UPDATE ${table('students')} SET name=$2, surname=$3, tckn=$4, search_text=$5, phone=$6, parent1_phone=$7,
                parent2_phone=$8, data = (data::jsonb || $9::jsonb)::text, list_data = (list_data::jsonb || $10::jsonb)::text
          WHERE id=$1`,
        [
          d.studentId,
          fields.name,
          fields.surname,
          fields.TCKN,
          studentSearchText({ ...fields, studentNumber: d.studentNumber }),
          fields.phone,
          fields.parent1Phone,
          fields.parent2Phone,
          JSON.stringify(fields),
          JSON.stringify(listOf(fields as unknown as Record<string, unknown>)),
        ],
      );
    },
    StudentResurrected: async ({ sql, table }, e: EventOf<'StudentResurrected'>) => {
      await sql.query(
        `UPDATE ${table('students')} SET deleted_at=NULL, data = (data::jsonb || '{"deletedAt":null}'::jsonb)::text,
                list_data = (list_data::jsonb || '{"deletedAt":null}'::jsonb)::text
          WHERE id=$1`,
        [e.data.studentId],
      );
    },
  },
  batchHandlers: { StudentRegistered: registerStudents },
});
