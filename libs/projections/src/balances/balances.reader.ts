import {
  chargePerUnit,
  nextLessonsDebt,
  nextPeriodicChargeAt,
  periodicCharged,
  toEpoch,
  type BalanceAttendance,
  type BalanceEnrollment,
  type BalancePayment,
  type Kurus,
  type PeriodUnit,
} from '@okul/domain';
import type { Sql } from '../runtime/sql';

const iso = (d: Date | string) => new Date(d).toISOString();
const int = (v: string | number) => Number(v);

interface EnrollmentRow {
  id: string;
  student_id: string;
  course_id: string;
  enrollment_type: 'per_class' | 'periodic';
  start_date: Date;
  end_date: Date | null;
  price: string;
  discount: string;
  period_unit: PeriodUnit | null;
  period_length: number | null;
  final_periods: number | null;
}

const ENROLLMENT_COLUMNS = `id, student_id, course_id, enrollment_type, start_date, end_date, price::text AS price,
  discount::text AS discount, period_unit, period_length, final_periods`;

function toEnrollment(r: EnrollmentRow): BalanceEnrollment {
  return {
    id: r.id,
    courseId: r.course_id,
    startDate: iso(r.start_date),
    endDate: r.end_date ? iso(r.end_date) : null,
    price: int(r.price),
    discount: int(r.discount),
    enrollmentType: r.enrollment_type,
    periodUnit: r.period_unit,
    periodLength: r.period_length,
  };
}

/**
 * One student's enrolments, attended lessons and active payments, as the pure calculator takes them
 * (`computeBalance({ ...input, now })`). Enrolments come in the order they were added, which is how the
 * projection breaks ties too.
 */
export async function readBalanceInput(
  sql: Sql,
  organizationId: string,
  studentId: string,
): Promise<{
  enrollments: BalanceEnrollment[];
  attendances: BalanceAttendance[];
  payments: BalancePayment[];
}> {
  const [enrollments, lessons, payments] = await Promise.all([
    sql.query<EnrollmentRow>(
      `SELECT ${ENROLLMENT_COLUMNS} FROM balance_enrollments
        WHERE organization_id = $1 AND student_id = $2 ORDER BY created_at, id`,
      [organizationId, studentId],
    ),
    // Instants as epoch milliseconds: hundreds of rows, no date parsing.
    sql.query<{ attendance_id: string; course_id: string; at_ms: string }>(
      `SELECT attendance_id, course_id, (extract(epoch FROM at) * 1000)::bigint::text AS at_ms FROM balance_lessons
        WHERE organization_id = $1 AND student_id = $2 ORDER BY at, attendance_id`,
      [organizationId, studentId],
    ),
    sql.query<{ id: string; course_id: string; amount: string; date_ms: string }>(
      `SELECT id, course_id, amount::text AS amount, (extract(epoch FROM date) * 1000)::bigint::text AS date_ms
         FROM balance_payments WHERE organization_id = $1 AND student_id = $2 AND active ORDER BY date, id`,
      [organizationId, studentId],
    ),
  ]);
  const isoOf = (ms: string) => new Date(Number(ms)).toISOString();
  return {
    enrollments: enrollments.rows.map(toEnrollment),
    attendances: lessons.rows.map((l) => ({
      id: l.attendance_id,
      courseId: l.course_id,
      timestamp: isoOf(l.at_ms),
    })),
    payments: payments.rows.map((p) => ({
      id: p.id,
      courseId: p.course_id,
      amount: int(p.amount),
      date: isoOf(p.date_ms),
    })),
  };
}

export interface DueRow {
  studentId: string;
  courseId: string;
  /** charges − payments (kuruş): what the student owes for the course; 0 means the next lessons are due. */
  owed: Kurus;
  /** The active enrolment's charge × 4 (api.md 9.3), null without an active enrolment. */
  nextLessonsDebt: Kurus | null;
}

/**
 * The due payments of every student of an organisation at `now`, the same as the calculator's `duePayments`
 * student by student (proved by balances.int.spec.ts): lesson charges and payments come summed from the
 * projection; periodic charges are counted here from the enrolment terms, because they grow with time.
 */
