/**
 * The balance calculator of product.md 3/4/9 and api.md 9.3: pure, every amount an integer of kuruş.
 * Sign conventions and the discount rule are written down in balances/README.md.
 */
import { multiplyKurus, sumKurus, type Kurus } from '../shared/money';
import { enrollmentCoversAttendance, enrollmentCoversSql } from '../enrollments/decider';
import { addPeriods, periodStartsBefore, toEpoch, toIso, type PeriodUnit } from '../shared/time';

export interface BalanceEnrollment {
  id: string;
  courseId: string;
  startDate: string;
  endDate: string | null;
  /** kuruş per attended class (per_class) or per period (periodic). */
  price: Kurus;
  /** kuruş off each charge. */
  discount: Kurus;
  enrollmentType: 'per_class' | 'periodic';
  periodUnit: PeriodUnit | null;
  periodLength: number | null;
}

/** An attendance the student was present at. */
export interface BalanceAttendance {
  id: string;
  courseId: string;
  /** The lesson time (ISO). */
  timestamp: string;
}

/** An active (not deleted) payment of the student. */
export interface BalancePayment {
  id: string;
  courseId: string;
  /** kuruş; corrections may be negative. */
  amount: Kurus;
  /** When it was paid (ISO). */
  date: string;
}

export interface BalanceInput {
  enrollments: readonly BalanceEnrollment[];
  attendances: readonly BalanceAttendance[];
  payments: readonly BalancePayment[];
  /** The moment the balance is computed for (ISO): periodic charges run until then. */
  now: string;
}

export type BalanceEntryType = 'attendance' | 'payment' | 'periodic_charge';

export interface BalanceSheetEntry {
  type: BalanceEntryType;
  courseID: string;
  /** The entry's effect on the balance: charges negative, payments positive (kuruş). */
  amount: Kurus;
  timestamp: string;
  /** Payments minus charges of every entry up to and including this one (kuruş). */
  rollingBalance: Kurus;
  /** The attendance, payment or (for periodic charges) enrolment the entry comes from. */
  sourceId: string;
  enrollmentId: string | null;
}

export interface AttendedWithPrice {
  attendanceId: string;
  courseId: string;
  timestamp: string;
  /** The enrolment that holds the lesson, if any. */
  enrollmentId: string | null;
  /** What this lesson costs (kuruş): the per-class charge, or 0 when periodic or not covered. */
  price: Kurus;
  charged: boolean;
}

export interface CourseBalance {
  courseId: string;
  /** Sum of the course's charges (kuruş, ≥ 0 unless nothing is charged). */
  charged: Kurus;
  /** Sum of the course's payments (kuruş; corrections included). */
  paid: Kurus;
  /** charged − paid: what the student owes for the course; negative when prepaid. */
  owed: Kurus;
  /** paid − charged (product.md 3 Per-course balance): positive means prepaid. */
  balancePerCourse: Kurus;
}

export interface DuePayment {
  courseId: string;
  owed: Kurus;
  /** api.md 9.3: the active enrolment's per-charge price times 4, or null without an active enrolment. */
  nextLessonsDebt: Kurus | null;
}

export interface BalanceResult {
  enrollments: readonly BalanceEnrollment[];
  attendedWithPrices: AttendedWithPrice[];
  owedPerCourse: CourseBalance[];
  duePayments: DuePayment[];
  /** Sum of what is owed on the courses that owe something (a prepaid course does not pay another). */
  totalOwed: Kurus;
  /** Payments minus charges over all courses: the last rollingBalance (0 without entries). */
  balance: Kurus;
  balanceSheet: BalanceSheetEntry[];
  /** api.md 8.8: an enrolment of an unknown type is skipped and named here for the log. */
  warnings: string[];
}

/**
 * One charge of an enrolment after its discount. The discount is an amount of kuruş taken off EACH charge
 * (each attended per_class lesson, each period of a periodic enrolment), never a percentage, so no rounding
 * is needed; a charge never goes below zero. See README.md.
 */
export function chargePerUnit(e: Pick<BalanceEnrollment, 'price' | 'discount'>): Kurus {
  return Math.max(0, e.price - Math.max(0, e.discount));
}

/** chargePerUnit as a SQL expression over the `price` and `discount` expressions (the read models' fast path). */
export const chargePerUnitSql = (price: string, discount: string) =>
  `greatest(${price} - greatest(${discount}, 0), 0)`;

/** api.md 9.3: the next-4-lessons debt is the price times 4, after the per-charge discount. */
export function nextLessonsDebt(e: Pick<BalanceEnrollment, 'price' | 'discount'>, lessons = 4): Kurus {
  return multiplyKurus(chargePerUnit(e), lessons);
}

export interface BalanceTotals {
  /** Payments − charges over all courses (positive = prepaid). */
  balance: Kurus;
  /** product.md 3 totalOwed: the sum of what the courses that owe something owe (a prepaid course pays none). */
  totalOwed: Kurus;
}

