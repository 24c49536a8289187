import type { EventOf } from '@okul/domain';
import type { ProjectionHandlers } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

export const gradesTables = ['grades'];

/** The grades of each organisation (getGrades); a deleted grade is removed. */
export const gradesSchema = (t: (name: string) => string) => `
    CREATE TABLE ${t('grades')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      student_id uuid NOT NULL,
      class_id uuid,
      grade_value text NOT NULL,
      grade_period text,
      notes text,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid
    );
    CREATE INDEX ON ${t('grades')} (organization_id, student_id);
    CREATE INDEX ON ${t('grades')} (organization_id, class_id);
  `;

export const gradesHandlers: ProjectionHandlers = {
  GradeAdded: async ({ sql, table }, e: EventOf<'GradeAdded'>) => {
    const d = e.data;
    await sql.query(
      `INSERT INTO ${table('grades')} (id, organization_id, course_id, student_id, class_id, grade_value, grade_period, notes,
              created_at, created_by) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (id) DO NOTHING`,
      [
        d.gradeId,
        d.organizationId,
        d.courseId,
        d.studentId,
        d.classId,
        d.gradeValue,
        d.gradePeriod,
        d.notes,
        d.createdAt,
        userIdOrNull(d.createdBy),
      ],
    );
  },
  GradeEdited: async ({ sql, table }, e: EventOf<'GradeEdited'>) => {
    const d = e.data;
    await sql.query(
      `UPDATE ${table('grades')} SET class_id=$2, grade_value=$3, grade_period=$4, notes=$5, edited_at=$6, edited_by=$7 WHERE id=$1`,
      [d.gradeId, d.classId, d.gradeValue, d.gradePeriod, d.notes, d.editedAt, userIdOrNull(d.editedBy)],
    );
  },
  GradeDeleted: async ({ sql, table }, e: EventOf<'GradeDeleted'>) => {
    await sql.query(`DELETE FROM ${table('grades')} WHERE id = $1`, [e.data.gradeId]);
  },
};
