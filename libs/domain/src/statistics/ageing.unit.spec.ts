import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalance } from '../balances/calculator';
import { attendanceRate, debtAgeBucket, debtAgeing, type DebtLine } from './ageing';

const asOf = '2025-06-30T20:59:59.999Z'; // the end of 30 June in Istanbul
const charge = (at: string, amount: number, over: Partial<DebtLine> = {}): DebtLine => ({
  studentId: 's1',
  courseId: 'c1',
  kind: 'charge',
  at,
  amount,
  ...over,
});
const payment = (at: string, amount: number, over: Partial<DebtLine> = {}): DebtLine =>
  charge(at, amount, { kind: 'payment', ...over });
const amounts = (lines: DebtLine[]) => debtAgeing(lines, asOf).buckets.map((b) => b.amount);

describe('debt ageing', () => {
  it('ages by Istanbul calendar days: 30 days is young, 31 is not, 91 is over 90', () => {
    expect([0, 30, 31, 60, 61, 90, 91, -5].map(debtAgeBucket)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '0-30',
    ]);
    // 31 May 21:30 UTC is already 1 June in Istanbul: 29 days before 30 June.
    expect(amounts([charge('2025-05-31T21:30:00Z', 100)])).toEqual([100, 0, 0, 0]);
    expect(amounts([charge('2025-05-30T12:00:00Z', 100)])).toEqual([0, 100, 0, 0]);
  });

  it('given charges of four ages and a payment, when aged, then the payment settles the oldest first', () => {
    const lines = [
      charge('2025-06-20T10:00:00Z', 1_000),
      charge('2025-05-10T10:00:00Z', 2_000),
      charge('2025-04-10T10:00:00Z', 3_000),
      charge('2025-01-10T10:00:00Z', 4_000),
      // Paid after all of them: it still goes to the January charge first, then April's.
      payment('2025-06-25T10:00:00Z', 5_000),
    ];
    const r = debtAgeing(lines, asOf);
    expect(r.buckets).toEqual([
      { bucket: '0-30', amount: 1_000, students: 1 },
      { bucket: '31-60', amount: 2_000, students: 1 },
      { bucket: '61-90', amount: 2_000, students: 1 },
      { bucket: '90+', amount: 0, students: 0 },
    ]);
    expect(r).toMatchObject({ total: 5_000, students: 1 });
  });

  it('keeps courses apart: a prepaid course settles nothing of another', () => {
    const lines = [
      charge('2025-06-01T10:00:00Z', 1_000),
      payment('2025-06-01T10:00:00Z', 5_000, { courseId: 'c2' }),
      charge('2025-06-01T10:00:00Z', 700, { studentId: 's2' }),
    ];
    expect(debtAgeing(lines, asOf)).toMatchObject({ total: 1_700, students: 2 });
  });

  it('counts a negative correction as a debt from its own date', () => {
    expect(amounts([charge('2025-01-01T10:00:00Z', 500), payment('2025-06-29T10:00:00Z', -300)])).toEqual([
      300, 0, 0, 500,
    ]);
  });

  // Random accounts of a few students and courses, as the balance sheet would hold them.
  const line = fc.record({
    studentId: fc.constantFrom('s1', 's2', 's3'),
    courseId: fc.constantFrom('c1', 'c2'),
    kind: fc.constantFrom('charge' as const, 'payment' as const),
    at: fc
      .integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2025-08-01T00:00:00Z') })
      .map((ms) => new Date(ms).toISOString()),
    amount: fc.integer({ min: -50_000, max: 500_000 }),
  });

  it('property: the buckets sum to what the courses owe on the balance sheet (totalOwed)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        // Negative charges do not occur on a balance sheet; only compare histories without them.
        fc.pre(lines.every((l) => l.kind === 'payment' || l.amount >= 0));
        const r = debtAgeing(lines, asOf);
        let totalOwed = 0;
        for (const s of ['s1', 's2', 's3']) {
          const mine = lines.filter((l) => l.studentId === s);
          // The balance calculator's view of the same account: charges as per_class lessons at a price each.
          const balance = computeBalance({
            now: asOf,
            enrollments: mine
              .filter((l) => l.kind === 'charge')
              .map((l, i) => ({
                id: `e${i}`,
                courseId: l.courseId,
                startDate: l.at,
                endDate: new Date(Date.parse(l.at) + 1).toISOString(),
                price: Math.max(0, l.amount),
                discount: 0,
                enrollmentType: 'per_class' as const,
                periodUnit: null,
                periodLength: null,
              })),
            attendances: mine
              .filter((l) => l.kind === 'charge')
              .map((l, i) => ({ id: `a${i}`, courseId: l.courseId, timestamp: l.at })),
            payments: mine
              .filter((l) => l.kind === 'payment')
              .map((l, i) => ({ id: `p${i}`, courseId: l.courseId, amount: l.amount, date: l.at })),
          });
          totalOwed += balance.totalOwed;
        }
        expect(r.total).toBe(totalOwed);
        expect(r.buckets.reduce((s, b) => s + b.amount, 0)).toBe(r.total);
      }),
    );
  });

  it('property: debt only grows older as time passes (the share over each age never shrinks)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 1, max: 400 }), (lines, days) => {
        const later = new Date(Date.parse(asOf) + days * 86_400_000).toISOString();
        const now = debtAgeing(lines, asOf).buckets.map((b) => b.amount);
        const then = debtAgeing(lines, later).buckets.map((b) => b.amount);
        for (let i = 1; i < 4; i++) {
          const olderNow = now.slice(i).reduce((s, a) => s + a, 0);
          const olderThen = then.slice(i).reduce((s, a) => s + a, 0);
          expect(olderThen).toBeGreaterThanOrEqual(olderNow);
        }
        expect(then.reduce((s, a) => s + a, 0)).toBe(now.reduce((s, a) => s + a, 0));
      }),
    );
  });

  it('gives the attendance rate in per cent with one decimal, none without enrolled students', () => {
    expect(attendanceRate(2, 3)).toBe(66.7);
    expect(attendanceRate(0, 0)).toBeNull();
  });
});
