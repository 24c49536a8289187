import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPeriods, daysInMonth, localToIso, toEpoch, toLocal } from '../shared/time';
import {
  balanceValidUntil,
  computeBalance,
  nextLessonsDebt,
  periodicChargeTimes,
  type BalanceAttendance,
  type BalanceEnrollment,
  type BalanceInput,
  type BalancePayment,
} from './calculator';

const C1 = 'course-1';
const C2 = 'course-2';
const at = (year: number, month: number, day: number, hour = 10, minute = 0) =>
  localToIso({ year, month, day, hour, minute });

const perClass = (patch: Partial<BalanceEnrollment> = {}): BalanceEnrollment => ({
  id: 'e-per-class',
  courseId: C1,
  startDate: at(2026, 1, 5, 0),
  endDate: null,
  price: 50000,
  discount: 0,
  enrollmentType: 'per_class',
  periodUnit: null,
  periodLength: null,
  ...patch,
});
const periodic = (patch: Partial<BalanceEnrollment> = {}): BalanceEnrollment => ({
  id: 'e-periodic',
  courseId: C2,
  startDate: at(2026, 1, 31),
  endDate: null,
  price: 200000,
  discount: 0,
  enrollmentType: 'periodic',
  periodUnit: 'month',
  periodLength: 1,
  ...patch,
});
const lesson = (id: string, when: string, courseId = C1): BalanceAttendance => ({
  id,
  courseId,
  timestamp: when,
});
const payment = (id: string, amount: number, when: string, courseId = C1): BalancePayment => ({
  id,
  courseId,
  amount,
  date: when,
});

describe('per_class charges (api.md 9.3)', () => {
  it('charges each attended lesson from the start (inclusive) to the end (exclusive)', () => {
    const e = perClass({ startDate: at(2026, 1, 5, 10), endDate: at(2026, 1, 26, 10) });
    const r = computeBalance({
      enrollments: [e],
      attendances: [
        lesson('a0', at(2026, 1, 5, 9, 59)), // before the start
        lesson('a1', at(2026, 1, 5, 10)), // at the start: charged
        lesson('a2', at(2026, 1, 12)),
        lesson('a3', at(2026, 1, 19)),
        lesson('a4', at(2026, 1, 26, 10)), // at the end: not charged
        lesson('a5', at(2026, 1, 12), 'course-without-enrolment'),
      ],
      payments: [],
      now: at(2026, 2, 1),
    });
    expect(r.attendedWithPrices.map((a) => [a.attendanceId, a.price, a.enrollmentId])).toEqual([
      ['a0', 0, null],
      ['a1', 50000, e.id],
      ['a2', 50000, e.id],
      ['a3', 50000, e.id],
      ['a4', 0, null],
      ['a5', 0, null],
    ]);
    // A lesson of a course the student has no enrolment of charges nothing and adds no course.
    expect(r.owedPerCourse).toEqual([
      { courseId: C1, charged: 150000, paid: 0, owed: 150000, balancePerCourse: -150000 },
    ]);
    expect(r.balance).toBe(-150000);
  });

  it('takes the discount off each lesson (README.md)', () => {
    const r = computeBalance({
      enrollments: [perClass({ discount: 12500 })],
      attendances: [lesson('a1', at(2026, 1, 6)), lesson('a2', at(2026, 1, 13))],
      payments: [],
      now: at(2026, 2, 1),
    });
    expect(r.totalOwed).toBe(2 * 37500);
    expect(r.balanceSheet.map((e) => e.amount)).toEqual([-37500, -37500]);
  });

  it('charges nothing for a lesson held by a periodic enrolment', () => {
    const r = computeBalance({
      enrollments: [periodic({ startDate: at(2026, 1, 1) })],
      attendances: [lesson('a1', at(2026, 1, 6), C2)],
      payments: [],
      now: at(2026, 1, 20),
    });
    expect(r.attendedWithPrices).toEqual([
      {
        attendanceId: 'a1',
        courseId: C2,
        timestamp: at(2026, 1, 6),
        enrollmentId: 'e-periodic',
        price: 0,
        charged: false,
      },
    ]);
    expect(r.balanceSheet.map((e) => e.type)).toEqual(['periodic_charge']);
  });
});