export async function readDuePayments(sql: Sql, organizationId: string, now: string): Promise<DueRow[]> {
  return (await readDuePaymentsAt(sql, organizationId, now)).due;
}

/**
 * readDuePayments, and until when it holds (epoch ms) if nothing is written: the next instant an enrolment
 * ends or a periodic enrolment starts a period. Answers are cached on it (apps/server ReadCache).
 */
export async function readDuePaymentsAt(
  sql: Sql,
  organizationId: string,
  now: string,
): Promise<{ due: DueRow[]; validUntil: number }> {
  // Instants as epoch milliseconds: thousands of rows, no date parsing.
  const [totals, enrollments] = await Promise.all([
    sql.query<{ student_id: string; course_id: string; lessons_charged: string; paid: string }>(
      `SELECT student_id, course_id, lessons_charged::text AS lessons_charged, paid::text AS paid
         FROM balance_totals WHERE organization_id = $1`,
      [organizationId],
    ),
    sql.query<{
      student_id: string;
      course_id: string;
      enrollment_type: string;
      start_ms: string;
      end_ms: string | null;
      price: string;
      discount: string;
      period_unit: PeriodUnit | null;
      period_length: number | null;
      final_periods: number | null;
    }>(
      `SELECT student_id, course_id, enrollment_type, (extract(epoch FROM start_date) * 1000)::bigint::text AS start_ms,
              (extract(epoch FROM end_date) * 1000)::bigint::text AS end_ms, price::text AS price, discount::text AS discount,
              period_unit, period_length, final_periods
         FROM balance_enrollments WHERE organization_id = $1 ORDER BY created_at, id`,
      [organizationId],
    ),
  ]);
  const nowMs = toEpoch(now);
  let validUntil = Number.POSITIVE_INFINITY;
  const key = (s: string, c: string) => `${s}|${c}`;
  const pairs = new Map<
    string,
    { periodic: Kurus; active: { price: Kurus; discount: Kurus } | null; activeStart: number }
  >();
  for (const row of enrollments.rows) {
    const k = key(row.student_id, row.course_id);
    let p = pairs.get(k);
    if (!p) pairs.set(k, (p = { periodic: 0, active: null, activeStart: Number.NEGATIVE_INFINITY }));
    const start = Number(row.start_ms);
    const end = row.end_ms === null ? null : Number(row.end_ms);
    const terms = { price: Number(row.price), discount: Number(row.discount) };
    if (end !== null && end > nowMs) validUntil = Math.min(validUntil, end);
    if (row.enrollment_type === 'periodic') {
      if (end !== null && end <= nowMs && row.final_periods !== null) {
        p.periodic += row.final_periods * chargePerUnit(terms);
      } else {
        const e = {
          ...terms,
          startDate: new Date(start).toISOString(),
          endDate: end === null ? null : new Date(end).toISOString(),
          periodUnit: row.period_unit,
          periodLength: row.period_length,
        };
        p.periodic += periodicCharged(e, now);
        const next = nextPeriodicChargeAt(e, now);
        if (next !== null) validUntil = Math.min(validUntil, next);
      }
    }
    // The calculator's active enrolment: not ended at now, latest start; the first added wins a tie.
    if ((end === null || end > nowMs) && start > p.activeStart) {
      p.active = terms;
      p.activeStart = start;
    }
  }
  const due: DueRow[] = [];
  for (const t of totals.rows) {
    const p = pairs.get(key(t.student_id, t.course_id));
    const owed = Number(t.lessons_charged) + (p?.periodic ?? 0) - Number(t.paid);
    const active = p?.active ?? null;
    // api.md 9.3 and balances/README.md: owed > 0 is due; owed 0 is due while an enrolment is active.
    if (owed > 0 || (owed === 0 && active !== null)) {
      due.push({
        studentId: t.student_id,
        courseId: t.course_id,
        owed,
        nextLessonsDebt: active ? nextLessonsDebt(active) : null,
      });
    }
  }
  return { due, validUntil };
}
