import { DomainError } from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { isoSql } from '../runtime/sql-json';

/** Which payments getPayments reads: the organisation's, or a student's, or a course's. */
export interface PaymentsFilter {
  studentId?: string;
  courseId?: string;
}

/**
 * getPayments as JSON text: the Payment entity of product.md 3 (amount in kuruş) with the course name, the
 * soft-deleted ones included with `deletedAt` set (the client lists them apart), by payment date.
 */
export async function readPaymentsJson(
  sql: Sql,
  organizationId: string,
  filter: PaymentsFilter,
): Promise<string> {
  const params: unknown[] = [organizationId];
  const where = ['p.organization_id = $1'];
  if (filter.studentId) {
    params.push(filter.studentId);
    where.push(`p.student_id = $${params.length}`);
  }
  if (filter.courseId) {
    params.push(filter.courseId);
    where.push(`p.course_id = $${params.length}`);
  }
  const r = await sql.query<{ body: string }>(
    `SELECT coalesce(json_agg(json_build_object(
              'id', p.id, 'studentId', p.student_id, 'organizationId', p.organization_id, 'courseId', p.course_id,
              'courseName', c.name, 'amount', p.amount, 'timestamp', ${isoSql('p."timestamp"')}, 'date', ${isoSql('p.date')},
              'notes', p.notes, 'method', p.method, 'referenceCode', p.reference_code, 'isCorrection', p.is_correction,
              'createdBy', p.created_by, 'createdAt', ${isoSql('p.created_at')},
              'editedBy', p.edited_by, 'editedAt', ${isoSql('p.edited_at')},
              'deletedAt', ${isoSql('p.deleted_at')}, 'deletedBy', p.deleted_by, 'isDeleted', p.deleted_at IS NOT NULL
            ) ORDER BY p.date, p.id), '[]'::json)::text AS body
       FROM payments p LEFT JOIN courses c ON c.id = p.course_id
      WHERE ${where.join(' AND ')}`,
    params,
  );
  return r.rows[0]?.body ?? '[]';
}

/** A payment needs a (not deleted) student and a course of this organisation; 404 otherwise. */
export async function requirePaymentTargets(
  sql: Sql,
  organizationId: string,
  studentId: string,
  courseId: string,
): Promise<void> {
  const r = await sql.query<{ found: boolean; deleted_at: Date | null; course: boolean }>(
    `SELECT s.id IS NOT NULL AS found, s.deleted_at,
            EXISTS (SELECT 1 FROM courses WHERE organization_id = $4 AND id = $3) AS course
       FROM (SELECT 1) AS one LEFT JOIN students s ON s.organization_id = $1 AND s.id = $2`,
    // $1 and $4 are the same organisation: students type organization_id uuid, courses text.
    [organizationId, studentId, courseId, organizationId],
  );
  const row = r.rows[0];
  if (!row.found) throw new DomainError('student.notFound');
  if (row.deleted_at !== null) throw new DomainError('student.deleted');
  // A deleted course still takes payments: its debts stay (product.md 4 keeps deleted courses restorable).
  if (!row.course) throw new DomainError('course.notFound');
}