describe('periodic charges (api.md 9.3)', () => {
  const times = (e: BalanceEnrollment, now: string) =>
    periodicChargeTimes(e, now).map((t) => {
      const l = toLocal(t);
      return `${l.year}-${l.month}-${l.day}`;
    });

  it.each([
    [
      'monthly from 31 January',
      periodic(),
      at(2026, 5, 15),
      ['2026-1-31', '2026-2-28', '2026-3-31', '2026-4-30'],
    ],
    [
      'a period is charged at its start (now = start)',
      periodic(),
      at(2026, 2, 28),
      ['2026-1-31', '2026-2-28'],
    ],
    ['not before it starts', periodic(), at(2026, 2, 28, 9, 59), ['2026-1-31']],
    ['nothing before the start', periodic(), at(2026, 1, 30), []],
    [
      'every two months',
      periodic({ periodLength: 2 }),
      at(2026, 8, 1),
      ['2026-1-31', '2026-3-31', '2026-5-31', '2026-7-31'],
    ],
    [
      'weekly',
      periodic({ periodUnit: 'week', startDate: at(2026, 1, 1) }),
      at(2026, 1, 22),
      ['2026-1-1', '2026-1-8', '2026-1-15', '2026-1-22'],
    ],
    [
      'daily until the end (exclusive)',
      periodic({ periodUnit: 'day', startDate: at(2026, 2, 27), endDate: at(2026, 3, 2) }),
      at(2026, 4, 1),
      ['2026-2-27', '2026-2-28', '2026-3-1'],
    ],
    [
      'yearly from a leap day',
      periodic({ periodUnit: 'year', startDate: at(2024, 2, 29) }),
      at(2026, 3, 1),
      ['2024-2-29', '2025-2-28', '2026-2-28'],
    ],
    [
      'ended today: no later period',
      periodic({ startDate: at(2026, 1, 1), endDate: at(2026, 3, 1) }),
      at(2026, 3, 1),
      ['2026-1-1', '2026-2-1'],
    ],
  ])('%s', (_name, e, now, expected) => {
    expect(times(e, now)).toEqual(expected);
  });

  it('charges the price per period, less the discount', () => {
    const r = computeBalance({
      enrollments: [periodic({ discount: 50000 })],
      attendances: [],
      payments: [],
      now: at(2026, 3, 31),
    });
    expect(r.owedPerCourse).toEqual([
      { courseId: C2, charged: 450000, paid: 0, owed: 450000, balancePerCourse: -450000 },
    ]);
  });
});

