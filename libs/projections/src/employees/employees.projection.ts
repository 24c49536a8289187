import { wagePaymentRow, type AccountingEvent, type EventOf } from '@okul/domain';
import { defineProjection, type BatchHandler, type ProjectionContext } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import { userIdOrNull } from '../students/students.projection';

type Saved = EventOf<'EmployeeAdded' | 'EmployeeEdited'>;

const fieldValues = (d: Saved['data']) => [
  d.employeeId,
  d.organizationId,
  d.name,
  d.surname,
  d.userId,
  d.employeeTypeId,
  d.phone,
  d.notes,
  d.cv,
  d.branches,
  d.avatar,
  d.safeName,
  JSON.stringify(d.wages),
];

async function replaceWagePayment({ sql, table }: ProjectionContext, event: AccountingEvent): Promise<void> {
  await sql.query(`DELETE FROM ${table('wage_payments')} WHERE entry_id = $1`, [event.data.entryId]);
  const row = wagePaymentRow(event);
  if (row === null) return;
  await sql.query(
    `INSERT INTO ${table('wage_payments')} (entry_id, organization_id, employee_id, amount, at) VALUES ($1,$2,$3,$4,$5)`,
    [row.entryId, row.organizationId, row.employeeId, row.amount, row.date],
  );
}

/** A run of AttendanceAdded: the lessons with an instructor in one insert, in event order (the first one wins). */
const addLessons: BatchHandler<'AttendanceAdded'> = async ({ sql, table }, events) => {
  const rows = events
    .map((e) => e.data)
    .filter((d) => d.instructorId !== null)
    .map((d) => ({
      attendance_id: d.attendanceId,
      organization_id: d.organizationId,
      instructor_id: d.instructorId,
      at: d.timestamp,
    }));
  if (rows.length === 0) return;
  const x = byColumn(1, 'attendance_id uuid, organization_id uuid, instructor_id uuid, at timestamptz', rows);
  await sql.query(
    `INSERT INTO ${table('wage_lessons')} (attendance_id, organization_id, instructor_id, at)
     SELECT attendance_id, organization_id, instructor_id, at FROM ${x.from}
     ON CONFLICT (attendance_id) DO NOTHING`,
    x.params,
  );
};

/**
 * The employees of each organisation (getEmployees), instructors being employees of type 2 (getInstructors),
 * deleted ones included with deletedAt set; the lessons each instructor taught (wage_lessons), for the
 * per_class wages of the wages-owed read model (employees.reader.ts); and the wages paid (wage_payments).
 */
