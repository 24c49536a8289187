import { readCourseNames } from '../courses/courses.reader';
import type { Sql } from '../runtime/sql';
import { searchPatterns, trLowerSql } from '../runtime/sql-json';

/** The list's label of an attendance without an instructor (Diğer), in Turkish lower case as searched. */
const OTHER_INSTRUCTOR_SEARCH = 'diğer';

/** The name of an attendance's instructor (an employee of the organisation), or null. */
const INSTRUCTOR_NAME_SQL = `(SELECT e.name || ' ' || e.surname FROM employees e
  WHERE e.id = a.instructor_id AND e.organization_id = a.organization_id)`;

/** The filters and page of getAttendances (api.md 9.4), as the server parsed them. */
export interface AttendancesFilter {
  q?: string;
  courseId?: string;
  studentId?: string;
  /** `none`: Diğer */
  instructorId?: string;
  /** The lessons of any of these instructors (the caller's own, `mine`); an empty list matches nothing. */
  instructorIds?: string[];
  id?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

interface PageRow {
  id: string;
  organization_id: string;
  attendance_number: number;
  code: string;
  course_id: string;
  instructor_id: string | null;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
  at_ms: string;
  attendants: string[];
  created_ms: string;
  created_by: string | null;
  edited_ms: string | null;
  edited_by: string | null;
}

/**
 * getAttendances as JSON text: `{ attendances, total, limit, offset }`, newest lesson first. Each item is the
 * Attendance entity of product.md 3 plus the course name, the attendees' numbers and names (`students`, in
 * the order of `attendants`) and the names of the users who created and last edited it.
 */
export async function readAttendancesPageJson(
  sql: Sql,
  organizationId: string,
  query: AttendancesFilter,
): Promise<string> {
  // mine=1 of a caller linked to no instructor: nothing to read (counting would walk the whole organisation).
  if (query.instructorIds?.length === 0)
    return JSON.stringify({ attendances: [], total: 0, limit: query.limit, offset: query.offset });
  const params: unknown[] = [organizationId];
  const where = ['a.organization_id = $1'];
  const add = (value: unknown, clause: (p: string) => string) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (query.id) add(query.id, (p) => `a.id = ${p}`);
  if (query.courseId) add(query.courseId, (p) => `a.course_id = ${p}`);
  // An id that is no employee of this organisation reads as Diğer, like none.
  if (query.instructorId === 'none') where.push(`coalesce(${INSTRUCTOR_NAME_SQL}, '') = ''`);
  else if (query.instructorId) add(query.instructorId, (p) => `a.instructor_id = ${p}`);
  if (query.instructorIds) add(query.instructorIds, (p) => `a.instructor_id = ANY(${p}::uuid[])`);
  if (query.studentId) {
    add(
      query.studentId,
      (p) => `a.id IN (SELECT attendance_id FROM attendance_attendees WHERE student_id = ${p})`,
    );
  }
  if (query.from) add(query.from, (p) => `a.at >= ${p}::timestamptz`);
  if (query.to) add(query.to, (p) => `a.at < ${p}::timestamptz`);
  const patterns = searchPatterns(query.q);
  if (patterns.length > 0) {
    add(
      patterns,
      // product.md 2: the search also finds the instructor by name as the list shows it, Diğer when there
      // is none or the id is no employee of this organisation.
      (p) =>
        `(a.search_text || ' ' || coalesce(${trLowerSql('c.name')}, '') || ' ' ||
          coalesce(${trLowerSql(INSTRUCTOR_NAME_SQL)}, '${OTHER_INSTRUCTOR_SEARCH}')) LIKE ALL (${p}::text[])`,
    );
    // A five-digit word can only be a student number in the search text (codes and dates hold dashes and
    // dots): the same matches, found through the attendee index instead of reading every attendance.
    for (const word of (query.q ?? '').split(/\s+/).filter((w) => /^\d{5}$/.test(w))) {
      add(
        Number(word),
        (
          p,
        ) => `a.id IN (SELECT aa.attendance_id FROM attendance_attendees aa JOIN students s ON s.id = aa.student_id
                          WHERE s.organization_id = $1 AND s.student_number = ${p})`,
      );
    }
  }
  // The count and the page are separate reads: the page walks the (organisation, time) index and stops after
  // `limit` rows; only a search joins the course names.
  const from = `attendances a ${patterns.length > 0 ? 'LEFT JOIN courses c ON c.id = a.course_id' : ''}`;
  const filter = where.join(' AND ');
  const n = params.length;
  const [count, page] = await Promise.all([
    n === 1
      ? sql.query<{ total: string }>(
          `SELECT coalesce((SELECT n FROM attendance_counts WHERE organization_id = $1), 0)::text AS total`,
          params,
        )
      : sql.query<{ total: string }>(`SELECT count(*)::text AS total FROM ${from} WHERE ${filter}`, params),
    sql.query<PageRow>(
      `SELECT a.id, a.organization_id, a.attendance_number, a.code, a.course_id, a.instructor_id, a.day, a.month, a.year,
              a.hour, a.minute, (extract(epoch FROM a.at) * 1000)::bigint::text AS at_ms, a.attendants,
              (extract(epoch FROM a.created_at) * 1000)::bigint::text AS created_ms, a.created_by,
              (extract(epoch FROM a.edited_at) * 1000)::bigint::text AS edited_ms, a.edited_by
         FROM ${from} WHERE ${filter} ORDER BY a.at DESC, a.code DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, query.limit, query.offset],
    ),
  ]);
  // Names for the page in one round: its attendees, course and users.
  const rows = page.rows;
  const studentIds = [...new Set(rows.flatMap((r) => r.attendants))];
  const userIds = [
    ...new Set(rows.flatMap((r) => [r.created_by, r.edited_by]).filter((x): x is string => x !== null)),
  ];
  const instructorIds = [...new Set(rows.map((r) => r.instructor_id).filter((x): x is string => x !== null))];
  const [students, course, users, instructors] = await Promise.all([
    sql.query<{ id: string; student_number: number; name: string; surname: string }>(
      `SELECT id, student_number, name, surname FROM students WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, studentIds],
    ),
    readCourseNames(sql, organizationId),
    sql.query<{ id: string; name: string }>(
      `SELECT id, concat_ws(' ', name, surname) AS name FROM users WHERE id = ANY($1::uuid[])`,
      [userIds],
    ),
    sql.query<{ id: string; name: string }>(
      `SELECT id, name || ' ' || surname AS name FROM employees WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, instructorIds],
    ),
  ]);
  const instructor = new Map(instructors.rows.map((x) => [x.id, x.name]));
  const student = new Map(students.rows.map((x) => [x.id, x]));
  const user = new Map(users.rows.map((x) => [x.id, x.name]));
  const iso = (ms: string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  const attendances = rows.map((r) => ({
    id: r.id,
    DBID: r.id,
    attendanceId: r.code,
    attendanceNumber: r.attendance_number,
    code: r.code,
    organizationId: r.organization_id,
    courseId: r.course_id,
    courseName: course.get(r.course_id) ?? null,
    instructorId: r.instructor_id,
    // null reads Diğer (product.md 3), also for an id that is no employee of this organisation
    instructorName: r.instructor_id ? (instructor.get(r.instructor_id) ?? null) : null,
    day: r.day,
    month: r.month,
    year: r.year,
    hour: r.hour,
    minute: r.minute,
    timestamp: iso(r.at_ms),
    attendants: r.attendants,
    students: r.attendants.map((id) => {
      const x = student.get(id);
      return {
        id,
        studentNumber: x?.student_number ?? null,
        name: x?.name ?? null,
        surname: x?.surname ?? null,
      };
    }),
    createdAt: iso(r.created_ms),
    createdBy: r.created_by,
    createdByName: r.created_by ? (user.get(r.created_by) ?? null) : null,
    editedAt: iso(r.edited_ms),
    editedBy: r.edited_by,
    editedByName: r.edited_by ? (user.get(r.edited_by) ?? null) : null,
  }));
  return JSON.stringify({
    attendances,
    total: Number(count.rows[0].total),
    limit: query.limit,
    offset: query.offset,
  });
}