describe('payments, due list and balance sheet', () => {
  const base: BalanceInput = {
    enrollments: [perClass(), periodic({ startDate: at(2026, 1, 1) })],
    attendances: [lesson('a1', at(2026, 1, 6)), lesson('a2', at(2026, 1, 13))],
    payments: [payment('p1', 60000, at(2026, 1, 10)), payment('p2', 200000, at(2026, 1, 2), C2)],
    now: at(2026, 1, 20),
  };

  it('reduces what is owed per course; positive balance is prepaid', () => {
    const r = computeBalance(base);
    expect(r.owedPerCourse).toEqual([
      { courseId: C1, charged: 100000, paid: 60000, owed: 40000, balancePerCourse: -40000 },
      { courseId: C2, charged: 200000, paid: 200000, owed: 0, balancePerCourse: 0 },
    ]);
    expect(r.totalOwed).toBe(40000);
    expect(r.balance).toBe(-40000);
  });

  it('lists courses owing zero or more as due, with the next-4-lessons debt', () => {
    expect(computeBalance(base).duePayments).toEqual([
      { courseId: C1, owed: 40000, nextLessonsDebt: 200000 },
      { courseId: C2, owed: 0, nextLessonsDebt: 800000 },
    ]);
  });

  it('leaves out prepaid courses and settled courses that have ended; keeps ended courses that still owe', () => {
    const r = computeBalance({
      ...base,
      enrollments: [
        perClass({ endDate: at(2026, 1, 15) }),
        periodic({ startDate: at(2026, 1, 1), endDate: at(2026, 1, 15) }),
      ],
      payments: [payment('p1', 60000, at(2026, 1, 10)), payment('p2', 250000, at(2026, 1, 2), C2)],
    });
    expect(r.duePayments).toEqual([{ courseId: C1, owed: 40000, nextLessonsDebt: null }]);
    const settled = computeBalance({
      ...base,
      enrollments: [perClass({ endDate: at(2026, 1, 15) })],
      payments: [payment('p', 100000, at(2026, 1, 14))],
    });
    expect(settled.duePayments).toEqual([]);
    expect(settled.owedPerCourse[0].owed).toBe(0);
  });

  it('sorts the sheet by time with a rolling balance of payments minus charges', () => {
    expect(computeBalance(base).balanceSheet).toEqual([
      {
        type: 'periodic_charge',
        courseID: C2,
        amount: -200000,
        timestamp: at(2026, 1, 1),
        rollingBalance: -200000,
        sourceId: 'e-periodic',
        enrollmentId: 'e-periodic',
      },
      {
        type: 'payment',
        courseID: C2,
        amount: 200000,
        timestamp: at(2026, 1, 2),
        rollingBalance: 0,
        sourceId: 'p2',
        enrollmentId: null,
      },
      {
        type: 'attendance',
        courseID: C1,
        amount: -50000,
        timestamp: at(2026, 1, 6),
        rollingBalance: -50000,
        sourceId: 'a1',
        enrollmentId: 'e-per-class',
      },
      {
        type: 'payment',
        courseID: C1,
        amount: 60000,
        timestamp: at(2026, 1, 10),
        rollingBalance: 10000,
        sourceId: 'p1',
        enrollmentId: null,
      },
      {
        type: 'attendance',
        courseID: C1,
        amount: -50000,
        timestamp: at(2026, 1, 13),
        rollingBalance: -40000,
        sourceId: 'a2',
        enrollmentId: 'e-per-class',
      },
    ]);
  });

  it('counts a negative correction against the course', () => {
    const r = computeBalance({
      ...base,
      payments: [...base.payments, payment('p3', -10000, at(2026, 1, 15))],
    });
    expect(r.owedPerCourse[0]).toMatchObject({ paid: 50000, owed: 50000 });
  });

  it('skips an enrolment of an unknown type with a warning (api.md 8.8)', () => {
    const odd = { ...perClass(), enrollmentType: 'weird' } as unknown as BalanceEnrollment;
    const r = computeBalance({ ...base, enrollments: [odd] });
    expect(r.warnings).toHaveLength(1);
    expect(r.balanceSheet.every((e) => e.type === 'payment')).toBe(true);
  });

  it('next-4-lessons debt is the charge times 4', () => {
    expect(nextLessonsDebt({ price: 45050, discount: 0 })).toBe(180200);
    expect(nextLessonsDebt({ price: 45050, discount: 5050 })).toBe(160000);
  });
});

// ---- properties ----

const DAY = 86_400_000;
const T0 = toEpoch(at(2025, 1, 1, 0));
const isoArb = (maxDays: number) =>
  fc.integer({ min: 0, max: maxDays * 24 * 4 }).map((q) => new Date(T0 + q * 15 * 60_000).toISOString());