export function balanceTotals(
  rows: ReadonlyArray<Pick<CourseBalance, 'owed' | 'balancePerCourse'>>,
): BalanceTotals {
  return {
    balance: sumKurus(rows.map((r) => r.balancePerCourse)),
    totalOwed: sumKurus(rows.map((r) => Math.max(0, r.owed))),
  };
}

const endEpoch = (e: { endDate: string | null }) =>
  e.endDate === null ? Number.POSITIVE_INFINITY : toEpoch(e.endDate);

type PeriodicTerms = Pick<BalanceEnrollment, 'startDate' | 'endDate' | 'periodUnit' | 'periodLength'>;

/** The period of a periodic enrolment: its unit (month when absent) and length (1 when absent or invalid). */
function periodOf(e: PeriodicTerms): { unit: PeriodUnit; length: number } {
  const length =
    Number.isInteger(e.periodLength) && (e.periodLength as number) >= 1 ? (e.periodLength as number) : 1;
  return { unit: e.periodUnit ?? 'month', length };
}

/**
 * api.md 9.3: a periodic enrolment charges its price once per period, at the period's start, from startDate
 * until endDate (exclusive) or now (inclusive), whichever comes first: a period that starts after now is not
 * charged yet, and an enrolment ended today charges no later period. This counts them without listing them
 * (shared/time.ts periodStartsBefore: exact for every span); the read models count with it too.
 */
export function periodicChargeCount(e: PeriodicTerms, now: string): number {
  const until = Math.min(toEpoch(now) + 1, endEpoch(e)); // exclusive bound
  const { unit, length } = periodOf(e);
  // Every period is charged however long the span (no guard that would silently stop charging).
  return periodStartsBefore(toEpoch(e.startDate), unit, length, until);
}

/** The times (epoch ms) of a periodic enrolment's charges at `now`: the starts of its charged periods. */
export function periodicChargeTimes(e: PeriodicTerms, now: string): number[] {
  const start = toEpoch(e.startDate);
  const { unit, length } = periodOf(e);
  return Array.from({ length: periodicChargeCount(e, now) }, (_, k) => addPeriods(start, unit, k * length));
}

/** The sum of a periodic enrolment's charges at `now` (kuruş). */
export function periodicCharged(
  e: PeriodicTerms & Pick<BalanceEnrollment, 'price' | 'discount'>,
  now: string,
): Kurus {
  return periodicChargeCount(e, now) * chargePerUnit(e);
}

/** When the next period of an enrolment is charged (epoch ms), or null when none is left before its end. */
export function nextPeriodicChargeAt(e: PeriodicTerms, now: string): number | null {
  const { unit, length } = periodOf(e);
  const at = addPeriods(toEpoch(e.startDate), unit, periodicChargeCount(e, now) * length);
  return at >= endEpoch(e) ? null : at;
}

/**
 * Until when (epoch ms, exclusive) computeBalance at `now` answers the same for these enrolments: the next
 * periodic charge or the next end of an enrolment (which ends it being active), whichever comes first;
 * Infinity when neither comes. Lessons and payments do not depend on the clock, only on the rows.
 */
export function balanceValidUntil(
  enrollments: readonly Pick<
    BalanceEnrollment,
    'enrollmentType' | 'startDate' | 'endDate' | 'periodUnit' | 'periodLength'
  >[],
  now: string,
): number {
  const nowMs = toEpoch(now);
  let until = Number.POSITIVE_INFINITY;
  for (const e of enrollments) {
    const end = endEpoch(e);
    if (end > nowMs) until = Math.min(until, end);
    if (e.enrollmentType === 'periodic') until = Math.min(until, nextPeriodicChargeAt(e, now) ?? until);
  }
  return until;
}

/**
 * api.md 9.3: the per_class enrolment that charges a lesson of its course at `time`: one whose range holds the
 * time (enrollments/decider.ts enrollmentCoversAttendance), the latest start first; undefined when none.
 * The balances read model picks it in SQL from the same definitions (perClassHolderSql, tested to agree).
 */
export function perClassHolder<E extends Pick<BalanceEnrollment, 'enrollmentType' | 'startDate' | 'endDate'>>(
  enrollments: readonly E[],
  time: string,
): E | undefined {
  return enrollments
    .filter((e) => e.enrollmentType === 'per_class' && enrollmentCoversAttendance(e, time))
    .sort((x, y) => toEpoch(y.startDate) - toEpoch(x.startDate))[0];
}

/**
 * perClassHolder as the WHERE condition and ORDER BY of a SQL query over enrolment rows (`type`, `start`, `end`
 * and `at` are SQL expressions): the read models take the first row, with their own tie-break after it.
 */
export function perClassHolderSql(c: { type: string; start: string; end: string; at: string }): {
  where: string;
  orderBy: string;
} {
  return {
    where: `${c.type} = 'per_class' AND ${enrollmentCoversSql(c.start, c.end, c.at)}`,
    orderBy: `${c.start} DESC`,
  };
}

