import type { EventOf } from '@okul/domain';
import { defineProjection, type BatchHandler } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import { userIdOrNull } from '../students/students.projection';

const COLUMNS = `id uuid, organization_id uuid, student_id uuid, course_id uuid, enrollment_type text, start_date timestamptz,
  end_date timestamptz, price bigint, discount bigint, is_official boolean, period_unit text, period_length int,
  classes_per_period int, created_at timestamptz, created_by uuid, edited_at timestamptz, edited_by uuid, terms boolean`;

/** What an edit sets (every column absolute, so the last edit of a run is what the handlers leave). */
const termsOf = (d: EventOf<'EnrollmentEdited'>['data']) => ({
  terms: true,
  start_date: d.startDate,
  end_date: d.endDate,
  price: d.price,
  discount: d.discount,
  is_official: d.isOfficial,
  period_unit: d.periodUnit,
  period_length: d.periodLength,
  classes_per_period: d.classesPerPeriod,
  edited_at: d.editedAt,
  edited_by: userIdOrNull(d.editedBy),
});

/**
 * A run of enrolment events in two statements. The handlers only insert rows and set columns to values of
 * the event, so folding the run per enrolment (in event order) gives the rows they leave: new enrolments are
 * inserted as the run leaves them, and existing ones get the last value of each column the run set (`terms`:
 * whether an edit set the terms, or only an end date). An id added twice fails as the insert would.
 */
const applyEnrollments: BatchHandler<'EnrollmentAdded' | 'EnrollmentEdited' | 'EnrollmentEnded'> = async (
  { sql, table },
  events,
) => {
  const added = new Map<string, Record<string, unknown>>();
  const changed = new Map<string, Record<string, unknown>>();
  for (const e of events) {
    const id = (e.data as { enrollmentId: string }).enrollmentId.toLowerCase();
    if (e.type === 'EnrollmentAdded') {
      const d = (e as unknown as EventOf<'EnrollmentAdded'>).data;
      if (added.has(id)) throw new Error(`enrolment ${d.enrollmentId} added twice`);
      // Changes before the enrolment existed changed nothing (had it existed, this insert fails as the handler's).
      changed.delete(id);
      added.set(id, {
        id: d.enrollmentId,
        organization_id: d.organizationId,
        student_id: d.studentId,
        course_id: d.courseId,
        enrollment_type: d.enrollmentType,
        start_date: d.startDate,
        end_date: d.endDate,
        price: d.price,
        discount: d.discount,
        is_official: d.isOfficial,
        period_unit: d.periodUnit,
        period_length: d.periodLength,
        classes_per_period: d.classesPerPeriod,
        created_at: d.createdAt,
        created_by: userIdOrNull(d.createdBy),
        edited_at: null,
        edited_by: null,
      });
      continue;
    }
    const patch =
      e.type === 'EnrollmentEdited'
        ? termsOf((e as unknown as EventOf<'EnrollmentEdited'>).data)
        : (({ data: d }: EventOf<'EnrollmentEnded'>) => ({
            end_date: d.endDate,
            edited_at: d.endedAt,
            edited_by: userIdOrNull(d.endedBy),
          }))(e as unknown as EventOf<'EnrollmentEnded'>);
    const row = added.get(id);
    if (row) Object.assign(row, patch, { terms: undefined });
    else changed.set(id, { id, terms: false, ...changed.get(id), ...patch });
  }
  if (added.size > 0) {
    const rows = byColumn(1, COLUMNS, [...added.values()]);
    await sql.query(
      `INSERT INTO ${table('enrollments')} (id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price,
              discount, is_official, period_unit, period_length, classes_per_period, created_at, created_by, edited_at, edited_by)
       SELECT id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price, discount, is_official,
              period_unit, period_length, classes_per_period, created_at, created_by, edited_at, edited_by
         FROM ${rows.from}`,
      rows.params,
    );
  }
  if (changed.size > 0) {
    const rows = byColumn(1, COLUMNS, [...changed.values()]);
    await sql.query(
      `UPDATE ${table('enrollments')} e
          SET start_date = CASE WHEN x.terms THEN x.start_date ELSE e.start_date END,
              price = CASE WHEN x.terms THEN x.price ELSE e.price END,
              discount = CASE WHEN x.terms THEN x.discount ELSE e.discount END,
              is_official = CASE WHEN x.terms THEN x.is_official ELSE e.is_official END,
              period_unit = CASE WHEN x.terms THEN x.period_unit ELSE e.period_unit END,
              period_length = CASE WHEN x.terms THEN x.period_length ELSE e.period_length END,
              classes_per_period = CASE WHEN x.terms THEN x.classes_per_period ELSE e.classes_per_period END,
              end_date = x.end_date, edited_at = x.edited_at, edited_by = x.edited_by
         FROM ${rows.from}
        WHERE e.id = x.id`,
      rows.params,
    );
  }
};

/**
 * The enrolments of each organisation (getEnrollments, the active flag and active courses of getStudents,
 * the attendee check of addAttendance). Money in kuruş (bigint).
 */
export const enrollmentsProjection = defineProjection({
  name: 'enrollments',
  version: 1,
  tables: ['enrollments'],
  schema: (t) => `
    CREATE TABLE ${t('enrollments')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      enrollment_type text NOT NULL,
      start_date timestamptz NOT NULL,
      end_date timestamptz,
      price bigint NOT NULL,
      discount bigint NOT NULL,
      is_official boolean NOT NULL,
      period_unit text,
      period_length int,
      classes_per_period int,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid
    );
    CREATE INDEX ON ${t('enrollments')} (student_id, course_id);
    CREATE INDEX ON ${t('enrollments')} (organization_id, course_id);
  `,
  handlers: {
    EnrollmentAdded: async ({ sql, table }, e: EventOf<'EnrollmentAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('enrollments')} (id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price, discount,
                is_official, period_unit, period_length, classes_per_period, created_at, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
        [
          d.enrollmentId,
          d.organizationId,
          d.studentId,
          d.courseId,
          d.enrollmentType,
          d.startDate,
          d.endDate,
          d.price,
          d.discount,
          d.isOfficial,
          d.periodUnit,
          d.periodLength,
          d.classesPerPeriod,
          d.createdAt,
          userIdOrNull(d.createdBy),
        ],
      );
    },
    EnrollmentEdited: async ({ sql, table }, e: EventOf<'EnrollmentEdited'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('enrollments')} SET start_date=$2, end_date=$3, price=$4, discount=$5, is_official=$6, period_unit=$7,
                period_length=$8, classes_per_period=$9, edited_at=$10, edited_by=$11
          WHERE id=$1`,
        [
          d.enrollmentId,
          d.startDate,
          d.endDate,
          d.price,
          d.discount,
          d.isOfficial,
          d.periodUnit,
          d.periodLength,
          d.classesPerPeriod,
          d.editedAt,
          userIdOrNull(d.editedBy),
        ],
      );
    },
    EnrollmentEnded: async ({ sql, table }, e: EventOf<'EnrollmentEnded'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('enrollments')} SET end_date=$2, edited_at=$3, edited_by=$4 WHERE id=$1`,
        [d.enrollmentId, d.endDate, d.endedAt, userIdOrNull(d.endedBy)],
      );
    },
  },
  batchHandlers: {
    EnrollmentAdded: applyEnrollments,
    EnrollmentEdited: applyEnrollments,
    EnrollmentEnded: applyEnrollments,
  },
});
