import { trLower, type AttendanceEvent, type StudentEvent, type EventOf } from '@okul/domain';
import { defineProjection, type BatchHandler } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import { userIdOrNull } from '../students/students.projection';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * product.md 2 Attendance list: the search box filters by course, instructor, attendance code, date or student
 * numbers. Code, date (dd.MM.yyyy, api.md 9.4), time and the attendees' numbers are fixed by the events, so
 * they are kept here in Turkish lower case (the numbers appended in SQL); course names are matched from the
 * courses view at query time.
 */
export function attendanceSearchText(a: {
  code: string;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
}): string {
  return trLower(
    [a.code, `${two(a.day)}.${two(a.month)}.${a.year}`, `${two(a.hour)}:${two(a.minute)}`].join(' '),
  );
}

type Fields = Extract<AttendanceEvent, { type: 'AttendanceAdded' }>['data'];

/** The attendees' numbers (five digits, as formatStudentNumber writes them), appended to the search text. */
const numbersSql = (t: (n: string) => string, ids: string) =>
  `coalesce((SELECT ' ' || string_agg(lpad(s.student_number::text, 5, '0'), ' ' ORDER BY u.ord)
               FROM unnest(${ids}::uuid[]) WITH ORDINALITY u(id, ord) JOIN ${t('attendance_students')} s ON s.id = u.id), '')`;

const insertAttendees = (t: (n: string) => string) =>
  `INSERT INTO ${t('attendance_attendees')} (attendance_id, student_id, organization_id, course_id, at)`;

/** The attendees' numbers as `numbersSql` appends them (lpad to five characters, students without a row left out). */
function numbersText(attendants: string[], numbers: Map<string, number>): string {
  const known = attendants.filter((id) => numbers.has(id));
  return known.length === 0
    ? ''
    : ` ${known.map((id) => String(numbers.get(id)).padStart(5, '0').slice(0, 5)).join(' ')}`;
}

/**
 * A run of StudentRegistered and AttendanceAdded in two statements: the students' numbers are read once and
 * folded in event order (an attendance sees exactly the students registered before it, the first registration
 * of an id winning as ON CONFLICT DO NOTHING does), then students, attendances, counts and attendee rows are
 * written by one statement, a multi-row insert each.
 */
