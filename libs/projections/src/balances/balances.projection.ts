import type { EventOf } from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { defineProjection } from '../runtime/projection';
import { BALANCE_BATCH_TYPES, balancesBatch } from './balances.batch';
import { finalPeriods, holder } from './balances.pricing';

export { holder } from './balances.pricing';

type T = (name: string) => string;

/**
 * What the balance calculator (libs/domain/src/balances) needs, kept per student, plus running totals per
 * (student, course) so the due list of a whole organisation is one small read:
 *
 * - balance_enrollments: the terms of each enrolment; `final_periods` is the number of periodic charges once
 *   its end has passed (a constant from then on), null while it is open-ended;
 * - balance_lessons: one row per attendee of each attendance with what the lesson charges: the per-charge price
 *   of the per_class enrolment of that course holding it (start inclusive, end exclusive: api.md 9.3), else 0;
 * - balance_payments: active (not deleted) payments, by course;
 * - balance_totals: per (student, course) the sum of lesson charges and of active payments.
 *
 * Periodic charges depend on `now`, so they are added at read time from the enrolment terms (balances.reader.ts).
 * Lessons and payments move the totals by exactly what they add or take (integers, applied once per event);
 * an enrolment change re-prices that student's lessons of the course and sums them again, so a retroactive
 * price or date edit changes past charges exactly as the calculator would.
 */
