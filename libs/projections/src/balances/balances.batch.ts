import { chargePerUnit, chargePerUnitSql, toEpoch, type EventOf } from '@okul/domain';
import type { BatchHandler } from '../runtime/projection';
import { byColumn } from '../runtime/columns';
import { finalPeriods, holder, holderAt, type HolderCandidate } from './balances.pricing';

/** The run's lessons, one row per lesson with its attendants and what each attendant is charged (by whom). */
const LESSON_COLUMNS =
  'attendance_id uuid, organization_id uuid, course_id uuid, at timestamptz, attendants json, charges json, holders json';

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
  /** The terms as the row stood before the run (null for an enrolment added in it). */
  before: { start: string; end: string | null; price: string; discount: string } | null;
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
  /** The pair's key: both ids lower-cased, as Postgres writes uuids as text. */
  key: string;
  student_id: string;
  course_id: string;
  organization_id: string;
  /** The row is created when missing (a lesson, a payment or an enrolment names the pair), else only updated. */
  create: boolean;
  paid: bigint;
  lessons: bigint;
}

/**
 * A run of the frequent balance events in a few set-based statements. It leaves the tables as the handlers
 * applied in order would, because of what those handlers keep true after every event (for histories the
 * deciders write, where an enrolment event names its enrolment's student and course):
 * - every lesson of a (student, course) is priced by that pair's current enrolments (a lesson is priced when
 *   added, and every enrolment change prices the pair's lessons again), so lessons added in the run are priced
 *   once by the enrolments as the run leaves them, and of the lessons recorded before the run only those
 *   whose holder or charge an enrolment's change in the run can move are priced again (what it covered
 *   before and after the run, see below), by the enrolments as the run leaves them;
 * - a pair's lessons_charged is the sum of its lessons' charges, and its paid the sum of its active payments:
 *   both move by exactly what the run adds, takes or prices again (computed here from the payments as the run
 *   folds them, and from the lessons' charges before and after).
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
        before: { start: x.start_text, end: x.end_text, price: x.price, discount: x.discount },
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
        key,
        student_id: student,
        course_id: course,
        organization_id: org,
        create,
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
  /** One row per lesson with its attendants: Postgres makes the row per attendant (a quarter of the JSON). */
  const lessons: Array<{
    attendance_id: string;
    organization_id: string;
    course_id: string;
    at: string;
    attendants: string[];
    /** The pair of each attendant, in the same order. */
    pairs: Pair[];
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
          before: null,
        });
        pair(d.organizationId, d.studentId, d.courseId, true);
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
        pair(d.organizationId, d.studentId, d.courseId, true);
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
        pair(d.organizationId, d.studentId, d.courseId, true);
        break;
      }
      case 'AttendanceAdded': {
        const d = e.data as EventOf<'AttendanceAdded'>['data'];
        lessons.push({
          attendance_id: d.attendanceId,
          organization_id: d.organizationId,
          course_id: d.courseId,
          at: d.timestamp,
          attendants: d.attendants,
          pairs: d.attendants.map((s) => pair(d.organizationId, s, d.courseId, true)),
        });
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
  const enrollmentsBy = (rows: EnrollmentRow[]) =>
    byColumn(
      1,
      enrollmentColumns,
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
  if (newEnrollments.length > 0) {
    const x = enrollmentsBy(newEnrollments);
    await sql.query(
      `INSERT INTO ${table('balance_enrollments')} (id, organization_id, student_id, course_id, enrollment_type, start_date, end_date,
              price, discount, period_unit, period_length, final_periods, created_at)
       SELECT id, organization_id, student_id, course_id, enrollment_type, start_date, end_date, price, discount, period_unit,
              period_length, final_periods, created_at
         FROM ${x.from}`,
      x.params,
    );
  }
  if (changedEnrollments.length > 0) {
    const x = enrollmentsBy(changedEnrollments);
    await sql.query(
      `UPDATE ${table('balance_enrollments')} e
          SET start_date = x.start_date, end_date = x.end_date, price = x.price, discount = x.discount,
              period_unit = x.period_unit, period_length = x.period_length, final_periods = x.final_periods
         FROM ${x.from}
        WHERE e.id = x.id`,
      x.params,
    );
  }

  const paymentRows = [...payments.values()].filter((r) => r.dirty);
  const paymentColumns = `id uuid, organization_id uuid, student_id uuid, course_id uuid, amount bigint, date timestamptz,
    active boolean`;
  const newPayments = paymentRows.filter((r) => r.isNew);
  const changedPayments = paymentRows.filter((r) => !r.isNew);
  if (newPayments.length > 0) {
    const inserted = byColumn(
      1,
      paymentColumns,
      newPayments.map((r) => ({ ...r, amount: r.amount.toString() })),
    );
    await sql.query(
      `INSERT INTO ${table('balance_payments')} (id, organization_id, student_id, course_id, amount, date, active)
       SELECT id, organization_id, student_id, course_id, amount, date, active FROM ${inserted.from}`,
      inserted.params,
    );
  }
  if (changedPayments.length > 0) {
    const x = byColumn(
      1,
      paymentColumns,
      changedPayments.map((r) => ({ ...r, amount: r.amount.toString() })),
    );
    await sql.query(
      `UPDATE ${table('balance_payments')} p SET amount = x.amount, active = x.active
         FROM ${x.from} WHERE p.id = x.id`,
      x.params,
    );
  }

  // The lessons recorded before the run, priced again where an enrolment's change in the run can change
  // what holds them; then the run's lessons, priced by the enrolments as the run leaves them.
  const ranges = enrollmentRows
    .filter((r) => r.enrollment_type === 'per_class')
    .map((r) => ({
      student_id: r.student_id,
      course_id: r.course_id,
      had: r.before !== null,
      b_start: r.before?.start ?? null,
      b_end: r.before?.end ?? null,
      b_price: r.before?.price ?? null,
      b_discount: r.before?.discount ?? null,
      a_start: r.start_date,
      a_end: r.end_date,
      a_price: String(r.price),
      a_discount: String(r.discount),
    }));
  const moveLessons = (
    rows: Array<{ student_id: string; course_id: string; organization_id: string; charge: string }>,
  ) => {
    for (const r of rows) {
      const p =
        pairs.get(`${r.student_id} ${r.course_id}`) ??
        pair(r.organization_id, r.student_id, r.course_id, true);
      p.lessons += BigInt(r.charge);
    }
  };
  if (ranges.length > 0) {
    // Which lessons an enrolment's change can move to another holder or charge: those it covered before or
    // covers now but not both (ends and starts are exclusive and inclusive: api.md 9.3), and, when its start
    // (its rank among the holders) or its charge changed, every lesson it covers before or after. Every other
    // lesson keeps the holder it was priced with, as the handlers keep every lesson priced by the current
    // enrolments. The totals move by what the charges moved.
    const changes = byColumn(
      1,
      `student_id uuid, course_id uuid, had boolean, b_start timestamptz, b_end timestamptz, b_price bigint,
       b_discount bigint, a_start timestamptz, a_end timestamptz, a_price bigint, a_discount bigint`,
      ranges,
    );
    const same = `x.had AND x.b_start = x.a_start AND ${chargePerUnitSql('x.b_price', 'x.b_discount')} = ${chargePerUnitSql('x.a_price', 'x.a_discount')}`;
    const repriced = await sql.query<{
      student_id: string;
      course_id: string;
      organization_id: string;
      charge: string;
    }>(
      `WITH x AS (
         SELECT x.student_id, x.course_id,
                CASE WHEN ${same}
                     THEN least(coalesce(x.b_end, 'infinity'), coalesce(x.a_end, 'infinity'))
                     WHEN x.had THEN least(x.b_start, x.a_start) ELSE x.a_start END AS lo,
                CASE WHEN x.had THEN greatest(coalesce(x.b_end, 'infinity'), coalesce(x.a_end, 'infinity'))
                     ELSE coalesce(x.a_end, 'infinity') END AS hi
           FROM ${changes.from}
       ), r AS (
         SELECT DISTINCT l.attendance_id, l.student_id, l.charge AS old, coalesce(h.charge, 0) AS charge, h.id
           FROM x JOIN ${table('balance_lessons')} l
             ON l.student_id = x.student_id AND l.course_id = x.course_id AND l.at >= x.lo AND l.at < x.hi
           LEFT JOIN LATERAL (${holder(table, 'l.student_id', 'l.course_id', 'l.at')}) h ON true
       ), u AS (
         UPDATE ${table('balance_lessons')} l SET charge = r.charge, enrollment_id = r.id
           FROM r
          WHERE l.attendance_id = r.attendance_id AND l.student_id = r.student_id
            AND (l.charge IS DISTINCT FROM r.charge OR l.enrollment_id IS DISTINCT FROM r.id)
         RETURNING l.student_id, l.course_id, l.organization_id, l.charge - r.old AS moved
       )
       SELECT student_id::text AS student_id, course_id::text AS course_id, organization_id::text AS organization_id,
              sum(moved)::text AS charge
         FROM u GROUP BY student_id, course_id, organization_id`,
      changes.params,
    );
    moveLessons(repriced.rows);
  }

  if (lessons.length > 0) {
    // The run's lessons, priced in Node by the per_class enrolments of their pairs as the run leaves them
    // (written above), read in one statement: one index probe per pair instead of one per attendant, and the
    // totals move by the charges computed here instead of by rows the insert returns.
    const wanted = new Set<Pair>();
    for (const l of lessons) for (const p of l.pairs) wanted.add(p);
    const held = await sql.query<{
      student_id: string;
      course_id: string;
      id: string;
      start_ms: number;
      end_ms: number | null;
      price: string;
      discount: string;
    }>(
      `SELECT h.student_id::text AS student_id, h.course_id::text AS course_id, h.id::text AS id,
              (extract(epoch FROM h.start_date) * 1000)::float8 AS start_ms,
              (extract(epoch FROM h.end_date) * 1000)::float8 AS end_ms, h.price::text AS price, h.discount::text AS discount
         FROM ${table('balance_enrollments')} h
         JOIN unnest($1::uuid[], $2::uuid[]) AS k(student_id, course_id)
           ON h.student_id = k.student_id AND h.course_id = k.course_id
        WHERE h.enrollment_type = 'per_class'
        ORDER BY h.created_at, h.id`,
      [[...wanted].map((p) => p.student_id), [...wanted].map((p) => p.course_id)],
    );
    const candidates = new Map<string, HolderCandidate[]>();
    for (const h of held.rows) {
      const k = `${h.student_id} ${h.course_id}`;
      let list = candidates.get(k);
      if (!list) candidates.set(k, (list = []));
      list.push({
        id: h.id,
        startMs: h.start_ms,
        endMs: h.end_ms,
        charge: chargePerUnit({ price: Number(h.price), discount: Number(h.discount) }),
      });
    }
    const none: HolderCandidate[] = [];
    const rows = lessons.map((l) => {
      const atMs = toEpoch(l.at);
      const charges: number[] = [];
      const holders: Array<string | null> = [];
      for (const p of l.pairs) {
        const h = holderAt(candidates.get(p.key) ?? none, atMs);
        charges.push(h?.charge ?? 0);
        holders.push(h?.id ?? null);
        if (h !== undefined && h.charge !== 0) p.lessons += BigInt(h.charge);
      }
      return {
        attendance_id: l.attendance_id,
        organization_id: l.organization_id,
        course_id: l.course_id,
        at: l.at,
        attendants: l.attendants,
        charges,
        holders,
      };
    });
    const lessonColumns = byColumn(1, LESSON_COLUMNS, rows);
    await sql.query(
      `INSERT INTO ${table('balance_lessons')} (attendance_id, student_id, organization_id, course_id, at, charge, enrollment_id)
       SELECT x.attendance_id, s.student_id::uuid, x.organization_id, x.course_id, x.at, s.charge::bigint, s.holder::uuid
         FROM ${lessonColumns.from}
         CROSS JOIN LATERAL ROWS FROM (json_array_elements_text(x.attendants), json_array_elements_text(x.charges),
                                       json_array_elements_text(x.holders)) AS s(student_id, charge, holder)`,
      lessonColumns.params,
    );
  }

  const totalsColumns = 'student_id uuid, course_id uuid, organization_id uuid, lessons bigint, paid bigint';
  // lessons_charged stays the sum of the pair's lessons and paid that of its active payments: both move by
  // what the run added, took or priced again.
  const moved = [...pairs.values()].filter((p) => p.create);
  if (moved.length > 0) {
    const totals = byColumn(
      1,
      totalsColumns,
      moved.map((p) => ({ ...p, lessons: p.lessons.toString(), paid: p.paid.toString() })),
    );
    await sql.query(
      `INSERT INTO ${table('balance_totals')} AS bt (student_id, course_id, organization_id, lessons_charged, paid)
       SELECT student_id, course_id, organization_id, lessons, paid FROM ${totals.from}
       ON CONFLICT (student_id, course_id) DO UPDATE
         SET lessons_charged = bt.lessons_charged + EXCLUDED.lessons_charged, paid = bt.paid + EXCLUDED.paid`,
      totals.params,
    );
  }
  const updated = [...pairs.values()].filter((p) => !p.create && p.paid !== 0n);
  if (updated.length > 0) {
    const x = byColumn(
      1,
      totalsColumns,
      updated.map((p) => ({
        student_id: p.student_id,
        course_id: p.course_id,
        organization_id: p.organization_id,
        lessons: p.lessons.toString(),
        paid: p.paid.toString(),
      })),
    );
    await sql.query(
      `UPDATE ${table('balance_totals')} bt SET paid = bt.paid + x.paid
         FROM ${x.from} WHERE bt.student_id = x.student_id AND bt.course_id = x.course_id`,
      x.params,
    );
  }
};