const addRun: BatchHandler<'StudentRegistered' | 'AttendanceAdded'> = async ({ sql, table }, events) => {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type === 'StudentRegistered') ids.add((e.data as StudentRegisteredData).studentId);
    else for (const id of (e.data as Fields).attendants) ids.add(id);
  }
  const numbers = new Map<string, number>();
  const known = await sql.query<{ id: string; student_number: number }>(
    `SELECT id::text AS id, student_number FROM ${table('attendance_students')} WHERE id = ANY($1::uuid[])`,
    [[...ids]],
  );
  for (const r of known.rows) numbers.set(r.id, r.student_number);
  const students: Array<{ id: string; student_number: number }> = [];
  const attendances: Array<Record<string, unknown>> = [];
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'StudentRegistered') {
      const d = e.data as StudentRegisteredData;
      students.push({ id: d.studentId, student_number: d.studentNumber });
      if (!numbers.has(d.studentId.toLowerCase())) numbers.set(d.studentId.toLowerCase(), d.studentNumber);
      continue;
    }
    const d = e.data as Fields;
    const lower = d.attendants.map((id) => id.toLowerCase());
    attendances.push({
      id: d.attendanceId,
      organization_id: d.organizationId,
      attendance_number: d.attendanceNumber,
      code: d.code,
      course_id: d.courseId,
      instructor_id: d.instructorId,
      day: d.day,
      month: d.month,
      year: d.year,
      hour: d.hour,
      minute: d.minute,
      at: d.timestamp,
      attendants: d.attendants,
      search_text: attendanceSearchText(d) + numbersText(lower, numbers),
      created_at: d.createdAt,
      created_by: userIdOrNull(d.createdBy),
    });
    counts.set(d.organizationId, (counts.get(d.organizationId) ?? 0) + 1);
  }
  const insertStudents = (first: number) => {
    const x = byColumn(first, 'id uuid, student_number int', students);
    return {
      sql: `INSERT INTO ${table('attendance_students')} (id, student_number)
            SELECT id, student_number FROM ${x.from}
            ON CONFLICT (id) DO NOTHING`,
      params: x.params,
    };
  };
  if (attendances.length === 0) {
    if (students.length > 0) {
      const s = insertStudents(1);
      await sql.query(s.sql, s.params);
    }
    return;
  }
  const rows = byColumn(
    1,
    `id uuid, organization_id uuid, attendance_number int, code text, course_id uuid, instructor_id uuid, day int,
     month int, year int, hour int, minute int, at timestamptz, attendants uuid[], search_text text,
     created_at timestamptz, created_by uuid`,
    attendances,
  );
  const perOrg = byColumn(
    1 + rows.params.length,
    'organization_id uuid, n int',
    [...counts].map(([organization_id, n]) => ({ organization_id, n })),
  );
  const s = insertStudents(1 + rows.params.length + perOrg.params.length);
  // One statement: no part of it reads what another writes (the numbers were read above). The attendee rows
  // are made by Postgres from the attendances' rows (one per attendant), not sent a second time.
  await sql.query(
    `WITH s AS (${s.sql}), x AS MATERIALIZED (SELECT * FROM ${rows.from}), a AS (
       INSERT INTO ${table('attendances')} (id, organization_id, attendance_number, code, course_id, instructor_id, day, month, year,
              hour, minute, at, attendants, search_text, created_at, created_by)
       SELECT id, organization_id, attendance_number, code, course_id, instructor_id, day, month, year, hour, minute, at,
              attendants, search_text, created_at, created_by
         FROM x
       RETURNING id
     ), n AS (
       INSERT INTO ${table('attendance_counts')} AS c (organization_id, n)
       SELECT organization_id, n FROM ${perOrg.from}
       ON CONFLICT (organization_id) DO UPDATE SET n = c.n + EXCLUDED.n
     )
     ${insertAttendees(table)}
     SELECT x.id, s.id, x.organization_id, x.course_id, x.at FROM x CROSS JOIN LATERAL unnest(x.attendants) AS s(id)`,
    [...rows.params, ...perOrg.params, ...s.params],
  );
};

type StudentRegisteredData = Extract<StudentEvent, { type: 'StudentRegistered' }>['data'];

/**
 * The attendances of each organisation with their attendees (getAttendances, the attendance detail, a
 * student's attendances). A deleted attendance is removed (api.md 7.3 deleteAttendance; no deleted list).
 */