export const balancesProjection = defineProjection({
  name: 'balances',
  // 2: lessons indexed by their time within the pair (an enrolment's change prices again only what it covers)
  version: 2,
  tables: ['balance_enrollments', 'balance_lessons', 'balance_payments', 'balance_totals'],
  schema: (t) => `
    CREATE TABLE ${t('balance_enrollments')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      enrollment_type text NOT NULL,
      start_date timestamptz NOT NULL,
      end_date timestamptz,
      price bigint NOT NULL,
      discount bigint NOT NULL,
      period_unit text,
      period_length int,
      final_periods int,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ON ${t('balance_enrollments')} (student_id, course_id);
    CREATE INDEX ON ${t('balance_enrollments')} (organization_id);
    CREATE TABLE ${t('balance_lessons')} (
      attendance_id uuid NOT NULL,
      student_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      course_id uuid NOT NULL,
      at timestamptz NOT NULL,
      charge bigint NOT NULL,
      enrollment_id uuid,
      PRIMARY KEY (attendance_id, student_id)
    );
    CREATE INDEX ON ${t('balance_lessons')} (student_id, course_id, at);
    CREATE TABLE ${t('balance_payments')} (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      amount bigint NOT NULL,
      date timestamptz NOT NULL,
      active boolean NOT NULL
    );
    CREATE INDEX ON ${t('balance_payments')} (student_id, course_id);
    CREATE TABLE ${t('balance_totals')} (
      student_id uuid NOT NULL,
      course_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      lessons_charged bigint NOT NULL,
      paid bigint NOT NULL,
      PRIMARY KEY (student_id, course_id)
    );
    CREATE INDEX ON ${t('balance_totals')} (organization_id);
  `,
  handlers: {
    EnrollmentAdded: async ({ sql, table }, e: EventOf<'EnrollmentAdded'>) => {
      const d = e.data;
      await sql.query(
        `INSERT INTO ${table('balance_enrollments')} (id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price, discount,
                period_unit, period_length, final_periods, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
        [
          d.enrollmentId,
          d.organizationId,
          d.studentId,
          d.courseId,
          d.enrollmentType,
          d.startDate,
          d.endDate,
          d.price,
          d.discount,
          d.periodUnit,
          d.periodLength,
          finalPeriods(d.enrollmentType, d),
          d.createdAt,
        ],
      );
      await repriceLessons(sql, table, d.organizationId, d.studentId, d.courseId);
    },
    EnrollmentEdited: async ({ sql, table }, e: EventOf<'EnrollmentEdited'>) => {
      const d = e.data;
      const type = await sql.query<{ enrollment_type: string }>(
        `UPDATE ${table('balance_enrollments')} SET start_date=$2, end_date=$3, price=$4, discount=$5, period_unit=$6, period_length=$7
          WHERE id=$1 RETURNING enrollment_type`,
        [d.enrollmentId, d.startDate, d.endDate, d.price, d.discount, d.periodUnit, d.periodLength],
      );
      const enrollmentType = type.rows[0]?.enrollment_type ?? 'per_class';
      await sql.query(`UPDATE ${table('balance_enrollments')} SET final_periods=$2 WHERE id=$1`, [
        d.enrollmentId,
        finalPeriods(enrollmentType, d),
      ]);
      await repriceLessons(sql, table, d.organizationId, d.studentId, d.courseId);
    },
    EnrollmentEnded: async ({ sql, table }, e: EventOf<'EnrollmentEnded'>) => {
      const d = e.data;
      const r = await sql.query<{
        enrollment_type: string;
        start_date: Date;
        period_unit: 'day' | 'week' | 'month' | null;
        period_length: number | null;
      }>(
        `UPDATE ${table('balance_enrollments')} SET end_date=$2 WHERE id=$1
          RETURNING enrollment_type, start_date, period_unit, period_length`,
        [d.enrollmentId, d.endDate],
      );
      const row = r.rows[0];
      if (row) {
        const terms = {
          startDate: new Date(row.start_date).toISOString(),
          endDate: d.endDate,
          periodUnit: row.period_unit,
          periodLength: row.period_length,
        };
        await sql.query(`UPDATE ${table('balance_enrollments')} SET final_periods=$2 WHERE id=$1`, [
          d.enrollmentId,
          finalPeriods(row.enrollment_type, terms),
        ]);
      }
      await repriceLessons(sql, table, d.organizationId, d.studentId, d.courseId);
    },
    AttendanceAdded: async ({ sql, table }, e: EventOf<'AttendanceAdded'>) => {
      await addLessons(sql, table, e.data);
    },
    AttendanceEdited: async ({ sql, table }, e: EventOf<'AttendanceEdited'>) => {
      await removeLessons(sql, table, e.data.attendanceId);
      await addLessons(sql, table, e.data);
    },
    AttendanceDeleted: async ({ sql, table }, e: EventOf<'AttendanceDeleted'>) => {
      await removeLessons(sql, table, e.data.attendanceId);
    },
    PaymentAdded: async ({ sql, table }, e: EventOf<'PaymentAdded'>) => {
      const d = e.data;
      await sql.query(
        `WITH p AS (
           INSERT INTO ${table('balance_payments')} (id, organization_id, student_id, course_id, amount, date, active)
           VALUES ($1,$2,$3,$4,$5,$6,true) RETURNING organization_id, student_id, course_id, amount
         )
         INSERT INTO ${table('balance_totals')} AS bt (student_id, course_id, organization_id, lessons_charged, paid)
         SELECT student_id, course_id, organization_id, 0, amount FROM p
         ON CONFLICT (student_id, course_id) DO UPDATE SET paid = bt.paid + EXCLUDED.paid`,
        [d.paymentId, d.organizationId, d.studentId, d.courseId, d.amount, d.date],
      );
    },
    PaymentEdited: async ({ sql, table }, e: EventOf<'PaymentEdited'>) => {
      // Every CTE reads the snapshot before the update: `old` is the amount being replaced.
      await sql.query(
        `WITH old AS (SELECT amount FROM ${table('balance_payments')} WHERE id = $1),
              p AS (UPDATE ${table('balance_payments')} SET amount = $2 WHERE id = $1 RETURNING student_id, course_id, active)
         UPDATE ${table('balance_totals')} bt SET paid = bt.paid + ($2 - old.amount)
           FROM old, p WHERE p.active AND bt.student_id = p.student_id AND bt.course_id = p.course_id`,
        [e.data.paymentId, e.data.amount],
      );
    },
    PaymentSoftDeleted: async ({ sql, table }, e: EventOf<'PaymentSoftDeleted'>) => {
      await setPaymentActive(sql, table, e.data.paymentId, false);
    },
    PaymentResurrected: async ({ sql, table }, e: EventOf<'PaymentResurrected'>) => {
      await setPaymentActive(sql, table, e.data.paymentId, true);
    },
    PaymentPermanentlyDeleted: async ({ sql, table }, e: EventOf<'PaymentPermanentlyDeleted'>) => {
      await sql.query(
        `WITH p AS (DELETE FROM ${table('balance_payments')} WHERE id = $1 RETURNING student_id, course_id, amount, active)
         UPDATE ${table('balance_totals')} bt SET paid = bt.paid - p.amount
           FROM p WHERE p.active AND bt.student_id = p.student_id AND bt.course_id = p.course_id`,
        [e.data.paymentId],
      );
    },
  },
  batchHandlers: Object.fromEntries(BALANCE_BATCH_TYPES.map((type) => [type, balancesBatch])) as {
    [T in (typeof BALANCE_BATCH_TYPES)[number]]: typeof balancesBatch;
  },
});

/** A lesson's rows, priced by the enrolment holding it, and its charges added to the totals. */
async function addLessons(
  sql: Sql,
  t: T,
  d: {
    attendanceId: string;
    organizationId: string;
    courseId: string;
    timestamp: string;
    attendants: string[];
  },
) {
  await sql.query(
    `WITH l AS (
       INSERT INTO ${t('balance_lessons')} (attendance_id, student_id, organization_id, course_id, at, charge, enrollment_id)
       SELECT $1, s.id, $2, $3, $4::timestamptz, coalesce(x.charge, 0), x.id
         FROM unnest($5::uuid[]) AS s(id)
         LEFT JOIN LATERAL (${holder(t, 's.id', '$3', '$4::timestamptz')}) x ON true
       RETURNING student_id, course_id, organization_id, charge
     )
     INSERT INTO ${t('balance_totals')} AS bt (student_id, course_id, organization_id, lessons_charged, paid)
     SELECT student_id, course_id, organization_id, charge, 0 FROM l
     ON CONFLICT (student_id, course_id) DO UPDATE SET lessons_charged = bt.lessons_charged + EXCLUDED.lessons_charged`,
    [d.attendanceId, d.organizationId, d.courseId, d.timestamp, d.attendants],
  );
}

/** A lesson's rows removed and their charges taken off the totals. */
async function removeLessons(sql: Sql, t: T, attendanceId: string) {
  await sql.query(
    `WITH l AS (DELETE FROM ${t('balance_lessons')} WHERE attendance_id = $1 RETURNING student_id, course_id, charge)
     UPDATE ${t('balance_totals')} bt SET lessons_charged = bt.lessons_charged - l.charge
       FROM l WHERE bt.student_id = l.student_id AND bt.course_id = l.course_id`,
    [attendanceId],
  );
}

async function setPaymentActive(sql: Sql, t: T, paymentId: string, active: boolean) {
  await sql.query(
    `WITH p AS (UPDATE ${t('balance_payments')} SET active = $2 WHERE id = $1 AND active <> $2 RETURNING student_id, course_id, amount)
     UPDATE ${t('balance_totals')} bt SET paid = bt.paid + CASE WHEN $2 THEN p.amount ELSE -p.amount END
       FROM p WHERE bt.student_id = p.student_id AND bt.course_id = p.course_id`,
    [paymentId, active],
  );
}

/**
 * After an enrolment changes, every lesson of that student and course is priced again (a retroactive price or
 * date edit changes past charges, as the calculator computes them from the current terms), and the lesson
 * total is summed again from the rows.
 */
async function repriceLessons(sql: Sql, t: T, organizationId: string, studentId: string, courseId: string) {
  await sql.query(
    `UPDATE ${t('balance_lessons')} l SET charge = coalesce(x.charge, 0), enrollment_id = x.id
       FROM ${t('balance_lessons')} l2
       LEFT JOIN LATERAL (${holder(t, 'l2.student_id', 'l2.course_id', 'l2.at')}) x ON true
      WHERE l2.student_id = $1 AND l2.course_id = $2
        AND l.attendance_id = l2.attendance_id AND l.student_id = l2.student_id
        AND (l.charge IS DISTINCT FROM coalesce(x.charge, 0) OR l.enrollment_id IS DISTINCT FROM x.id)`,
    [studentId, courseId],
  );
  await sql.query(
    `INSERT INTO ${t('balance_totals')} (student_id, course_id, organization_id, lessons_charged, paid)
     VALUES ($1, $2, $3, (SELECT coalesce(sum(charge), 0) FROM ${t('balance_lessons')} WHERE student_id = $1 AND course_id = $2), 0)
     ON CONFLICT (student_id, course_id) DO UPDATE SET lessons_charged = EXCLUDED.lessons_charged`,
    [studentId, courseId, organizationId],
  );
}
