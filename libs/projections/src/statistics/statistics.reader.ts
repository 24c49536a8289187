import {
  addMonths,
  attendanceRate,
  collectionRate,
  debtAgeing,
  enrollmentActiveSql,
  localToIso,
  periodicChargeTimes,
  chargePerUnit,
  toIso,
  countAgeGroups,
  monthOf,
  monthStart,
  monthsBetween,
  nextPeriodicChargeAt,
  periodicChargesByMonth,
  toEpoch,
  toLocal,
  type AgeGroupsAnswer,
  type BalanceEnrollment,
  type DebtLine,
  type PeriodUnit,
  type StatisticsAnswer,
  type StatisticsGroup,
  type StatisticsQuery,
} from '@okul/domain';
import type { Sql } from '../runtime/sql';
import { accountsFromLines, debtLines } from './statistics.sql';

/** Is `asOf` at or after the organisation's last event the statistics recorded (so the current sums hold)? */
async function answeredFromCurrent(sql: Sql, organizationId: string, asOf: string): Promise<boolean> {
  const r = await sql.query<{ now: boolean }>(
    `SELECT last_recorded <= $2::timestamptz AS now FROM stat_orgs WHERE organization_id = $1`,
    [organizationId, asOf],
  );
  return r.rows[0]?.now ?? true;
}

/**
 * api.md 9.4: the active students (product.md 4: an active enrolment at `now`, its end exclusive as in
 * libs/domain isEnrollmentActive; deleted students left out)
 * by age group on the institution's calendar day. Ages move with the calendar, not with events, so they are
 * counted at read time from the birth dates.
 */
export async function readAgeGroups(sql: Sql, organizationId: string, now: Date): Promise<AgeGroupsAnswer> {
  return (await readAgeGroupsUntil(sql, organizationId, now)).answer;
}

/**
 * readAgeGroups with the moment its answer stops holding for a later `now` with no new event: the next
 * Istanbul midnight (ages move by calendar day) or the next end of an enrolment of the organisation (a
 * student may stop being active then), whichever comes first. Nothing else in it moves with the clock: an
 * enrolment's start does not make it active (product.md 4), only its end makes it inactive.
 */
export async function readAgeGroupsUntil(
  sql: Sql,
  organizationId: string,
  now: Date,
): Promise<{ answer: AgeGroupsAnswer; validUntil: number }> {
  const at = now.toISOString();
  const [r, ends] = await Promise.all([
    sql.query<{ dob_d: number | null; dob_m: number | null; dob_y: number | null }>(
      `SELECT s.dob_d, s.dob_m, s.dob_y FROM students s
        WHERE s.organization_id = $1 AND s.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM enrollments e
                       WHERE e.organization_id = $1 AND e.student_id = s.id
                         AND ${enrollmentActiveSql('e.end_date', '$2::timestamptz')})`,
      [organizationId, at],
    ),
    sql.query<{ next_end: string | null }>(
      `SELECT floor(extract(epoch FROM min(e.end_date)) * 1000)::bigint::text AS next_end FROM enrollments e
        WHERE e.organization_id = $1 AND e.end_date > $2::timestamptz`,
      [organizationId, at],
    ),
  ]);
  const local = toLocal(now.getTime());
  const counted = countAgeGroups(
    r.rows.map((s) => ({ dobD: s.dob_d, dobM: s.dob_m, dobY: s.dob_y })),
    { year: local.year, month: local.month, day: local.day },
  );
  const tomorrow = toLocal(now.getTime() + 86_400_000);
  const midnight = toEpoch(localToIso({ year: tomorrow.year, month: tomorrow.month, day: tomorrow.day }));
  const nextEnd = ends.rows[0]?.next_end;
  return {
    answer: { asOf: at, activeStudents: r.rows.length, ...counted },
    validUntil: nextEnd ? Math.min(midnight, Number(nextEnd)) : midnight,
  };
}

/** A figure of the ledger summed: per metric, month and dimension, as stat_totals keeps them. */
interface LedgerTotal {
  metric: string;
  month: string;
  dim: string;
  total: string;
}

interface LedgerSum {
  month: string;
  course_id: string | null;
  instructor_id: string | null;
  lessons: string;
  attendees: string;
  enrolled: string;
  charges: string;
  collections: string;
}

/** The ledger's changes recorded until `asOf`, summed per month, course and instructor. */
export async function ledgerSums(sql: Sql, organizationId: string, from: string, to: string, asOf: string) {
  const r = await sql.query<LedgerSum>(
    `SELECT month, course_id, instructor_id, sum(lessons)::text AS lessons, sum(attendees)::text AS attendees,
            sum(enrolled)::text AS enrolled, sum(charges)::text AS charges, sum(collections)::text AS collections
       FROM stat_ledger
      WHERE organization_id = $1 AND month >= $2 AND month <= $3 AND recorded_at <= $4::timestamptz
      GROUP BY month, course_id, instructor_id`,
    [organizationId, from, to, asOf],
  );
  return r.rows;
}

