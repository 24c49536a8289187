import {
  expandSchedule,
  isEnrolledInCourseAt,
  occurrenceId,
  type ScheduleTime,
  type SchedulePeriodUnit,
} from '@okul/domain';
import { readStudentEnrollments } from '../groups/classes.reader';
import type { Sql } from '../runtime/sql';

/** One schedule as getSchedules answers it (product.md 3 Schedule). */
export interface ScheduleView {
  id: string;
  organizationId: string;
  courseId: string;
  title: string | null;
  scheduleType: 'periodic' | 'one_off';
  scheduleTimes: ScheduleTime[];
  periodLength: number | null;
  periodUnit: SchedulePeriodUnit | null;
  repeatCount: number | null;
  attendanceMandatory: boolean;
  notes: string | null;
  /** The Eğitmen, and their name (null when none, or no longer an employee of this organisation). */
  instructorId: string | null;
  instructorName: string | null;
  students: Array<{ studentId: string }>;
  classes: Array<{ classId: string }>;
  createdAt: string;
  createdBy: string | null;
  editedAt: string | null;
  editedBy: string | null;
  deletedAt: null;
}

interface Row {
  id: string;
  organization_id: string;
  course_id: string;
  title: string | null;
  schedule_type: 'periodic' | 'one_off';
  schedule_times: ScheduleTime[];
  period_length: number | null;
  period_unit: SchedulePeriodUnit | null;
  repeat_count: number | null;
  attendance_mandatory: boolean;
  notes: string | null;
  instructor_id: string | null;
  instructor_name: string | null;
  students: string[];
  classes: string[];
  created_at: Date;
  created_by: string | null;
  edited_at: Date | null;
  edited_by: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toView = (r: Row): ScheduleView => ({
  id: r.id,
  organizationId: r.organization_id,
  courseId: r.course_id,
  title: r.title,
  scheduleType: r.schedule_type,
  scheduleTimes: r.schedule_times,
  periodLength: r.period_length,
  periodUnit: r.period_unit,
  repeatCount: r.repeat_count,
  attendanceMandatory: r.attendance_mandatory,
  notes: r.notes,
  instructorId: r.instructor_id,
  instructorName: r.instructor_name,
  students: r.students.map((studentId) => ({ studentId })),
  classes: r.classes.map((classId) => ({ classId })),
  createdAt: iso(r.created_at)!,
  createdBy: r.created_by,
  editedAt: iso(r.edited_at),
  editedBy: r.edited_by,
  deletedAt: null,
});

export interface ScheduleFilter {
  id?: string;
  courseId?: string;
  studentId?: string;
  classId?: string;
  instructorId?: string;
  /** Only schedules with an occurrence overlapping [from, to). */
  from?: string;
  to?: string;
}

/** The organisation's schedules that are not deleted (product.md 4), by first lesson. */
export async function readSchedules(
  sql: Sql,
  organizationId: string,
  f: ScheduleFilter = {},
): Promise<ScheduleView[]> {
  const params: unknown[] = [organizationId];
  const where = ['s.organization_id = $1', 's.deleted_at IS NULL'];
  const add = (v: unknown, clause: (p: string) => string) => {
    params.push(v);
    where.push(clause(`$${params.length}`));
  };
  if (f.id) add(f.id, (p) => `s.id = ${p}`);
  if (f.courseId) add(f.courseId, (p) => `s.course_id = ${p}`);
  if (f.instructorId) add(f.instructorId, (p) => `s.instructor_id = ${p}`);
  if (f.from) add(f.from, (p) => `s.last_end > ${p}::timestamptz`);
  if (f.to) add(f.to, (p) => `s.first_start < ${p}::timestamptz`);
  if (f.studentId) {
    // A student's schedules: named directly, or through a group holding them.
    add(
      f.studentId,
      (p) => `(${p}::uuid = ANY(s.students) OR EXISTS (SELECT 1 FROM classes c WHERE c.id = ANY(s.classes)
                 AND c.deleted_at IS NULL AND ${p}::uuid = ANY(c.members)))`,
    );
  }
  if (f.classId) add(f.classId, (p) => `${p}::uuid = ANY(s.classes)`);
  const r = await sql.query<Row>(
    `SELECT s.*, e.name || ' ' || e.surname AS instructor_name FROM schedules s
       LEFT JOIN employees e ON e.id = s.instructor_id AND e.organization_id = s.organization_id
      WHERE ${where.join(' AND ')} ORDER BY s.first_start, s.id`,
    params,
  );
  return r.rows.map(toView);
}

/** The ids of a course's schedules that are not deleted (a course deletion removes them, product.md 4). */
export async function readCourseScheduleIds(
  sql: Sql,
  organizationId: string,
  courseId: string,
): Promise<string[]> {
  const r = await sql.query<{ id: string }>(
    `SELECT id FROM schedules WHERE organization_id = $1 AND course_id = $2 AND deleted_at IS NULL`,
    [organizationId, courseId],
  );
  return r.rows.map((x) => x.id);
}

/** One lesson of the calendar. */
export interface OccurrenceView {
  id: string;
  scheduleId: string;
  slot: number;
  index: number;
  courseId: string;
  title: string | null;
  start: string;
  end: string;
  attendanceMandatory: boolean;
  instructorId: string | null;
  classes: string[];
  /** The attendance recorded for this lesson (its course, during its time), or null. */
  attendanceId: string | null;
  /** With `members`: the students plus the groups' members enrolled in the course at the lesson's start. */
  memberIds?: string[];
}

/**
 * The lessons of [from, to), in time order, each with the attendance taken for it: an attendance of the
 * schedule's course whose lesson time falls within the occurrence ([start, end), docs/DECISIONS.md).
 */
export async function readOccurrences(
  sql: Sql,
  organizationId: string,
  f: ScheduleFilter & { from: string; to: string; members?: boolean },
): Promise<OccurrenceView[]> {
  const schedules = await readSchedules(sql, organizationId, f);
  const window = { from: Date.parse(f.from), to: Date.parse(f.to) };
  const out: OccurrenceView[] = [];
  for (const s of schedules) {
    for (const o of expandSchedule(s, window)) {
      out.push({
        id: occurrenceId(s.id, o),
        scheduleId: s.id,
        slot: o.slot,
        index: o.index,
        courseId: s.courseId,
        title: s.title,
        start: o.start,
        end: o.end,
        attendanceMandatory: s.attendanceMandatory,
        instructorId: s.instructorId,
        classes: s.classes.map((c) => c.classId),
        attendanceId: null,
      });
    }
  }
  out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
  if (out.length === 0) return out;
  const taken = await sql.query<{ id: string; course_id: string; at_ms: string }>(
    `SELECT id, course_id, (extract(epoch FROM at) * 1000)::bigint::text AS at_ms FROM attendances
      WHERE organization_id = $1 AND at >= $2::timestamptz AND at < $3::timestamptz`,
    [organizationId, out[0].start, out.reduce((m, o) => (o.end > m ? o.end : m), out[0].end)],
  );
  const byCourse = new Map<string, Array<{ id: string; at: number }>>();
  for (const a of taken.rows) {
    const list = byCourse.get(a.course_id) ?? [];
    list.push({ id: a.id, at: Number(a.at_ms) });
    byCourse.set(a.course_id, list);
  }
  for (const o of out) {
    const [start, end] = [Date.parse(o.start), Date.parse(o.end)];
    o.attendanceId = byCourse.get(o.courseId)?.find((a) => a.at >= start && a.at < end)?.id ?? null;
  }
  if (f.members) await addMembers(sql, organizationId, schedules, out);
  return out;
}

async function addMembers(
  sql: Sql,
  organizationId: string,
  schedules: ScheduleView[],
  out: OccurrenceView[],
) {
  const classIds = [...new Set(schedules.flatMap((s) => s.classes.map((c) => c.classId)))];
  const classes = await sql.query<{ id: string; members: string[] }>(
    `SELECT id, members FROM classes WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`,
    [organizationId, classIds],
  );
  const membersOf = new Map(classes.rows.map((c) => [c.id, c.members]));
  const candidates = new Map(
    schedules.map((s) => [
      s.id,
      [
        ...new Set([
          ...s.students.map((x) => x.studentId),
          ...s.classes.flatMap((c) => membersOf.get(c.classId) ?? []),
        ]),
      ],
    ]),
  );
  const lookup = await readStudentEnrollments(sql, organizationId, [
    ...new Set([...candidates.values()].flat()),
  ]);
  for (const o of out) {
    // product.md 5: each attendee needs an enrolment of the course active at the lesson's time.
    o.memberIds = (candidates.get(o.scheduleId) ?? []).filter((id) =>
      isEnrolledInCourseAt(lookup[id]?.enrollments ?? [], o.courseId, o.start),
    );
  }
}
