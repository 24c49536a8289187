import { DomainError, matchesSearch, trCompare } from '@okul/domain';
import { readCourseNames } from '../courses/courses.reader';
import type { Sql } from '../runtime/sql';

/**
 * Which students getStudents reads: all, or one (`id`, `studentNumber`), or those matching `q`; `view=list`
 * answers the lean rows of the Öğrenciler table and the pickers instead of every field.
 */
export interface StudentsFilter {
  view?: 'full' | 'list';
  q?: string;
  id?: string;
  studentNumber?: string;
}

interface StudentListRow {
  id: string;
  data: string;
  search_text: string;
  created_by_name: string | null;
  edited_by_name: string | null;
}

interface EnrollmentListRow {
  student_id: string;
  id: string;
  course_id: string;
  enrollment_type: string;
  price: string;
  discount: string;
  start_ms: string;
  end_ms: string | null;
}

/**
 * getStudents as JSON text: each student's entity fields (product.md 3) plus what the list needs, computed
 * at `now`: `active` (product.md 4: at least one active enrolment), `activeCourses` (name and price, for the
 * Aktif kurslar column), `enrollments` (every enrolment's course and dates, no money: the attendance form
 * checks attendees with it), and the names of the users who added and last edited the student.
 * Prices are left out (null) unless `showPrices` (product.md 6: enrolments are school-admin).
 * The entity fields are stored as JSON text by the projection; only the computed fields are serialised here.
 */
export async function readStudentsJson(
  sql: Sql,
  organizationId: string,
  showPrices: boolean,
  now: Date,
  query: StudentsFilter,
): Promise<{ text: string; validUntil: number }> {
  const params: unknown[] = [organizationId];
  const where = ['s.organization_id = $1'];
  if (query.id) {
    params.push(query.id);
    where.push(`s.id = $${params.length}`);
  }
  if (query.studentNumber) {
    params.push(Number(query.studentNumber));
    where.push(`s.student_number = $${params.length}`);
  }
  const one = params.length > 1;
  const [students, enrollments, courseName] = await Promise.all([
    sql.query<StudentListRow>(
      `SELECT s.id, ${query.view === 'list' ? 's.list_data AS data' : 's.data'}, s.search_text, concat_ws(' ', cu.name, cu.surname) AS created_by_name,
              CASE WHEN eu.id IS NULL THEN NULL ELSE concat_ws(' ', eu.name, eu.surname) END AS edited_by_name
         FROM students s
         LEFT JOIN users cu ON cu.id = s.created_by
         LEFT JOIN users eu ON eu.id = s.edited_by
        WHERE ${where.join(' AND ')}
        ORDER BY s.student_number`,
      params,
    ),
    sql.query<EnrollmentListRow>(
      `SELECT e.student_id, e.id, e.course_id, e.enrollment_type, e.price::text AS price, e.discount::text AS discount,
              (extract(epoch FROM e.start_date) * 1000)::bigint::text AS start_ms,
              (extract(epoch FROM e.end_date) * 1000)::bigint::text AS end_ms
         FROM enrollments e
        WHERE e.organization_id = $1 ${one ? 'AND e.student_id IN (SELECT s.id FROM students s WHERE ' + where.join(' AND ') + ')' : ''}
        ORDER BY e.start_date, e.id`,
      params,
    ),
    readCourseNames(sql, organizationId),
  ]);
  const nowMs = now.getTime();
  // product.md 4: `active` turns false when an enrolment's end passes; the answer holds until the next one.
  let validUntil = Number.POSITIVE_INFINITY;
  for (const e of enrollments.rows) {
    const end = e.end_ms === null ? null : Number(e.end_ms);
    if (end !== null && end > nowMs && end < validUntil) validUntil = end;
  }
  const byStudent = new Map<string, EnrollmentListRow[]>();
  for (const e of enrollments.rows) {
    const list = byStudent.get(e.student_id);
    if (list) list.push(e);
    else byStudent.set(e.student_id, [e]);
  }
  const parts: string[] = [];
  for (const s of students.rows) {
    const own = byStudent.get(s.id) ?? [];
    if (query.q && !matchesSearch([s.search_text, ...own.map((e) => courseName.get(e.course_id))], query.q))
      continue;
    const active = own
      .filter((e) => e.end_ms === null || Number(e.end_ms) > nowMs)
      .map((e) => ({
        enrollmentId: e.id,
        courseId: e.course_id,
        courseName: courseName.get(e.course_id) ?? null,
        price: showPrices ? Number(e.price) : null,
        discount: showPrices ? Number(e.discount) : null,
        enrollmentType: e.enrollment_type,
      }))
      .sort((a, b) => trCompare(a.courseName, b.courseName));
    const all = own.map((e) => ({
      id: e.id,
      courseId: e.course_id,
      startDate: new Date(Number(e.start_ms)).toISOString(),
      endDate: e.end_ms === null ? null : new Date(Number(e.end_ms)).toISOString(),
    }));
    parts.push(
      `${s.data.slice(0, -1)},"createdByName":${JSON.stringify(s.created_by_name || null)},"editedByName":${JSON.stringify(
        s.edited_by_name,
      )},"active":${active.length > 0},"activeCourses":${JSON.stringify(active)},"enrollments":${JSON.stringify(all)}}`,
    );
  }
  return { text: `[${parts.join(',')}]`, validUntil };
}