const courseArb = fc.constantFrom(C1, C2, 'course-3');
const enrollmentArb = fc
  .record({
    courseId: courseArb,
    enrollmentType: fc.constantFrom('per_class' as const, 'periodic' as const),
    startDate: isoArb(500),
    length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    price: fc.integer({ min: 1, max: 10_000_000 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    periodUnit: fc.constantFrom('day' as const, 'week' as const, 'month' as const, 'year' as const),
    periodLength: fc.integer({ min: 1, max: 3 }),
  })
  .map((r): BalanceEnrollment => ({
    id: `e-${r.courseId}-${r.startDate}`,
    courseId: r.courseId,
    enrollmentType: r.enrollmentType,
    startDate: r.startDate,
    endDate: r.length === null ? null : new Date(toEpoch(r.startDate) + r.length * DAY).toISOString(),
    price: r.price,
    discount: Math.floor((r.price * r.discountShare) / 100),
    periodUnit: r.enrollmentType === 'periodic' ? r.periodUnit : null,
    periodLength: r.enrollmentType === 'periodic' ? r.periodLength : null,
  }));
const inputArb = fc.record({
  enrollments: fc.uniqueArray(enrollmentArb, { maxLength: 4, selector: (e) => e.id }),
  attendances: fc.uniqueArray(fc.record({ id: fc.uuid(), courseId: courseArb, timestamp: isoArb(560) }), {
    maxLength: 40,
    selector: (a) => a.id,
  }),
  payments: fc.uniqueArray(
    fc.record({
      id: fc.uuid(),
      courseId: courseArb,
      amount: fc.integer({ min: -100_000, max: 5_000_000 }),
      date: isoArb(560),
    }),
    { maxLength: 15, selector: (p) => p.id },
  ),
  now: isoArb(560),
});

describe('balance properties', () => {
  it('the rolling balance ends at payments minus charges, and every amount is whole kuruş', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeBalance(input);
        const paid = input.payments.reduce((s, p) => s + p.amount, 0);
        const charged = r.balanceSheet.filter((e) => e.type !== 'payment').reduce((s, e) => s - e.amount, 0);
        const last = r.balanceSheet.at(-1)?.rollingBalance ?? 0;
        expect(last).toBe(paid - charged);
        expect(r.balance).toBe(last);
        expect(r.owedPerCourse.reduce((s, c) => s + c.balancePerCourse, 0)).toBe(last);
        expect(r.totalOwed).toBe(r.owedPerCourse.reduce((s, c) => s + Math.max(0, c.owed), 0));
        for (const e of r.balanceSheet) {
          expect(Number.isSafeInteger(e.amount) && Number.isSafeInteger(e.rollingBalance)).toBe(true);
          expect(e.type === 'payment' || e.amount <= 0).toBe(true);
        }
        for (const d of r.duePayments) expect(d.owed).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 150 },
    );
  });

  it('reordering payments (or any input) changes no total and no sheet', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const shuffle = <T>(xs: readonly T[]) =>
          [...xs]
            .map((x, i) => ({ x, k: Math.sin(seed + i * 7919) }))
            .sort((a, b) => a.k - b.k)
            .map((o) => o.x);
        const a = computeBalance(input);
        const b = computeBalance({
          ...input,
          payments: shuffle(input.payments),
          attendances: shuffle(input.attendances),
        });
        expect(b.totalOwed).toBe(a.totalOwed);
        expect(b.owedPerCourse).toEqual(a.owedPerCourse);
        expect(b.duePayments).toEqual(a.duePayments);
        expect(b.balanceSheet).toEqual(a.balanceSheet);
      }),
      { numRuns: 150 },
    );
  });

  it('answers the same at every instant before balanceValidUntil, and differs at it when something is charged', () => {
    fc.assert(
      fc.property(inputArb, fc.double({ min: 0, max: 1, noNaN: true }), (input, share) => {
        const now = toEpoch(input.now);
        const until = balanceValidUntil(input.enrollments, input.now);
        expect(until).toBeGreaterThan(now);
        const span = Math.min(until, now + 800 * DAY) - now;
        const later = new Date(now + Math.floor(share * (span - 1))).toISOString();
        expect(computeBalance({ ...input, now: later })).toEqual(computeBalance(input));
        if (Number.isFinite(until)) {
          // At the instant itself a period is charged or an enrolment ends: a periodic charge shows.
          const at = computeBalance({ ...input, now: new Date(until).toISOString() });
          const charges = (r: typeof at) => r.balanceSheet.filter((e) => e.type === 'periodic_charge').length;
          const ends = input.enrollments.some((e) => e.endDate !== null && toEpoch(e.endDate) === until);
          expect(ends || charges(at) > charges(computeBalance(input))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a periodic enrolment ended today charges no future period', () => {
    fc.assert(
      fc.property(
        enrollmentArb,
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 800 }),
        (e, k, onBoundary, checkLater) => {
          const unit = e.periodUnit ?? 'month';
          const length = e.periodLength ?? 1;
          // Ended today either exactly at a period's start (the edge) or at some hour of an arbitrary day.
          const endMs = onBoundary
            ? addPeriods(toEpoch(e.startDate), unit, k * length)
            : toEpoch(e.startDate) + k * 13 * DAY - 3_600_000;
          const today = new Date(endMs).toISOString();
          const ended: BalanceEnrollment = {
            ...e,
            enrollmentType: 'periodic',
            periodUnit: unit,
            periodLength: length,
            endDate: today,
          };
          const now = computeBalance({ enrollments: [ended], attendances: [], payments: [], now: today });
          const later = computeBalance({
            enrollments: [ended],
            attendances: [],
            payments: [],
            now: new Date(endMs + checkLater * DAY).toISOString(),
          });
          expect(later.balanceSheet).toEqual(now.balanceSheet);
          expect(now.balanceSheet.every((x) => toEpoch(x.timestamp) < endMs)).toBe(true);
          if (onBoundary) expect(now.balanceSheet).toHaveLength(k);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('daily and weekly periods: one charge per started period (fixed-length days since 2016)', () => {
    fc.assert(
      fc.property(
        isoArb(400),
        fc.constantFrom(['day', 1] as const, ['week', 7] as const),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 200 * 24 }),
        (start, [unit, days], length, hoursLater) => {
          const e = periodic({ startDate: start, periodUnit: unit, periodLength: length });
          const now = toEpoch(start) + hoursLater * 3_600_000;
          const expected = Math.floor((now - toEpoch(start)) / (days * length * DAY)) + 1;
          return periodicChargeTimes(e, new Date(now).toISOString()).length === expected;
        },
      ),
    );
  });

  it('monthly periods fall on the start day (clamped) of consecutive months, none skipped or doubled', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2017, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 28, max: 31 }),
        (year, month, day) => {
          const d = Math.min(day, daysInMonth(year, month));
          const e = periodic({ startDate: at(year, month, d, 9) });
          const charges = periodicChargeTimes(e, at(year + 2, month, 1)).map((t) => toLocal(t));
          expect(charges).toHaveLength(24);
          charges.forEach((l, k) => {
            const index = year * 12 + month - 1 + k;
            expect([l.year, l.month]).toEqual([Math.floor(index / 12), (index % 12) + 1]);
            expect(l.day).toBe(Math.min(d, daysInMonth(l.year, l.month)));
            expect(l.hour).toBe(9);
          });
        },
      ),
    );
  });

  it('per_class: the charge is the number of lessons in [start, end) times the discounted price', () => {
    fc.assert(
      fc.property(enrollmentArb, fc.array(isoArb(560), { maxLength: 30 }), (e, times) => {
        const en = {
          ...e,
          enrollmentType: 'per_class' as const,
          courseId: C1,
          periodUnit: null,
          periodLength: null,
        };
        const r = computeBalance({
          enrollments: [en],
          attendances: times.map((t, i) => lesson(`a${i}`, t)),
          payments: [],
          now: at(2027, 1, 1),
        });
        const inRange = times.filter(
          (t) =>
            toEpoch(t) >= toEpoch(en.startDate) && (en.endDate === null || toEpoch(t) < toEpoch(en.endDate)),
        ).length;
        expect(r.owedPerCourse[0].charged).toBe(inRange * (en.price - en.discount));
      }),
    );
  });
});