export const employeesProjection = defineProjection({
  name: 'employees',
  version: 2,
  tables: ['employees', 'wage_lessons', 'wage_payments'],
  schema: (t) => `
    CREATE TABLE ${t('employees')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      name text NOT NULL,
      surname text NOT NULL,
      user_id uuid,
      employee_type_id int NOT NULL,
      phone text,
      notes text,
      cv text,
      branches uuid[] NOT NULL,
      avatar text,
      safe_name text NOT NULL,
      wages jsonb NOT NULL,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid
    );
    CREATE INDEX ON ${t('employees')} (organization_id, employee_type_id);
    CREATE TABLE ${t('wage_lessons')} (
      attendance_id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      instructor_id uuid NOT NULL,
      at timestamptz NOT NULL
    );
    CREATE INDEX ON ${t('wage_lessons')} (organization_id, instructor_id, at);
    -- Wages paid: accounting entries of subtype wage naming the employee (product.md 3 Accounting entry).
    CREATE TABLE ${t('wage_payments')} (
      entry_id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      employee_id uuid NOT NULL,
      amount bigint NOT NULL,
      at timestamptz NOT NULL
    );
    CREATE INDEX ON ${t('wage_payments')} (organization_id, employee_id);
  `,
  handlers: {
    EmployeeAdded: async ({ sql, table }, e: EventOf<'EmployeeAdded'>) => {
      await sql.query(
        `INSERT INTO ${table('employees')} (id, organization_id, name, surname, user_id, employee_type_id, phone, notes, cv,
                branches, avatar, safe_name, wages, created_at, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
        [...fieldValues(e.data), e.metadata.occurredAt, userIdOrNull(e.metadata.userId)],
      );
    },
    EmployeeEdited: async ({ sql, table }, e: EventOf<'EmployeeEdited'>) => {
      await sql.query(
        `UPDATE ${table('employees')} SET organization_id=$2, name=$3, surname=$4, user_id=$5, employee_type_id=$6, phone=$7,
                notes=$8, cv=$9, branches=$10, avatar=$11, safe_name=$12, wages=$13, edited_at=$14, edited_by=$15
          WHERE id=$1`,
        [...fieldValues(e.data), e.metadata.occurredAt, userIdOrNull(e.metadata.userId)],
      );
    },
    EmployeeSoftDeleted: async ({ sql, table }, e: EventOf<'EmployeeSoftDeleted'>) => {
      await sql.query(
        `UPDATE ${table('employees')} SET deleted_at=$2, edited_at=$3, edited_by=$4 WHERE id=$1`,
        [e.data.employeeId, e.data.deletedAt, e.metadata.occurredAt, userIdOrNull(e.metadata.userId)],
      );
    },
    EmployeeResurrected: async ({ sql, table }, e: EventOf<'EmployeeResurrected'>) => {
      await sql.query(
        `UPDATE ${table('employees')} SET deleted_at=NULL, edited_at=$2, edited_by=$3 WHERE id=$1`,
        [e.data.employeeId, e.metadata.occurredAt, userIdOrNull(e.metadata.userId)],
      );
    },
    // product.md 4: a deleted other employee removed for good leaves every list; wage entries naming them stay.
    EmployeePermanentlyDeleted: async ({ sql, table }, e: EventOf<'EmployeePermanentlyDeleted'>) => {
      await sql.query(`DELETE FROM ${table('employees')} WHERE id = $1`, [e.data.employeeId]);
    },
    // api.md 7.5: an uploaded avatar (instructors' and employees' folders) is the record's avatar.
    MediaUploaded: async ({ sql, table }, e: EventOf<'MediaUploaded'>) => {
      const t = e.data.target;
      if (t.kind !== 'instructor' && t.kind !== 'employee') return;
      await sql.query(`UPDATE ${table('employees')} SET avatar = $3 WHERE id = $1 AND organization_id = $2`, [
        t.id,
        e.data.organizationId,
        e.data.url,
      ]);
    },
    MediaDeleted: async ({ sql, table }, e: EventOf<'MediaDeleted'>) => {
      const t = e.data.target;
      if (t.kind !== 'instructor' && t.kind !== 'employee') return;
      await sql.query(
        `UPDATE ${table('employees')} SET avatar = NULL WHERE id = $1 AND organization_id = $2`,
        [t.id, e.data.organizationId],
      );
    },
    // Lessons by instructor; one with Diğer (no instructor) pays no wage.
    AttendanceAdded: async ({ sql, table }, e: EventOf<'AttendanceAdded'>) => {
      const d = e.data;
      if (d.instructorId === null) return;
      await sql.query(
        `INSERT INTO ${table('wage_lessons')} (attendance_id, organization_id, instructor_id, at) VALUES ($1,$2,$3,$4)
         ON CONFLICT (attendance_id) DO NOTHING`,
        [d.attendanceId, d.organizationId, d.instructorId, d.timestamp],
      );
    },
    AttendanceEdited: async ({ sql, table }, e: EventOf<'AttendanceEdited'>) => {
      const d = e.data;
      await sql.query(`DELETE FROM ${table('wage_lessons')} WHERE attendance_id = $1`, [d.attendanceId]);
      if (d.instructorId === null) return;
      await sql.query(
        `INSERT INTO ${table('wage_lessons')} (attendance_id, organization_id, instructor_id, at) VALUES ($1,$2,$3,$4)`,
        [d.attendanceId, d.organizationId, d.instructorId, d.timestamp],
      );
    },
    AttendanceDeleted: async ({ sql, table }, e: EventOf<'AttendanceDeleted'>) => {
      await sql.query(`DELETE FROM ${table('wage_lessons')} WHERE attendance_id = $1`, [e.data.attendanceId]);
    },
    // Wages paid (wage-payments.ts): each accounting event replaces its entry's payment row.
    AccountingEntryAdded: replaceWagePayment,
    AccountingEntryEdited: replaceWagePayment,
    AccountingEntryReversed: replaceWagePayment,
  },
  batchHandlers: { AttendanceAdded: addLessons },
});
