import type { EnrollmentEvent } from '@okul/domain';
import { defineProjection } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

type E<T extends EnrollmentEvent['type']> = {
  data: Extract<EnrollmentEvent, { type: T }>['data'];
  metadata: { occurredAt: string; userId: string | null };
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
    EnrollmentAdded: async ({ sql, table }, e: E<'EnrollmentAdded'>) => {
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
    EnrollmentEdited: async ({ sql, table }, e: E<'EnrollmentEdited'>) => {
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
    EnrollmentEnded: async ({ sql, table }, e: E<'EnrollmentEnded'>) => {
      const d = e.data;
      await sql.query(
        `UPDATE ${table('enrollments')} SET end_date=$2, edited_at=$3, edited_by=$4 WHERE id=$1`,
        [d.enrollmentId, d.endDate, d.endedAt, userIdOrNull(d.endedBy)],
      );
    },
  },
});
