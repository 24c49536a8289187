import { DomainError } from '@okul/domain';
import type { Sql } from '../runtime/sql';

/** The streams of a student's payments and attendances (every one that ever concerned them), by kind. */
export async function readStudentBalanceStreams(
  sql: Sql,
  organizationId: string,
  studentId: string,
): Promise<{ payments: string[]; attendances: string[] }> {
  const r = await sql.query<{ kind: string; stream_id: string }>(
    `SELECT kind, stream_id FROM history_streams
      WHERE organization_id = $1 AND student_id = $2 AND kind IN ('payment', 'attendance')
      ORDER BY kind, stream_id`,
    [organizationId, studentId],
  );
  return {
    payments: r.rows.filter((x) => x.kind === 'payment').map((x) => x.stream_id),
    attendances: r.rows.filter((x) => x.kind === 'attendance').map((x) => x.stream_id),
  };
}

/** The stream an enrolment of this organisation lives in (its student's), or 404. */
export async function readEnrollmentStream(
  sql: Sql,
  organizationId: string,
  enrollmentId: string,
): Promise<string> {
  const r = await sql.query<{ stream_id: string }>(
    `SELECT stream_id FROM history_streams WHERE organization_id = $1 AND kind = 'enrollment' AND record_id = $2
      LIMIT 1`,
    [organizationId, enrollmentId],
  );
  if (!r.rows[0]) throw new DomainError('history.notFound');
  return r.rows[0].stream_id;
}

export interface HistoryNameRows {
  users: Record<string, string>;
  students: Record<string, string>;
  courses: Record<string, string>;
  instructors: Record<string, string>;
}

/**
 * Names for the ids a history shows: users by name and surname, students as "<number> <name> <surname>",
 * courses and instructors (employees) of the organisation. Ids not found are left out.
 */
export async function readHistoryNames(
  sql: Sql,
  organizationId: string,
  ids: { users: string[]; students: string[]; courses: string[]; instructors: string[] },
): Promise<HistoryNameRows> {
  const asMap = (rows: Array<{ id: string; name: string }>) =>
    Object.fromEntries(rows.map((r) => [r.id, r.name.trim()]));
  const [users, students, courses, instructors] = await Promise.all([
    sql.query<{ id: string; name: string }>(
      `SELECT id::text AS id, concat_ws(' ', name, surname) AS name FROM users WHERE id = ANY ($1::uuid[])`,
      [ids.users],
    ),
    sql.query<{ id: string; name: string }>(
      `SELECT id::text AS id, concat_ws(' ', student_number, name, surname) AS name FROM students
        WHERE organization_id = $1 AND id = ANY ($2::uuid[])`,
      [organizationId, ids.students],
    ),
    sql.query<{ id: string; name: string }>(
      `SELECT id::text AS id, name FROM courses WHERE organization_id = $1 AND id = ANY ($2::uuid[])`,
      [organizationId, ids.courses],
    ),
    sql.query<{ id: string; name: string }>(
      `SELECT id::text AS id, concat_ws(' ', name, surname) AS name FROM employees
        WHERE organization_id = $1 AND id = ANY ($2::uuid[])`,
      [organizationId, ids.instructors],
    ),
  ]);
  return {
    users: asMap(users.rows),
    students: asMap(students.rows),
    courses: asMap(courses.rows),
    instructors: asMap(instructors.rows),
  };
}
