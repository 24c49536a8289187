import type { EventOf } from '@okul/domain';
import type { BatchHandler } from '../runtime/projection';
import { recordset } from '../runtime/recordset';
import { finalPeriods, holder } from './balances.pricing';

/** The event types the batch handler folds; the others (rare edits and deletions) go event by event. */
export const BALANCE_BATCH_TYPES = [
  'EnrollmentAdded',
  'EnrollmentEdited',
  'EnrollmentEnded',
  'AttendanceAdded',
  'PaymentAdded',
  'PaymentEdited',
  'PaymentSoftDeleted',
] as const;

interface EnrollmentRow {
  id: string;
  isNew: boolean;
  dirty: boolean;
  organization_id: string;
  student_id: string;
  course_id: string;
  enrollment_type: string;
  /** As written back: the event's ISO string, or the stored value as text (unchanged, so exact). */
  start_date: string;
  /** The instant as the handler reads it back (`new Date(row.start_date).toISOString()`). */
  startIso: string;
  end_date: string | null;
  price: number | string;
  discount: number | string;
  period_unit: 'day' | 'week' | 'month' | null;
  period_length: number | null;
  final_periods: number | null;
  created_at: string;
}

interface PaymentRow {
  id: string;
  isNew: boolean;
  dirty: boolean;
  organization_id: string;
  student_id: string;
  course_id: string;
  amount: bigint;
  date: string;
  active: boolean;
}

interface Pair {
  student_id: string;
  course_id: string;
  organization_id: string;
  /** The row is created when missing (a lesson, a payment or an enrolment names the pair), else only updated. */
  create: boolean;
  /** An enrolment of the pair changed: its lessons are priced again and summed again. */
  reprice: boolean;
  paid: bigint;
  lessons: bigint;
}

/**
 * A run of the frequent balance events in a few set-based statements. It leaves the tables as the handlers
 * applied in order would, because of what those handlers keep true after every event (for histories the
 * deciders write, where an enrolment event names its enrolment's student and course):
 * - every lesson of a (student, course) is priced by that pair's current enrolments (a lesson is priced when
 *   added, and every enrolment change prices the pair's lessons again), so lessons added in the run are priced
 *   once by the enrolments as the run leaves them, and the pairs whose enrolments changed are priced again;
 * - a pair's lessons_charged is the sum of its lessons' charges (set to it after a repricing, else moved by
 *   what is added), and its paid the sum of its active payments (moved by exactly what each event adds or
 *   takes, computed here from the payments as the run folds them).
 * Rows are created for the pairs and ids the handlers would create them for; an id added twice fails as the
 * handler's insert does, and the runner then applies the run event by event.
 */
