import { DomainError } from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { isoSql } from '../runtime/sql-json';

/** Which enrolments getEnrollments reads: the organisation's, or a student's, or a course's. */
export interface EnrollmentsFilter {
  studentId?: string;
  courseId?: string;
}

/**
 * getEnrollments as JSON text: the Enrollment entity of product.md 3 (money in kuruş) with the course name
 * and `active` at `now` (product.md 4: no endDate or an endDate in the future).
 */
export async function readEnrollmentsJson(
  sql: Sql,
  organizationId: string,
  now: Date,
  filter: EnrollmentsFilter,
): Promise<string> {
  const params: unknown[] = [organizationId, now.toISOString()];
  const where = ['e.organization_id = $1'];
  if (filter.studentId) {
    params.push(filter.studentId);
    where.push(`e.student_id = $${params.length}`);
  }
  if (filter.courseId) {
    params.push(filter.courseId);
    where.push(`e.course_id = $${params.length}`);
  }
  const r = await sql.query<{ body: string }>(
    `SELECT coalesce(json_agg(json_build_object(
              'id', e.id, 'courseId', e.course_id, 'courseName', c.name, 'studentId', e.student_id,
              'organizationId', e.organization_id, 'startDate', ${isoSql('e.start_date')}, 'endDate', ${isoSql('e.end_date')},
              'price', e.price, 'discount', e.discount, 'enrollmentType', e.enrollment_type, 'isOfficial', e.is_official,
              'periodUnit', e.period_unit, 'periodLength', e.period_length, 'classesPerPeriod', e.classes_per_period,
              'active', e.end_date IS NULL OR e.end_date > $2::timestamptz,
              'createdBy', e.created_by, 'createdAt', ${isoSql('e.created_at')},
              'editedBy', e.edited_by, 'editedAt', ${isoSql('e.edited_at')}
            ) ORDER BY e.student_id, e.start_date, e.id), '[]'::json)::text AS body
       FROM enrollments e LEFT JOIN courses c ON c.id = e.course_id
      WHERE ${where.join(' AND ')}`,
    params,
  );
  return r.rows[0]?.body ?? '[]';
}

/** The student whose stream holds an enrolment of this organisation, or 404. */
export async function readEnrollmentStudentId(
  sql: Sql,
  organizationId: string,
  enrollmentId: string,
): Promise<string> {
  const r = await sql.query<{ student_id: string }>(
    `SELECT student_id FROM enrollments WHERE organization_id = $1 AND id = $2`,
    [organizationId, enrollmentId],
  );
  if (!r.rows[0]) throw new DomainError('enrollment.notFound');
  return r.rows[0].student_id;
}