export const attendancesProjection = defineProjection({
  name: 'attendances',
  version: 3,
  tables: ['attendances', 'attendance_attendees', 'attendance_students', 'attendance_counts'],
  schema: (t) => `
    CREATE TABLE ${t('attendances')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      attendance_number int NOT NULL,
      code text NOT NULL,
      course_id uuid NOT NULL,
      instructor_id uuid,
      day int NOT NULL,
      month int NOT NULL,
      year int NOT NULL,
      hour int NOT NULL,
      minute int NOT NULL,
      at timestamptz NOT NULL,
      attendants uuid[] NOT NULL,
      search_text text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid
    );
    CREATE INDEX ON ${t('attendances')} (organization_id, at DESC, code DESC);
    -- an instructor's lessons ("Benim derslerim", the instructor filter) without walking the organisation's
    CREATE INDEX ON ${t('attendances')} (organization_id, instructor_id, at DESC, code DESC);
    CREATE TABLE ${t('attendance_attendees')} (
      attendance_id uuid NOT NULL,
      student_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      at timestamptz NOT NULL,
      PRIMARY KEY (attendance_id, student_id)
    );
    CREATE INDEX ON ${t('attendance_attendees')} (student_id, at DESC);
    CREATE TABLE ${t('attendance_students')} (
      id uuid PRIMARY KEY,
      student_number int NOT NULL
    );
    -- The organisation's number of attendances: the total of an unfiltered page without counting rows.
    CREATE TABLE ${t('attendance_counts')} (
      organization_id uuid PRIMARY KEY,
      n int NOT NULL
    );
  `,
  handlers: {
    // Student numbers never change (students/decider.ts), so the search text can hold them.
    StudentRegistered: async ({ sql, table }, e: EventOf<'StudentRegistered'>) => {
      await sql.query(
        `INSERT INTO ${table('attendance_students')} (id, student_number) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
        [e.data.studentId, e.data.studentNumber],
      );
    },
    AttendanceAdded: async ({ sql, table }, e: EventOf<'AttendanceAdded'>) => {
      const d: Fields = e.data;
      // One statement: the attendance (search text with the attendees' numbers), its count, its attendee rows.
      await sql.query(
        `WITH a AS (
           INSERT INTO ${table('attendances')} (id, organization_id, attendance_number, code, course_id, instructor_id, day, month, year, hour,
                  minute, at, attendants, search_text, created_at, created_by)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14 || ${numbersSql(table, '$13')},$15,$16)
           RETURNING id
         ), n AS (
           INSERT INTO ${table('attendance_counts')} AS c (organization_id, n) VALUES ($2, 1)
           ON CONFLICT (organization_id) DO UPDATE SET n = c.n + 1
         )
         ${insertAttendees(table)} SELECT $1, s, $2, $5, $12 FROM unnest($13::uuid[]) AS s`,
        [
          d.attendanceId,
          d.organizationId,
          d.attendanceNumber,
          d.code,
          d.courseId,
          d.instructorId,
          d.day,
          d.month,
          d.year,
          d.hour,
          d.minute,
          d.timestamp,
          d.attendants,
          attendanceSearchText(d),
          d.createdAt,
          userIdOrNull(d.createdBy),
        ],
      );
    },
    AttendanceEdited: async ({ sql, table }, e: EventOf<'AttendanceEdited'>) => {
      const d = e.data;
      const code = await sql.query<{ code: string }>(
        `SELECT code FROM ${table('attendances')} WHERE id = $1`,
        [d.attendanceId],
      );
      if (!code.rows[0]) return;
      await sql.query(
        `UPDATE ${table('attendances')} SET instructor_id=$2, day=$3, month=$4, year=$5, hour=$6, minute=$7, at=$8, attendants=$9,
                search_text=$10 || ${numbersSql(table, '$9')}, edited_at=$11, edited_by=$12
          WHERE id=$1`,
        [
          d.attendanceId,
          d.instructorId,
          d.day,
          d.month,
          d.year,
          d.hour,
          d.minute,
          d.timestamp,
          d.attendants,
          attendanceSearchText({ ...d, code: code.rows[0].code }),
          d.editedAt,
          userIdOrNull(d.editedBy),
        ],
      );
      await sql.query(`DELETE FROM ${table('attendance_attendees')} WHERE attendance_id = $1`, [
        d.attendanceId,
      ]);
      await sql.query(`${insertAttendees(table)} SELECT $1, s, $2, $3, $4 FROM unnest($5::uuid[]) AS s`, [
        d.attendanceId,
        d.organizationId,
        d.courseId,
        d.timestamp,
        d.attendants,
      ]);
    },
    AttendanceDeleted: async ({ sql, table }, e: EventOf<'AttendanceDeleted'>) => {
      await sql.query(`DELETE FROM ${table('attendance_attendees')} WHERE attendance_id = $1`, [
        e.data.attendanceId,
      ]);
      await sql.query(
        `WITH d AS (DELETE FROM ${table('attendances')} WHERE id = $1 RETURNING organization_id)
         UPDATE ${table('attendance_counts')} c SET n = c.n - 1 FROM d WHERE c.organization_id = d.organization_id`,
        [e.data.attendanceId],
      );
    },
  },
  batchHandlers: { StudentRegistered: addRun, AttendanceAdded: addRun },
});
