import type { AttendeeLookup, ClassView } from '@okul/domain';
import { enrollmentCoversSql, formatStudentNumber } from '@okul/domain';
import type { Sql } from '../runtime/sql';

export type { ClassView };

interface Row {
  id: string;
  organization_id: string;
  course_id: string;
  title: string;
  age_group: string | null;
  level: string | null;
  description: string | null;
  class_code: string | null;
  notes: string | null;
  members: string[];
  ended: string[];
  created_at: Date;
  created_by: string | null;
  edited_at: Date | null;
  edited_by: string | null;
  deleted_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The organisation's groups, deleted ones included with `deletedAt` (product.md 4: shown apart), by title.
 * `id` answers one group. A member has ended when no enrolment of the group's course holds `now`, by the
 * domain's one definition (enrollmentCoversSql: api.md 9.3, the end is exclusive).
 */
export async function readClasses(
  sql: Sql,
  organizationId: string,
  opts: { id?: string; now?: string } = {},
): Promise<ClassView[]> {
  const params: unknown[] = [organizationId, opts.now ?? new Date().toISOString()];
  if (opts.id) params.push(opts.id);
  const r = await sql.query<Row>(
    `SELECT c.*, coalesce((
              SELECT array_agg(m) FROM unnest(c.members) m
               WHERE NOT EXISTS (SELECT 1 FROM enrollments e
                                  WHERE e.organization_id = c.organization_id AND e.student_id = m
                                    AND e.course_id = c.course_id
                                    AND ${enrollmentCoversSql('e.start_date', 'e.end_date', '$2::timestamptz')})
            ), '{}') AS ended
       FROM classes c WHERE c.organization_id = $1 ${opts.id ? 'AND c.id = $3' : ''}
      ORDER BY c.deleted_at IS NOT NULL, lower(c.title), c.created_at`,
    params,
  );
  return r.rows.map((c) => ({
    id: c.id,
    organizationId: c.organization_id,
    courseId: c.course_id,
    title: c.title,
    ageGroup: c.age_group,
    level: c.level,
    description: c.description,
    classCode: c.class_code,
    notes: c.notes,
    members: c.members,
    endedMembers: c.ended,
    createdAt: iso(c.created_at)!,
    createdBy: c.created_by,
    editedAt: iso(c.edited_at),
    editedBy: c.edited_by,
    deletedAt: iso(c.deleted_at),
  }));
}

/** The active (not deleted) group of this organisation, or null. */
export async function readActiveClass(
  sql: Sql,
  organizationId: string,
  id: string,
): Promise<{ id: string; courseId: string; members: string[] } | null> {
  const r = await sql.query<{ id: string; course_id: string; members: string[] }>(
    `SELECT id, course_id, members FROM classes WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [organizationId, id],
  );
  const row = r.rows[0];
  return row ? { id: row.id, courseId: row.course_id, members: row.members } : null;
}

/** The groups of this organisation among `ids` (deleted ones flagged), as the schedule member rules name them. */
export async function readClassesByIds(
  sql: Sql,
  organizationId: string,
  ids: string[],
): Promise<Record<string, { courseId: string; title: string; deleted: boolean }>> {
  const r = await sql.query<{ id: string; course_id: string; title: string; deleted: boolean }>(
    `SELECT id, course_id, title, deleted_at IS NOT NULL AS deleted FROM classes
      WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
    [organizationId, ids],
  );
  return Object.fromEntries(
    r.rows.map((c) => [c.id, { courseId: c.course_id, title: c.title, deleted: c.deleted }]),
  );
}

/**
 * What a new attendance is checked against, in one statement: whether its course is open (the rule of
 * `requireOpenCourse`: of this organisation and not deleted) and its attendees as `readStudentEnrollments`
 * answers them. One round trip, and one wait for the three read models, instead of three.
 */
export async function readAttendanceTargets(
  sql: Sql,
  organizationId: string,
  courseId: string,
  studentIds: string[],
): Promise<{ courseOpen: boolean; attendees: AttendeeLookup }> {
  const r = await sql.query<{
    course_open: boolean | null;
    students: Array<{ id: string; n: number; name: string; surname: string }>;
    enrollments: Array<{ s: string; c: string; start_ms: number; end_ms: number | null }>;
  }>(
    `SELECT (SELECT deleted_at IS NULL FROM courses WHERE organization_id = $4 AND id = $2) AS course_open,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'n', student_number, 'name', name,
                      'surname', surname)), '[]') FROM students
              WHERE organization_id = $1 AND id = ANY($3::uuid[])) AS students,
            (SELECT coalesce(json_agg(json_build_object('s', student_id, 'c', course_id,
                      'start_ms', (extract(epoch FROM start_date) * 1000)::float8,
                      'end_ms', (extract(epoch FROM end_date) * 1000)::float8)), '[]') FROM enrollments
              WHERE organization_id = $1 AND student_id = ANY($3::uuid[])) AS enrollments`,
    // $1 and $4 are the same organisation: students and enrollments type organization_id uuid, courses text.
    [organizationId, courseId, studentIds, organizationId],
  );
  const row = r.rows[0];
  return {
    courseOpen: row?.course_open === true,
    attendees: attendeeLookup(
      row?.students.map((s) => ({ id: s.id, student_number: s.n, name: s.name, surname: s.surname })) ?? [],
      row?.enrollments.map((e) => ({
        student_id: e.s,
        course_id: e.c,
        start_date: new Date(e.start_ms),
        end_date: e.end_ms === null ? null : new Date(e.end_ms),
      })) ?? [],
    ),
  };
}

/**
 * What the membership rules need of each student (product.md 5): their enrolments and a label naming them
 * ("26007 Ayşe Yılmaz"). An id that is no student of this organisation has no enrolments and is named by its id.
 */
export async function readStudentEnrollments(
  sql: Sql,
  organizationId: string,
  studentIds: string[],
): Promise<AttendeeLookup> {
  const [students, enrollments] = await Promise.all([
    sql.query<{ id: string; student_number: number; name: string; surname: string }>(
      `SELECT id, student_number, name, surname FROM students WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, studentIds],
    ),
    sql.query<{ student_id: string; course_id: string; start_date: Date; end_date: Date | null }>(
      `SELECT student_id, course_id, start_date, end_date FROM enrollments
        WHERE organization_id = $1 AND student_id = ANY($2::uuid[])`,
      [organizationId, studentIds],
    ),
  ]);
  return attendeeLookup(students.rows, enrollments.rows);
}

function attendeeLookup(
  students: Array<{ id: string; student_number: number; name: string; surname: string }>,
  enrollments: Array<{ student_id: string; course_id: string; start_date: Date; end_date: Date | null }>,
): AttendeeLookup {
  const lookup: Record<
    string,
    { label: string; enrollments: Array<{ courseId: string; startDate: string; endDate: string | null }> }
  > = {};
  for (const s of students) {
    lookup[s.id] = {
      label: `${formatStudentNumber(s.student_number)} ${s.name} ${s.surname}`,
      enrollments: [],
    };
  }
  for (const e of enrollments) {
    lookup[e.student_id]?.enrollments.push({
      courseId: e.course_id,
      startDate: new Date(e.start_date).toISOString(),
      endDate: e.end_date ? new Date(e.end_date).toISOString() : null,
    });
  }
  return lookup;
}
