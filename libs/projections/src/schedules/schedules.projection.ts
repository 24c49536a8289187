import { scheduleSpan, type ScheduleEvent, type EventOf } from '@okul/domain';
import type { ProjectionHandlers } from '../runtime/projection';
import { userIdOrNull } from '../students/students.projection';

export const schedulesTables = ['schedules'];

/**
 * The schedules of each organisation (getSchedules). `first_start`/`last_end` span every occurrence, so a
 * calendar range reads only the schedules it can show. A deleted schedule keeps its row with deleted_at
 * (product.md 4: schedules with deletedAt are hidden).
 */
export const schedulesSchema = (t: (name: string) => string) => `
    CREATE TABLE ${t('schedules')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      title text,
      schedule_type text NOT NULL,
      schedule_times jsonb NOT NULL,
      period_length int,
      period_unit text,
      repeat_count int,
      attendance_mandatory boolean NOT NULL,
      notes text,
      instructor_id uuid,
      students uuid[] NOT NULL,
      classes uuid[] NOT NULL,
      first_start timestamptz NOT NULL,
      last_end timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      created_by uuid,
      edited_at timestamptz,
      edited_by uuid,
      deleted_at timestamptz
    );
    CREATE INDEX ON ${t('schedules')} (organization_id, last_end) WHERE deleted_at IS NULL;
    CREATE INDEX ON ${t('schedules')} (organization_id, course_id);
    CREATE INDEX ON ${t('schedules')} (organization_id, instructor_id) WHERE deleted_at IS NULL;
  `;

const DETAIL_COLUMNS = `course_id=$2, title=$3, schedule_type=$4, schedule_times=$5, period_length=$6, period_unit=$7,
  repeat_count=$8, attendance_mandatory=$9, notes=$10, first_start=$11, last_end=$12, instructor_id=$13`;

type Details = Extract<ScheduleEvent, { type: 'ScheduleDetailsUpdated' }>['data'];

const detailParams = (d: Omit<Details, 'changed' | 'membersCleared' | 'editedBy' | 'editedAt'>) => {
  const span = scheduleSpan(d);
  return [
    d.scheduleId,
    d.courseId,
    d.title,
    d.scheduleType,
    JSON.stringify(d.scheduleTimes),
    d.periodLength,
    d.periodUnit,
    d.repeatCount,
    d.attendanceMandatory,
    d.notes,
    span.firstStart,
    span.lastEnd,
    // Events written before the Eğitmen existed carry none.
    d.instructorId ?? null,
  ];
};

export const schedulesHandlers: ProjectionHandlers = {
  ScheduleAdded: async ({ sql, table }, e: EventOf<'ScheduleAdded'>) => {
    const d = e.data;
    await sql.query(
      `INSERT INTO ${table('schedules')} (id, course_id, title, schedule_type, schedule_times, period_length, period_unit,
              repeat_count, attendance_mandatory, notes, first_start, last_end, instructor_id, organization_id, students,
              classes, created_at, created_by)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18) ON CONFLICT (id) DO NOTHING`,
      [...detailParams(d), d.organizationId, d.students, d.classes, d.createdAt, userIdOrNull(d.createdBy)],
    );
  },
  ScheduleDetailsUpdated: async ({ sql, table }, e: EventOf<'ScheduleDetailsUpdated'>) => {
    const d = e.data;
    await sql.query(
      `UPDATE ${table('schedules')} SET ${DETAIL_COLUMNS}, edited_at=$14, edited_by=$15
         ${d.membersCleared ? `, students='{}', classes='{}'` : ''} WHERE id=$1`,
      [...detailParams(d), d.editedAt, userIdOrNull(d.editedBy)],
    );
  },
  ScheduleMembersUpdated: async ({ sql, table }, e: EventOf<'ScheduleMembersUpdated'>) => {
    const d = e.data;
    await sql.query(
      `UPDATE ${table('schedules')} SET students=$2, classes=$3, edited_at=$4, edited_by=$5 WHERE id=$1`,
      [d.scheduleId, d.students, d.classes, d.editedAt, userIdOrNull(d.editedBy)],
    );
  },
  ScheduleStudentRemoved: async ({ sql, table }, e: EventOf<'ScheduleStudentRemoved'>) => {
    const d = e.data;
    await sql.query(
      `UPDATE ${table('schedules')} SET students=array_remove(students, $2::uuid), edited_at=$3, edited_by=$4 WHERE id=$1`,
      [d.scheduleId, d.studentId, d.editedAt, userIdOrNull(d.editedBy)],
    );
  },
  ScheduleClassRemoved: async ({ sql, table }, e: EventOf<'ScheduleClassRemoved'>) => {
    const d = e.data;
    await sql.query(
      `UPDATE ${table('schedules')} SET classes=array_remove(classes, $2::uuid), edited_at=$3, edited_by=$4 WHERE id=$1`,
      [d.scheduleId, d.classId, d.editedAt, userIdOrNull(d.editedBy)],
    );
  },
  ScheduleDeleted: async ({ sql, table }, e: EventOf<'ScheduleDeleted'>) => {
    await sql.query(`UPDATE ${table('schedules')} SET deleted_at=$2 WHERE id=$1`, [
      e.data.scheduleId,
      e.data.deletedAt,
    ]);
  },
};
