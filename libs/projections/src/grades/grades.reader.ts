import type { GradeLookup } from '@okul/domain';
import type { Sql } from '../runtime/sql';

/** One grade as getGrades answers it (product.md 3 Grade). */
export interface GradeView {
  id: string;
  courseId: string;
  studentId: string;
  classId: string | null;
  gradeValue: string;
  gradePeriod: string | null;
  notes: string | null;
  createdAt: string;
  createdBy: string | null;
  editedAt: string | null;
  editedBy: string | null;
}

/** The organisation's grades, filtered by student, group or course, oldest first. */
export async function readGrades(
  sql: Sql,
  organizationId: string,
  f: { studentId?: string; classId?: string; courseId?: string } = {},
): Promise<GradeView[]> {
  const r = await sql.query<{
    id: string;
    course_id: string;
    student_id: string;
    class_id: string | null;
    grade_value: string;
    grade_period: string | null;
    notes: string | null;
    created_at: Date;
    created_by: string | null;
    edited_at: Date | null;
    edited_by: string | null;
  }>(
    `SELECT * FROM grades WHERE organization_id = $1 AND ($2::uuid IS NULL OR student_id = $2)
        AND ($3::uuid IS NULL OR class_id = $3) AND ($4::uuid IS NULL OR course_id = $4)
      ORDER BY created_at, id`,
    [organizationId, f.studentId ?? null, f.classId ?? null, f.courseId ?? null],
  );
  return r.rows.map((g) => ({
    id: g.id,
    courseId: g.course_id,
    studentId: g.student_id,
    classId: g.class_id,
    gradeValue: g.grade_value,
    gradePeriod: g.grade_period,
    notes: g.notes,
    createdAt: new Date(g.created_at).toISOString(),
    createdBy: g.created_by,
    editedAt: g.edited_at ? new Date(g.edited_at).toISOString() : null,
    editedBy: g.edited_by,
  }));
}

/** product.md 5: does the student exist here, and which groups of the course hold them now. */
export async function readGradeLookup(
  sql: Sql,
  organizationId: string,
  studentId: string,
  courseId: string,
): Promise<GradeLookup> {
  const [student, classes] = await Promise.all([
    sql.query(`SELECT 1 FROM students WHERE organization_id = $1 AND id = $2`, [organizationId, studentId]),
    sql.query<{ id: string }>(
      `SELECT id FROM classes WHERE organization_id = $1 AND course_id = $2 AND deleted_at IS NULL AND $3::uuid = ANY(members)`,
      [organizationId, courseId, studentId],
    ),
  ]);
  return { studentExists: student.rows.length > 0, classesHoldingStudent: classes.rows.map((c) => c.id) };
}

/** The student and course of a grade of this organisation, or null. */
export async function readGradeOwner(
  sql: Sql,
  organizationId: string,
  gradeId: string,
): Promise<{ studentId: string; courseId: string } | null> {
  const r = await sql.query<{ student_id: string; course_id: string }>(
    `SELECT student_id, course_id FROM grades WHERE organization_id = $1 AND id = $2`,
    [organizationId, gradeId],
  );
  return r.rows[0] ? { studentId: r.rows[0].student_id, courseId: r.rows[0].course_id } : null;
}
