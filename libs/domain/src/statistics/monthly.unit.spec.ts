import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBalance, type BalanceEnrollment } from '../balances/calculator';
import {
  addMonths,
  collectionRate,
  getStatisticsQuerySchema,
  monthOf,
  monthsBetween,
  periodicChargesByMonth,
} from './monthly';

const enrollment = (over: Partial<BalanceEnrollment>): BalanceEnrollment => ({
  id: 'e1',
  courseId: 'c1',
  startDate: '2026-01-31T09:00:00.000Z',
  endDate: null,
  price: 100_000,
  discount: 0,
  enrollmentType: 'periodic',
  periodUnit: 'month',
  periodLength: 1,
  ...over,
});

describe('statistics months', () => {
  it('counts months on the Istanbul calendar', () => {
    // 31 December 22:00 UTC is already 1 January in Istanbul.
    expect(monthOf(Date.parse('2025-12-31T22:00:00Z'))).toBe('2026-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-11', 14)).toBe('2027-01');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('gives the collection rate in per cent with one decimal, none without charges', () => {
    expect(collectionRate(2_000, 3_000)).toBe(66.7);
    expect(collectionRate(5, 0)).toBeNull();
  });

  it('buckets periodic charges in the month each period starts, up to the moment asked', () => {
    // given a monthly enrolment from 31 January with 100 TL - 10 TL discount
    const e = enrollment({ discount: 1_000 });
    // when the charges are counted at 15 April
    const byMonth = periodicChargesByMonth([e], '2026-04-15T00:00:00.000Z');
    // then January, February (28th), March (31st) are charged, April's period (30th) not yet
    expect(Object.fromEntries(byMonth)).toEqual({ '2026-01': 99_000, '2026-02': 99_000, '2026-03': 99_000 });
  });

  it('sums to the periodic charges of the balance calculator for random enrolments', () => {
    const day = 86_400_000;
    const base = Date.parse('2024-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            start: fc.integer({ min: 0, max: 700 }),
            length: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
            unit: fc.constantFrom('day', 'week', 'month', 'year') as fc.Arbitrary<
              'day' | 'week' | 'month' | 'year'
            >,
            every: fc.integer({ min: 1, max: 3 }),
            price: fc.integer({ min: 0, max: 500_000 }),
            discount: fc.integer({ min: 0, max: 100_000 }),
          }),
          { maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 1_000 }),
        (terms, asOfDay) => {
          const enrollments = terms.map((t, i) =>
            enrollment({
              id: `e${i}`,
              courseId: `c${i}`,
              startDate: new Date(base + t.start * day).toISOString(),
              endDate: t.length === null ? null : new Date(base + (t.start + t.length) * day).toISOString(),
              periodUnit: t.unit,
              periodLength: t.every,
              price: t.price,
              discount: t.discount,
            }),
          );
          const asOf = new Date(base + asOfDay * day).toISOString();
          const byMonth = periodicChargesByMonth(enrollments, asOf);
          const months = [...byMonth.values()].reduce((a, b) => a + b, 0);
          const sheet = computeBalance({ enrollments, attendances: [], payments: [], now: asOf });
          const charged = sheet.balanceSheet
            .filter((x) => x.type === 'periodic_charge')
            .reduce((a, x) => a - x.amount, 0);
          expect(months).toBe(charged);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads the query: a day means its whole Istanbul day; twelve months by default; no months after asOf', () => {
    const q = getStatisticsQuerySchema.parse({ asOf: '2026-03-10', to: '2026-08' });
    expect(q).toEqual({ from: '2025-04', to: '2026-03', asOf: '2026-03-10T20:59:59.999Z' });
    expect(
      getStatisticsQuerySchema.safeParse({ from: '2026-02', to: '2026-01', asOf: '2026-03-10' }).success,
    ).toBe(false);
    expect(getStatisticsQuerySchema.safeParse({ from: '2026-13' }).success).toBe(false);
  });
});
