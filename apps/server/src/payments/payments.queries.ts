import { Inject, Injectable } from '@nestjs/common';
import { DomainError, message } from '@okul/domain';
import type { Db } from '@okul/projections';
import { z } from 'zod';
import { DB } from '../infra/tokens';
import { isoSql } from '../infra/read-model/sql-json';

/** GET getPayments query: all of the organisation's payments, or a student's, or a course's. */
export const getPaymentsQuerySchema = z.strictObject({
  studentId: z.uuid({ error: message('student.notFound') }).optional(),
  courseId: z.uuid({ error: message('course.notFound') }).optional(),
});
export type GetPaymentsQuery = z.infer<typeof getPaymentsQuerySchema>;

/** Reads of the payments read model. */
@Injectable()
export class PaymentsQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * getPayments as JSON text: the Payment entity of product.md 3 (amount in kuruş) with the course name, the
   * soft-deleted ones included with `deletedAt` set (the client lists them apart), by payment date.
   */
  async listJson(organizationId: string, query: GetPaymentsQuery): Promise<string> {
    const params: unknown[] = [organizationId];
    const where = ['p.organization_id = $1'];
    if (query.studentId) {
      params.push(query.studentId);
      where.push(`p.student_id = $${params.length}`);
    }
    if (query.courseId) {
      params.push(query.courseId);
      where.push(`p.course_id = $${params.length}`);
    }
    const r = await this.db.query<{ body: string }>(
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
  async requireStudentAndCourse(organizationId: string, studentId: string, courseId: string): Promise<void> {
    const r = await this.db.query<{ found: boolean; deleted_at: Date | null; course: boolean }>(
      `SELECT s.id IS NOT NULL AS found, s.deleted_at,
              EXISTS (SELECT 1 FROM courses WHERE organization_id = $4 AND id = $3) AS course
         FROM (SELECT 1) AS one LEFT JOIN students s ON s.organization_id = $1 AND s.id = $2`,
      [organizationId, studentId, courseId, organizationId],
    );
    const row = r.rows[0];
    if (!row.found) throw new DomainError('student.notFound');
    if (row.deleted_at !== null) throw new DomainError('student.deleted');
    // A deleted course still takes payments: its debts stay (product.md 4 keeps deleted courses restorable).
    if (!row.course) throw new DomainError('course.notFound');
  }
}