const TYPE_ORDER: Record<BalanceEntryType, number> = { periodic_charge: 0, attendance: 1, payment: 2 };

export function computeBalance(input: BalanceInput): BalanceResult {
  const nowMs = toEpoch(input.now);
  const warnings: string[] = [];
  const entries: Array<Omit<BalanceSheetEntry, 'rollingBalance'> & { at: number }> = [];
  const byCourse = new Map<string, BalanceEnrollment[]>();
  for (const e of input.enrollments) {
    if (e.enrollmentType !== 'per_class' && e.enrollmentType !== 'periodic') {
      warnings.push(`Bilinmeyen kurs kaydı türü: ${String(e.enrollmentType)} (${e.id})`);
      continue;
    }
    byCourse.set(e.courseId, [...(byCourse.get(e.courseId) ?? []), e]);
    if (e.enrollmentType === 'periodic') {
      const amount = chargePerUnit(e);
      for (const at of periodicChargeTimes(e, input.now)) {
        entries.push({
          type: 'periodic_charge',
          courseID: e.courseId,
          amount: -amount,
          timestamp: toIso(at),
          at,
          sourceId: e.id,
          enrollmentId: e.id,
        });
      }
    }
  }

  const attendedWithPrices: AttendedWithPrice[] = [];
  for (const a of input.attendances) {
    const at = toEpoch(a.timestamp);
    // api.md 9.3: per_class charges attended classes from startDate (inclusive) to endDate (exclusive).
    const holders = (byCourse.get(a.courseId) ?? []).filter((e) =>
      enrollmentCoversAttendance(e, a.timestamp),
    );
    const perClass = perClassHolder(holders, a.timestamp);
    const holder = perClass ?? holders[0] ?? null;
    const price = perClass ? chargePerUnit(perClass) : 0;
    attendedWithPrices.push({
      attendanceId: a.id,
      courseId: a.courseId,
      timestamp: toIso(at),
      enrollmentId: holder?.id ?? null,
      price,
      charged: perClass !== undefined,
    });
    if (perClass) {
      entries.push({
        type: 'attendance',
        courseID: a.courseId,
        amount: -price,
        timestamp: toIso(at),
        at,
        sourceId: a.id,
        enrollmentId: perClass.id,
      });
    }
  }

  for (const p of input.payments) {
    const at = toEpoch(p.date);
    entries.push({
      type: 'payment',
      courseID: p.courseId,
      amount: p.amount,
      timestamp: toIso(at),
      at,
      sourceId: p.id,
      enrollmentId: null,
    });
  }

  entries.sort(
    (x, y) =>
      x.at - y.at ||
      TYPE_ORDER[x.type] - TYPE_ORDER[y.type] ||
      (x.sourceId < y.sourceId ? -1 : x.sourceId > y.sourceId ? 1 : 0),
  );
  let rolling = 0;
  const balanceSheet: BalanceSheetEntry[] = entries.map(({ at: _at, ...e }) => {
    rolling = sumKurus([rolling, e.amount]);
    return { ...e, rollingBalance: rolling };
  });

  const courses = new Map<string, { charged: Kurus; paid: Kurus }>();
  const course = (id: string) => {
    let c = courses.get(id);
    if (!c) courses.set(id, (c = { charged: 0, paid: 0 }));
    return c;
  };
  for (const id of byCourse.keys()) course(id);
  for (const e of balanceSheet) {
    const c = course(e.courseID);
    if (e.type === 'payment') c.paid += e.amount;
    else c.charged -= e.amount;
  }
  const owedPerCourse: CourseBalance[] = [...courses.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([courseId, c]) => ({
      courseId,
      charged: c.charged,
      paid: c.paid,
      owed: c.charged - c.paid,
      balancePerCourse: c.paid - c.charged,
    }));

  const activeOf = (courseId: string) =>
    (byCourse.get(courseId) ?? [])
      .filter((e) => endEpoch(e) > nowMs)
      .sort((x, y) => toEpoch(y.startDate) - toEpoch(x.startDate))[0];
  // api.md 9.3 / product.md 4: owed zero or more is due ("zero means the next 4 lessons need payment").
  // A course settled to exactly zero with no active enrolment has no next lessons, so it is not listed.
  const duePayments: DuePayment[] = owedPerCourse
    .filter((c) => c.owed > 0 || (c.owed === 0 && activeOf(c.courseId) !== undefined))
    .map((c) => {
      const active = activeOf(c.courseId);
      return { courseId: c.courseId, owed: c.owed, nextLessonsDebt: active ? nextLessonsDebt(active) : null };
    });

  return {
    enrollments: input.enrollments,
    attendedWithPrices,
    owedPerCourse,
    duePayments,
    totalOwed: balanceTotals(owedPerCourse).totalOwed,
    balance: rolling,
    balanceSheet,
    warnings,
  };
}