/**
 * The sums of the ledger's lines as stat_totals keeps them: per metric, month and dimension (a course's line
 * counts for its course and its instructor, '' for Diğer).
 */
export function ledgerTotals(sums: readonly LedgerSum[]): LedgerTotal[] {
  const totals = new Map<string, LedgerTotal & { sum: bigint }>();
  const add = (metric: string, month: string, dim: string, value: string) => {
    const key = `${metric} ${month} ${dim}`;
    const x = totals.get(key) ?? { metric, month, dim, total: '', sum: 0n };
    x.sum += BigInt(value);
    totals.set(key, x);
  };
  for (const s of sums) {
    add('collections', s.month, '', s.collections);
    add('lesson_charges', s.month, '', s.charges);
    if (s.course_id === null) continue;
    for (const dim of [`course:${s.course_id}`, `instructor:${s.instructor_id ?? ''}`]) {
      add('lessons', s.month, dim, s.lessons);
      add('attendees', s.month, dim, s.attendees);
      add('enrolled', s.month, dim, s.enrolled);
    }
  }
  return [...totals.values()].map(({ metric, month, dim, sum }) => ({
    metric,
    month,
    dim,
    total: sum.toString(),
  }));
}

interface VersionRow {
  enrollment_id: string;
  student_id: string;
  course_id: string;
  enrollment_type: 'per_class' | 'periodic';
  start_date: Date;
  end_date: Date | null;
  price: string;
  discount: string;
  period_unit: PeriodUnit | null;
  period_length: number | null;
}

/**
 * The İstatistikler view (docs/DECISIONS.md, statistics): per month the active students and enrolments, new and
 * leaving students, collections against charges, lessons and attendees, and the lessons by course and by
 * instructor, each as the events recorded up to `asOf` gave them (the statistics projection's ledger and
 * enrolment versions).
 */
export async function readStatistics(
  sql: Sql,
  organizationId: string,
  query: StatisticsQuery,
): Promise<StatisticsAnswer> {
  return (await readStatisticsUntil(sql, organizationId, query)).answer;
}

/**
 * readStatistics with the moment its answer stops holding for a later `asOf` with no new event: the end of
 * the Istanbul day (debts age by calendar day, the months move) or an earlier periodic charge falling due.
 */
