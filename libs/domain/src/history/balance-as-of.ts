import { attendanceDecider, type AttendanceEvent, type AttendanceState } from '../attendance/decider';
import {
  computeBalance,
  type BalanceAttendance,
  type BalanceEnrollment,
  type BalanceInput,
  type BalancePayment,
  type BalanceResult,
} from '../balances/calculator';
import { enrollmentDecider, type EnrollmentState } from '../enrollments/decider';
import { paymentDecider, type PaymentEvent, type PaymentState } from '../payments/decider';
import { toEpoch } from '../shared/time';
import type { StudentStreamEvent } from '../students/decider';
import { eventsUntil, type HistoryEvent } from './history';

/** The streams a student's balance is made of, each in stream order. */
export interface BalanceStreams {
  /** The student's own stream (`student-<id>`), which holds the enrolments. */
  student: readonly HistoryEvent[];
  /** Every attendance stream that ever listed the student (they may have been taken off since). */
  attendances: ReadonlyArray<readonly HistoryEvent[]>;
  /** Every payment stream of the student (deleted and permanently deleted ones included). */
  payments: ReadonlyArray<readonly HistoryEvent[]>;
}

const byTimeThenId =
  <T>(time: (x: T) => string, id: (x: T) => string) =>
  (a: T, b: T) =>
    toEpoch(time(a)) - toEpoch(time(b)) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);

/**
 * What the balance calculator takes for a student, folded from the events written up to `at` with the
 * deciders' own evolve functions: the same rows the balances read model holds after those events
 * (enrolments in the order they were added, lessons the student is on while the attendance exists, payments
 * that are not deleted).
 */
export function balanceInputAsOf(
  studentId: string,
  streams: BalanceStreams,
  at: string,
): Omit<BalanceInput, 'now'> {
  const enrollmentState = eventsUntil(streams.student, at).reduce<EnrollmentState>(
    (s, e) => enrollmentDecider.evolve(s, e as StudentStreamEvent),
    enrollmentDecider.initialState,
  );
  const enrollments: BalanceEnrollment[] = [...enrollmentState.enrollments]
    .filter((e) => e.studentId === studentId)
    .sort(
      byTimeThenId(
        (e) => e.createdAt,
        (e) => e.id,
      ),
    )
    .map((e) => ({
      id: e.id,
      courseId: e.courseId,
      startDate: e.startDate,
      endDate: e.endDate,
      price: e.price,
      discount: e.discount,
      enrollmentType: e.enrollmentType,
      periodUnit: e.periodUnit,
      periodLength: e.periodLength,
    }));

  const attendances: BalanceAttendance[] = [];
  for (const stream of streams.attendances) {
    const s = eventsUntil(stream, at).reduce<AttendanceState>(
      (st, e) => attendanceDecider.evolve(st, e as AttendanceEvent),
      attendanceDecider.initialState,
    );
    if (s.status === 'active' && s.attendants.includes(studentId))
      attendances.push({ id: s.attendanceId, courseId: s.courseId, timestamp: s.timestamp });
  }
  attendances.sort(
    byTimeThenId(
      (a) => a.timestamp,
      (a) => a.id,
    ),
  );

  const payments: BalancePayment[] = [];
  for (const stream of streams.payments) {
    const s = eventsUntil(stream, at).reduce<PaymentState>(
      (st, e) => paymentDecider.evolve(st, e as PaymentEvent),
      paymentDecider.initialState,
    );
    if (s.status === 'active' && s.studentId === studentId)
      payments.push({ id: s.paymentId, courseId: s.courseId, amount: s.amount, date: s.date });
  }
  payments.sort(
    byTimeThenId(
      (p) => p.date,
      (p) => p.id,
    ),
  );
  return { enrollments, attendances, payments };
}

/** A student's balances and balance sheet as they stood at `at`: the calculator run on the events until then. */
export function balanceAsOf(studentId: string, streams: BalanceStreams, at: string): BalanceResult {
  return computeBalance({ ...balanceInputAsOf(studentId, streams, at), now: at });
}