export const balancesBatch: BatchHandler<(typeof BALANCE_BATCH_TYPES)[number]> = async (
  { sql, table },
  events,
) => {
  const enrollmentIds = new Set<string>();
  const paymentIds = new Set<string>();
  for (const e of events) {
    if (e.type === 'EnrollmentEdited' || e.type === 'EnrollmentEnded')
      enrollmentIds.add((e.data as { enrollmentId: string }).enrollmentId);
    if (e.type === 'PaymentEdited' || e.type === 'PaymentSoftDeleted')
      paymentIds.add((e.data as { paymentId: string }).paymentId);
  }
  const enrollments = new Map<string, EnrollmentRow>();
  if (enrollmentIds.size > 0) {
    const r = await sql.query<{
      id: string;
      organization_id: string;
      student_id: string;
      course_id: string;
      enrollment_type: string;
      start_date: Date;
      start_text: string;
      end_text: string | null;
      price: string;
      discount: string;
      period_unit: 'day' | 'week' | 'month' | null;
      period_length: number | null;
      final_periods: number | null;
      created_text: string;
    }>(
      `SELECT id::text AS id, organization_id::text AS organization_id, student_id::text AS student_id,
              course_id::text AS course_id, enrollment_type, start_date, start_date::text AS start_text,
              end_date::text AS end_text, price::text AS price, discount::text AS discount, period_unit, period_length,
              final_periods, created_at::text AS created_text
         FROM ${table('balance_enrollments')} WHERE id = ANY($1::uuid[])`,
      [[...enrollmentIds]],
    );
    for (const x of r.rows)
      enrollments.set(x.id, {
        id: x.id,
        isNew: false,
        dirty: false,
        organization_id: x.organization_id,
        student_id: x.student_id,
        course_id: x.course_id,
        enrollment_type: x.enrollment_type,
        start_date: x.start_text,
        startIso: new Date(x.start_date).toISOString(),
        end_date: x.end_text,
        price: x.price,
        discount: x.discount,
        period_unit: x.period_unit,
        period_length: x.period_length,
        final_periods: x.final_periods,
        created_at: x.created_text,
      });
  }
  const payments = new Map<string, PaymentRow>();
  if (paymentIds.size > 0) {
    const r = await sql.query<{
      id: string;
      organization_id: string;
      student_id: string;
      course_id: string;
      amount: string;
      date: string;
      active: boolean;
    }>(
      `SELECT id::text AS id, organization_id::text AS organization_id, student_id::text AS student_id,
              course_id::text AS course_id, amount::text AS amount, date::text AS date, active
         FROM ${table('balance_payments')} WHERE id = ANY($1::uuid[])`,
      [[...paymentIds]],
    );
    for (const x of r.rows)
      payments.set(x.id, { ...x, amount: BigInt(x.amount), isNew: false, dirty: false });
  }

  const pairs = new Map<string, Pair>();
  const pair = (org: string, student: string, course: string, create: boolean): Pair => {
    const key = `${student.toLowerCase()} ${course.toLowerCase()}`;
    let p = pairs.get(key);
    if (!p) {
      p = {
        student_id: student,
        course_id: course,
        organization_id: org,
        create,
        reprice: false,
        paid: 0n,
        lessons: 0n,
      };
      pairs.set(key, p);
    } else if (create && !p.create) {
      // The first event creating the row names its organisation, as the first insert would.
      p.create = true;
      p.organization_id = org;
    }
    return p;
  };
  const lessons: Array<{
    attendance_id: string;
    student_id: string;
    organization_id: string;
    course_id: string;
    at: string;
  }> = [];
  const key = (id: string) => id.toLowerCase();

  for (const e of events) {
    switch (e.type) {
      case 'EnrollmentAdded': {
        const d = e.data as EventOf<'EnrollmentAdded'>['data'];
        if (enrollments.has(key(d.enrollmentId))) throw new Error(`enrolment ${d.enrollmentId} added twice`);
        enrollments.set(key(d.enrollmentId), {
          id: d.enrollmentId,
          isNew: true,
          dirty: true,
          organization_id: d.organizationId,
          student_id: d.studentId,
          course_id: d.courseId,
          enrollment_type: d.enrollmentType,
          start_date: d.startDate,
          startIso: new Date(d.startDate).toISOString(),
          end_date: d.endDate,
          price: d.price,
          discount: d.discount,
          period_unit: d.periodUnit,
          period_length: d.periodLength,
          final_periods: finalPeriods(d.enrollmentType, d),
          created_at: d.createdAt,
        });
        pair(d.organizationId, d.studentId, d.courseId, true).reprice = true;
        break;
      }
      case 'EnrollmentEdited': {
        const d = e.data as EventOf<'EnrollmentEdited'>['data'];
        const row = enrollments.get(key(d.enrollmentId));
        if (row) {
          Object.assign(row, {
            dirty: true,
            start_date: d.startDate,
            startIso: new Date(d.startDate).toISOString(),
            end_date: d.endDate,
            price: d.price,
            discount: d.discount,
            period_unit: d.periodUnit,
            period_length: d.periodLength,
            final_periods: finalPeriods(row.enrollment_type, d),
          });
        }
        pair(d.organizationId, d.studentId, d.courseId, true).reprice = true;
        break;
      }
      case 'EnrollmentEnded': {
        const d = e.data as EventOf<'EnrollmentEnded'>['data'];
        const row = enrollments.get(key(d.enrollmentId));
        if (row) {
          row.dirty = true;
          row.end_date = d.endDate;
          row.final_periods = finalPeriods(row.enrollment_type, {
            startDate: row.startIso,
            endDate: d.endDate,
            periodUnit: row.period_unit,
            periodLength: row.period_length,
          });
        }
        pair(d.organizationId, d.studentId, d.courseId, true).reprice = true;
        break;
      }
      case 'AttendanceAdded': {
        const d = e.data as EventOf<'AttendanceAdded'>['data'];
        for (const s of d.attendants) {
          lessons.push({
            attendance_id: d.attendanceId,
            student_id: s,
            organization_id: d.organizationId,
            course_id: d.courseId,
            at: d.timestamp,
          });
          pair(d.organizationId, s, d.courseId, true);
        }
        break;
      }
      case 'PaymentAdded': {
        const d = e.data as EventOf<'PaymentAdded'>['data'];
        if (payments.has(key(d.paymentId))) throw new Error(`payment ${d.paymentId} added twice`);
        payments.set(key(d.paymentId), {
          id: d.paymentId,
          isNew: true,
          dirty: true,
          organization_id: d.organizationId,
          student_id: d.studentId,
          course_id: d.courseId,
          amount: BigInt(d.amount),
          date: d.date,
          active: true,
        });
        pair(d.organizationId, d.studentId, d.courseId, true).paid += BigInt(d.amount);
        break;
      }
      case 'PaymentEdited': {
        const d = e.data as EventOf<'PaymentEdited'>['data'];
        const row = payments.get(key(d.paymentId));
        if (!row) break;
        const amount = BigInt(d.amount);
        if (row.active)
          pair(row.organization_id, row.student_id, row.course_id, false).paid += amount - row.amount;
        row.amount = amount;
        row.dirty = true;
        break;
      }
      case 'PaymentSoftDeleted': {
        const d = e.data as EventOf<'PaymentSoftDeleted'>['data'];
        const row = payments.get(key(d.paymentId));
        if (!row || !row.active) break;
        pair(row.organization_id, row.student_id, row.course_id, false).paid -= row.amount;
        row.active = false;
        row.dirty = true;
        break;
      }
      default:
        throw new Error(`balances batch: unexpected event type ${(e as { type: string }).type}`);
    }
  }

  const enrollmentRows = [...enrollments.values()].filter((r) => r.dirty);
  const newEnrollments = enrollmentRows.filter((r) => r.isNew);
  const changedEnrollments = enrollmentRows.filter((r) => !r.isNew);
  const enrollmentColumns = `id uuid, organization_id uuid, student_id uuid, course_id uuid, enrollment_type text,
    start_date timestamptz, end_date timestamptz, price bigint, discount bigint, period_unit text, period_length int,
    final_periods int, created_at timestamptz`;
  const enrollmentJson = (rows: EnrollmentRow[]) =>
    JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        organization_id: r.organization_id,
        student_id: r.student_id,
        course_id: r.course_id,
        enrollment_type: r.enrollment_type,
        start_date: r.start_date,
        end_date: r.end_date,
        price: String(r.price),
        discount: String(r.discount),
        period_unit: r.period_unit,
        period_length: r.period_length,
        final_periods: r.final_periods,
        created_at: r.created_at,
      })),
    );
  if (newEnrollments.length > 0)
    await sql.query(
      `INSERT INTO ${table('balance_enrollments')} (id, organization_id, student_id, course_id, enrollment_type, start_date, end_date,
              price, discount, period_unit, period_length, final_periods, created_at)
       SELECT id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price, discount, period_unit,
              period_length, final_periods, created_at
         FROM ${recordset('$1', enrollmentColumns)}`,
      [enrollmentJson(newEnrollments)],
    );
  if (changedEnrollments.length > 0)
    await sql.query(
      `UPDATE ${table('balance_enrollments')} e
          SET start_date = x.start_date, end_date = x.end_date, price = x.price, discount = x.discount,
              period_unit = x.period_unit, period_length = x.period_length, final_periods = x.final_periods
         FROM ${recordset('$1', enrollmentColumns)}
        WHERE e.id = x.id`,
      [enrollmentJson(changedEnrollments)],
    );

  const paymentRows = [...payments.values()].filter((r) => r.dirty);
  const paymentColumns = `id uuid, organization_id uuid, student_id uuid, course_id uuid, amount bigint, date timestamptz,
    active boolean`;
  const paymentJson = (rows: PaymentRow[]) =>
    JSON.stringify(
      rows.map((r) => ({ ...r, amount: r.amount.toString(), isNew: undefined, dirty: undefined })),
    );
  const newPayments = paymentRows.filter((r) => r.isNew);
  const changedPayments = paymentRows.filter((r) => !r.isNew);
  if (newPayments.length > 0)
    await sql.query(
      `INSERT INTO ${table('balance_payments')} (id, organization_id, student_id, course_id, amount, date, active)
       SELECT id, organization_id, student_id, course_id, amount, date, active FROM ${recordset('$1', paymentColumns)}`,
      [paymentJson(newPayments)],
    );
  if (changedPayments.length > 0)
    await sql.query(
      `UPDATE ${table('balance_payments')} p SET amount = x.amount, active = x.active
         FROM ${recordset('$1', paymentColumns)} WHERE p.id = x.id`,
      [paymentJson(changedPayments)],
    );

  if (lessons.length > 0) {
    // Priced by the enrolments as this run leaves them (see above); the charges per pair move the totals.
    const added = await sql.query<{ student_id: string; course_id: string; charge: string }>(
      `WITH l AS (
         INSERT INTO ${table('balance_lessons')} (attendance_id, student_id, organization_id, course_id, at, charge, enrollment_id)
         SELECT x.attendance_id, x.student_id, x.organization_id, x.course_id, x.at, coalesce(h.charge, 0), h.id
           FROM ${recordset('$1', 'attendance_id uuid, student_id uuid, organization_id uuid, course_id uuid, at timestamptz')}
           LEFT JOIN LATERAL (${holder(table, 'x.student_id', 'x.course_id', 'x.at')}) h ON true
         RETURNING student_id, course_id, charge
       )
       SELECT student_id::text AS student_id, course_id::text AS course_id, sum(charge)::text AS charge
         FROM l GROUP BY student_id, course_id`,
      [JSON.stringify(lessons)],
    );
    for (const r of added.rows) {
      const p = pairs.get(`${r.student_id} ${r.course_id}`);
      if (p) p.lessons += BigInt(r.charge);
    }
  }

  const repriced = [...pairs.values()].filter((p) => p.reprice);
  if (repriced.length > 0) {
    await sql.query(
      `UPDATE ${table('balance_lessons')} l SET charge = coalesce(hx.charge, 0), enrollment_id = hx.id
         FROM ${table('balance_lessons')} l2
         JOIN ${recordset('$1', 'student_id uuid, course_id uuid')} ON l2.student_id = x.student_id AND l2.course_id = x.course_id
         LEFT JOIN LATERAL (${holder(table, 'l2.student_id', 'l2.course_id', 'l2.at')}) hx ON true
        WHERE l.attendance_id = l2.attendance_id AND l.student_id = l2.student_id
          AND (l.charge IS DISTINCT FROM coalesce(hx.charge, 0) OR l.enrollment_id IS DISTINCT FROM hx.id)`,
      [JSON.stringify(repriced.map((p) => ({ student_id: p.student_id, course_id: p.course_id })))],
    );
  }

  const totalsColumns = 'student_id uuid, course_id uuid, organization_id uuid, lessons bigint, paid bigint';
  const totalsJson = (rows: Pair[]) =>
    JSON.stringify(
      rows.map((p) => ({
        student_id: p.student_id,
        course_id: p.course_id,
        organization_id: p.organization_id,
        lessons: p.lessons.toString(),
        paid: p.paid.toString(),
      })),
    );
  // Repriced pairs: lessons_charged is their lessons' sum (as the last repricing and the lessons after it leave it).
  if (repriced.length > 0)
    await sql.query(
      `INSERT INTO ${table('balance_totals')} AS bt (student_id, course_id, organization_id, lessons_charged, paid)
       SELECT x.student_id, x.course_id, x.organization_id,
              (SELECT coalesce(sum(l.charge), 0) FROM ${table('balance_lessons')} l
                WHERE l.student_id = x.student_id AND l.course_id = x.course_id),
              x.paid
         FROM ${recordset('$1', totalsColumns)}
       ON CONFLICT (student_id, course_id) DO UPDATE
         SET lessons_charged = EXCLUDED.lessons_charged, paid = bt.paid + EXCLUDED.paid`,
      [totalsJson(repriced)],
    );
  const moved = [...pairs.values()].filter((p) => p.create && !p.reprice);
  if (moved.length > 0)
    await sql.query(
      `INSERT INTO ${table('balance_totals')} AS bt (student_id, course_id, organization_id, lessons_charged, paid)
       SELECT student_id, course_id, organization_id, lessons, paid FROM ${recordset('$1', totalsColumns)}
       ON CONFLICT (student_id, course_id) DO UPDATE
         SET lessons_charged = bt.lessons_charged + EXCLUDED.lessons_charged, paid = bt.paid + EXCLUDED.paid`,
      [totalsJson(moved)],
    );
  const updated = [...pairs.values()].filter((p) => !p.create && p.paid !== 0n);
  if (updated.length > 0)
    await sql.query(
      `UPDATE ${table('balance_totals')} bt SET paid = bt.paid + x.paid
         FROM ${recordset('$1', totalsColumns)} WHERE bt.student_id = x.student_id AND bt.course_id = x.course_id`,
      [totalsJson(updated)],
    );
};