export async function readStatisticsUntil(
  sql: Sql,
  organizationId: string,
  query: StatisticsQuery,
): Promise<{ answer: StatisticsAnswer; validUntil: number }> {
  const { from, to, asOf } = query;
  const months = monthsBetween(from, to);
  // A moment at or after the organisation's last recorded event is answered from the current sums and
  // versions (one small indexed read each); an earlier one from the changes recorded until then.
  const now = await answeredFromCurrent(sql, organizationId, asOf);
  const ledger = now
    ? await sql.query<LedgerTotal>(
        `SELECT metric, month, dim, total::text AS total FROM stat_totals
          WHERE organization_id = $1 AND month >= $2 AND month <= $3`,
        [organizationId, from, to],
      )
    : { rows: ledgerTotals(await ledgerSums(sql, organizationId, from, to, asOf)) };
  const versions = await sql.query<VersionRow>(
    `SELECT enrollment_id, student_id, course_id, enrollment_type, start_date, end_date, price::text, discount::text,
            period_unit, period_length
       FROM stat_enrollments
      WHERE ${
        now
          ? 'organization_id = $1 AND to_pos IS NULL'
          : 'organization_id = $1 AND recorded_from <= $2::timestamptz AND (recorded_to IS NULL OR recorded_to > $2::timestamptz)'
      }`,
    now ? [organizationId] : [organizationId, asOf],
  );

  const figures = new Map(
    months.map((m) => [
      m,
      {
        month: m,
        activeStudents: 0,
        activeEnrollments: 0,
        newStudents: 0,
        leavingStudents: 0,
        collections: 0,
        charges: 0,
        collectionRate: null as number | null,
        lessons: 0,
        attendees: 0,
      },
    ]),
  );
  const groups = { course: new Map<string, Counts>(), instructor: new Map<string, Counts>() };
  for (const row of ledger.rows) {
    const f = figures.get(row.month);
    const total = Number(row.total);
    if (!f || total === 0) continue;
    if (row.metric === 'collections') f.collections += total;
    else if (row.metric === 'lesson_charges') f.charges += total;
    else if (row.metric === 'lessons' || row.metric === 'attendees' || row.metric === 'enrolled') {
      const [kind, id] = row.dim.split(':') as ['course' | 'instructor', string];
      const counts = groups[kind].get(id) ?? { lessons: 0, attendees: 0, enrolled: 0 };
      counts[row.metric] += total;
      groups[kind].set(id, counts);
      // Every lesson has exactly one course line: the month's totals are counted from those.
      if (kind === 'course' && row.metric !== 'enrolled') f[row.metric] += total;
    }
  }

  const enrollments: Array<BalanceEnrollment & { studentId: string }> = versions.rows.map((v) => ({
    id: v.enrollment_id,
    studentId: v.student_id,
    courseId: v.course_id,
    enrollmentType: v.enrollment_type,
    startDate: new Date(v.start_date).toISOString(),
    endDate: v.end_date === null ? null : new Date(v.end_date).toISOString(),
    price: Number(v.price),
    discount: Number(v.discount),
    periodUnit: v.period_unit,
    periodLength: v.period_length,
  }));
  for (const [m, amount] of periodicChargesByMonth(enrollments, asOf)) {
    const f = figures.get(m);
    if (f) f.charges += amount;
  }

  const bounds = months.map((m) => ({
    m,
    start: toEpoch(monthStart(m)),
    end: toEpoch(monthStart(addMonths(m, 1))),
  }));
  const byStudent = new Map<string, { first: number; last: number }>();
  const activeStudents = new Map<string, Set<string>>(months.map((m) => [m, new Set<string>()]));
  for (const e of enrollments) {
    const start = toEpoch(e.startDate);
    const end = e.endDate === null ? Number.POSITIVE_INFINITY : toEpoch(e.endDate);
    for (const b of bounds) {
      // api.md 9.3: an enrolment runs from its start (inclusive) to its end (exclusive).
      if (start < b.end && end > b.start) {
        figures.get(b.m)!.activeEnrollments++;
        activeStudents.get(b.m)!.add(e.studentId);
      }
    }
    const s = byStudent.get(e.studentId);
    byStudent.set(e.studentId, {
      first: Math.min(s?.first ?? start, start),
      last: Math.max(s?.last ?? end, end),
    });
  }
  for (const [m, students] of activeStudents) figures.get(m)!.activeStudents = students.size;
  for (const { first, last } of byStudent.values()) {
    const joined = figures.get(monthOf(first));
    if (joined) joined.newStudents++;
    // The last day of an exclusive end is the millisecond before it.
    if (Number.isFinite(last)) {
      const f = figures.get(monthOf(last - 1));
      if (f) f.leavingStudents++;
    }
  }
  for (const f of figures.values()) f.collectionRate = collectionRate(f.collections, f.charges);

  const asOfMs = toEpoch(asOf);
  const tomorrow = toLocal(asOfMs + 86_400_000);
  let validUntil = toEpoch(localToIso({ year: tomorrow.year, month: tomorrow.month, day: tomorrow.day }));
  for (const e of enrollments) {
    if (e.enrollmentType !== 'periodic') continue;
    const next = nextPeriodicChargeAt(e, asOf);
    if (next !== null && next > asOfMs) validUntil = Math.min(validUntil, next);
  }
  return {
    answer: {
      from,
      to,
      asOf,
      months: [...figures.values()],
      byCourse: await named(sql, organizationId, groups.course, 'courses'),
      byInstructor: await named(sql, organizationId, groups.instructor, 'employees'),
      debtAgeing: await readDebtAgeing(sql, organizationId, asOf, now, enrollments),
    },
    validUntil,
  };
}

/**
 * The debt ageing as of `asOf` (docs/DECISIONS.md, statistics): per account (a student's course) its credit
 * and unpaid debits by day (as of now kept by the projection in stat_debt_accounts, as of an earlier moment
 * computed the same way from the lines recorded until then), with the
 * periodic charges of the enrolment versions then known, as the balance calculator charges them at that
 * moment; the domain settles and ages them. An account holding both periodic charges and debits of its own is
 * settled from its lines as recorded until then (stat_debt), as payments may settle either.
 */