/** The student as the commands need it, or 404 for an id outside the organisation. */
export async function requireStudentRow(
  sql: Sql,
  organizationId: string,
  studentId: string,
): Promise<{ id: string; studentNumber: number; deleted: boolean }> {
  const r = await sql.query<{ id: string; student_number: number; deleted_at: Date | null }>(
    `SELECT id, student_number, deleted_at FROM students WHERE organization_id = $1 AND id = $2`,
    [organizationId, studentId],
  );
  const s = r.rows[0];
  if (!s) throw new DomainError('student.notFound');
  return { id: s.id, studentNumber: s.student_number, deleted: s.deleted_at !== null };
}

/** The contact fields of a student as Ana Sayfa lists them (product.md 2, /giris/anasayfa). */
export interface StudentContactRow {
  id: string;
  student_number: number;
  name: string;
  surname: string;
  dob_d: number | null;
  dob_m: number | null;
  dob_y: number | null;
  phone: string | null;
  parent1_phone: string | null;
  parent2_phone: string | null;
}

const CONTACT_COLUMNS = `id, student_number, name, surname, dob_d, dob_m, dob_y, phone, parent1_phone, parent2_phone`;

/** Students (not deleted) whose birthday, as month * 100 + day, is one of `keys`; by date, then number. */
export async function readStudentsWithBirthday(
  sql: Sql,
  organizationId: string,
  keys: number[],
): Promise<StudentContactRow[]> {
  const r = await sql.query<StudentContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM students
      WHERE organization_id = $1 AND deleted_at IS NULL AND (dob_m * 100 + dob_d) = ANY($2::int[])
      ORDER BY dob_m, dob_d, student_number`,
    [organizationId, keys],
  );
  return r.rows;
}

/** Students (not deleted) who never had an enrolment, by number. */
export async function readStudentsWithoutEnrollment(
  sql: Sql,
  organizationId: string,
): Promise<Array<StudentContactRow & { created_at: Date }>> {
  const r = await sql.query<StudentContactRow & { created_at: Date }>(
    `SELECT ${CONTACT_COLUMNS}, created_at FROM students s
      WHERE organization_id = $1 AND deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.student_id = s.id)
      ORDER BY student_number`,
    [organizationId],
  );
  return r.rows;
}

/** The (not deleted) students of this organisation among `ids`. */
export async function readStudentContacts(
  sql: Sql,
  organizationId: string,
  ids: string[],
): Promise<StudentContactRow[]> {
  const r = await sql.query<StudentContactRow>(
    `SELECT ${CONTACT_COLUMNS} FROM students WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`,
    [organizationId, ids],
  );
  return r.rows;
}
