import type { Sql } from '../runtime/sql';
import { readCourseNames } from '../courses/courses.reader';

/** What a Tahsilat Makbuzu prints of a payment; null when the payment is not this organisation's. */
export interface ReceiptFacts {
  deleted: boolean;
  amount: number;
  method: string | null;
  referenceCode: string | null;
  date: string;
  studentNumber: number | null;
  studentName: string | null;
  courseName: string | null;
  organizationName: string | null;
}

export async function readReceiptFacts(
  sql: Sql,
  organizationId: string,
  paymentId: string,
): Promise<ReceiptFacts | null> {
  const r = await sql.query<{
    deleted: boolean;
    amount: string;
    method: string | null;
    reference_code: string | null;
    date_ms: string;
    student_number: number | null;
    student_name: string | null;
    course_name: string | null;
    organization_name: string | null;
  }>(
    `SELECT p.deleted_at IS NOT NULL AS deleted, p.amount::text AS amount, p.method, p.reference_code,
            (extract(epoch FROM p.date) * 1000)::bigint::text AS date_ms, s.student_number,
            concat_ws(' ', s.name, s.surname) AS student_name, c.name AS course_name, o.name AS organization_name
       FROM payments p
       LEFT JOIN students s ON s.id = p.student_id
       LEFT JOIN courses c ON c.id = p.course_id
       LEFT JOIN organizations o ON o.id = p.organization_id
      WHERE p.organization_id = $1 AND p.id = $2`,
    [organizationId, paymentId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    deleted: row.deleted,
    amount: Number(row.amount),
    method: row.method,
    referenceCode: row.reference_code,
    date: new Date(Number(row.date_ms)).toISOString(),
    studentNumber: row.student_number,
    studentName: row.student_name,
    courseName: row.course_name,
    organizationName: row.organization_name,
  };
}

/** The heading of a student's Hesap Ekstresi: the student, the institution and the course names. */
export async function readStatementHeading(
  sql: Sql,
  organizationId: string,
  studentId: string,
): Promise<{
  studentNumber: number;
  studentName: string;
  organizationName: string | null;
  courseNames: Map<string, string>;
} | null> {
  const [s, c] = await Promise.all([
    sql.query<{ student_number: number; name: string; organization_name: string | null }>(
      `SELECT s.student_number, concat_ws(' ', s.name, s.surname) AS name, o.name AS organization_name
         FROM students s LEFT JOIN organizations o ON o.id = s.organization_id
        WHERE s.organization_id = $1 AND s.id = $2`,
      [organizationId, studentId],
    ),
    readCourseNames(sql, organizationId),
  ]);
  const row = s.rows[0];
  if (!row) return null;
  return {
    studentNumber: row.student_number,
    studentName: row.name,
    organizationName: row.organization_name,
    courseNames: c,
  };
}