async function readDebtAgeing(
  sql: Sql,
  organizationId: string,
  asOf: string,
  now: boolean,
  enrollments: ReadonlyArray<BalanceEnrollment & { studentId: string }>,
) {
  const key = (studentId: string, courseId: string) => `${studentId}\u0000${courseId}`;
  const periodic = new Map<string, DebtLine[]>();
  for (const e of enrollments) {
    if (e.enrollmentType !== 'periodic') continue;
    const amount = chargePerUnit(e);
    if (amount === 0) continue;
    const k = key(e.studentId, e.courseId);
    const charges = periodic.get(k) ?? [];
    for (const at of periodicChargeTimes(e, asOf)) {
      charges.push({ studentId: e.studentId, courseId: e.courseId, kind: 'charge', at: toIso(at), amount });
    }
    periodic.set(k, charges);
  }
  const r = await sql.query<{
    student_id: string;
    course_id: string;
    credit: string;
    has_debits: boolean;
    days: string[];
    unpaid: string[];
  }>(
    now
      ? `SELECT student_id, course_id, credit::text AS credit, has_debits, days::text[] AS days, unpaid::text[] AS unpaid
           FROM stat_debt_accounts WHERE organization_id = $1`
      : `SELECT student_id, course_id, credit::text AS credit, has_debits, days::text[] AS days, unpaid::text[] AS unpaid
           FROM (${accountsFromLines(
             `${debtLines('d.organization_id = $1 AND d.recorded_at <= $2::timestamptz')} d`,
             `(SELECT DISTINCT organization_id, student_id, course_id
                 FROM ${debtLines('d.organization_id = $1 AND d.recorded_at <= $2::timestamptz')} l)`,
           )}) x`,
    now ? [organizationId] : [organizationId, asOf],
  );
  const lines: DebtLine[] = [];
  const mixed: Array<{ studentId: string; courseId: string }> = [];
  const day = (d: string) => {
    const [year, month, dd] = d.split('-').map(Number);
    return localToIso({ year, month, day: dd });
  };
  for (const row of r.rows) {
    const k = key(row.student_id, row.course_id);
    const charges = periodic.get(k);
    if (charges === undefined) {
      // Only its own lines: what the payments left unpaid, by day.
      row.days.forEach((d, i) =>
        lines.push({
          studentId: row.student_id,
          courseId: row.course_id,
          kind: 'charge',
          at: day(d),
          amount: Number(row.unpaid[i]),
        }),
      );
    } else if (!row.has_debits) {
      // Payments only: their credit settles the periodic charges.
      lines.push(...charges, {
        studentId: row.student_id,
        courseId: row.course_id,
        kind: 'payment',
        at: asOf,
        amount: Number(row.credit),
      });
      periodic.delete(k);
    } else {
      mixed.push({ studentId: row.student_id, courseId: row.course_id });
    }
  }
  if (mixed.length > 0) {
    const m = await sql.query<{
      student_id: string;
      course_id: string;
      kind: 'charge' | 'payment';
      day: string;
      total: string;
    }>(
      `SELECT l.student_id, l.course_id, l.kind, l.day::text AS day, sum(l.delta)::text AS total
         FROM ${debtLines('d.organization_id = $1 AND d.recorded_at <= $4::timestamptz AND d.course_id = ANY($3::uuid[])')} l
         JOIN unnest($2::uuid[], $3::uuid[]) AS a(student_id, course_id)
           ON a.student_id = l.student_id AND a.course_id = l.course_id
        GROUP BY l.student_id, l.course_id, l.kind, l.day
       HAVING sum(l.delta) <> 0`,
      [organizationId, mixed.map((x) => x.studentId), mixed.map((x) => x.courseId), asOf],
    );
    for (const row of m.rows) {
      lines.push({
        studentId: row.student_id,
        courseId: row.course_id,
        kind: row.kind,
        at: day(row.day),
        amount: Number(row.total),
      });
    }
  }
  // The periodic charges of the accounts without any line yet (nothing paid, no lesson charged) and of the
  // ones settled from their lines.
  for (const charges of periodic.values()) lines.push(...charges);
  return debtAgeing(lines, asOf);
}

interface Counts {
  lessons: number;
  attendees: number;
  enrolled: number;
}

/** The groups with their names, most lessons first; an instructor id of '' is Diğer (api.md: none given). */
async function named(
  sql: Sql,
  organizationId: string,
  counts: Map<string, Counts>,
  from: 'courses' | 'employees',
): Promise<StatisticsGroup[]> {
  const ids = [...counts.keys()].filter((id) => id !== '');
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const r = await sql.query<{ id: string; name: string }>(
      from === 'courses'
        ? `SELECT id, name FROM courses WHERE organization_id = $1 AND id = ANY($2::uuid[])`
        : `SELECT id, name || ' ' || surname AS name FROM employees WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, ids],
    );
    for (const row of r.rows) names.set(row.id, row.name);
  }
  return [...counts.entries()]
    .filter(([, c]) => c.lessons !== 0)
    .map(([id, c]) => ({
      id: id === '' ? null : id,
      name: id === '' ? 'Diğer' : (names.get(id) ?? 'Bilinmiyor'),
      ...c,
      attendanceRate: attendanceRate(c.attendees, c.enrolled),
    }))
    .sort((a, b) => b.lessons - a.lessons || a.name.localeCompare(b.name, 'tr'));
}
