import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumKurus } from '../shared/money';
import { toEpoch } from '../shared/time';
import type { WagePeriod } from './schemas';
import { earnedPeriodCount, isWagePeriodActive, lessonsInWage, wageEarnedTotal, wageEarnings } from './wages';

const periodic = (over: Partial<WagePeriod> = {}): WagePeriod => ({
  type: 'periodic',
  startDate: '2026-01-14T21:00:00.000Z', // 15 January, Istanbul midnight
  endDate: null,
  amount: 2_000_000,
  periodLength: 1,
  periodUnit: 'month',
  payAtBeginning: false,
  ...over,
});

describe('wages owed by example', () => {
  it('pays a monthly wage at the end of each month, or at its beginning', () => {
    const now = '2026-03-20T09:00:00.000Z';
    // ends of periods: 15 Feb, 15 Mar
    expect(wageEarnings([periodic()], [], now).map((e) => e.at)).toEqual([
      '2026-02-14T21:00:00.000Z',
      '2026-03-14T21:00:00.000Z',
    ]);
    // beginnings: 15 Jan, 15 Feb, 15 Mar
    expect(earnedPeriodCount(periodic({ payAtBeginning: true }), now)).toBe(3);
  });

  it('earns nothing for a period cut short by the end date when paid at the end', () => {
    const w = periodic({ endDate: '2026-03-01T21:00:00.000Z' });
    expect(earnedPeriodCount(w, '2027-01-01T00:00:00.000Z')).toBe(1);
    expect(earnedPeriodCount({ ...w, payAtBeginning: true }, '2027-01-01T00:00:00.000Z')).toBe(2);
  });

  it('pays a per_class wage for each lesson taught in [start, end) up to now', () => {
    const w: WagePeriod = {
      type: 'per_class',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-02-01T00:00:00.000Z',
      amount: 25_050,
      periodLength: null,
      periodUnit: null,
      payAtBeginning: null,
    };
    const lessons = [
      '2025-12-31T23:59:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-20T10:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ];
    expect(sumKurus(wageEarnings([w], lessons, '2026-03-01T00:00:00.000Z').map((e) => e.amount))).toBe(
      50_100,
    );
    expect(wageEarnings([w], lessons, '2026-01-10T00:00:00.000Z')).toHaveLength(1);
  });

  it('shows a period as active between its start and end', () => {
    const w = { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-02-01T00:00:00.000Z' };
    expect(isWagePeriodActive(w, '2026-01-15T00:00:00.000Z')).toBe(true);
    expect(isWagePeriodActive(w, '2026-02-01T00:00:00.000Z')).toBe(false);
    expect(isWagePeriodActive({ ...w, endDate: null }, '2030-01-01T00:00:00.000Z')).toBe(true);
  });
});

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 1);
const instant = fc.integer({ min: 0, max: 900 * DAY }).map((ms) => new Date(BASE + ms).toISOString());

const wageArb: fc.Arbitrary<WagePeriod> = fc
  .record({
    type: fc.constantFrom('periodic' as const, 'per_class' as const),
    start: instant,
    length: fc.option(fc.integer({ min: 1, max: 400 * DAY }), { nil: null }),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    periodLength: fc.integer({ min: 1, max: 5 }),
    periodUnit: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
    payAtBeginning: fc.boolean(),
  })
  .map((r) => ({
    type: r.type,
    startDate: r.start,
    endDate: r.length === null ? null : new Date(toEpoch(r.start) + r.length).toISOString(),
    amount: r.amount,
    periodLength: r.type === 'periodic' ? r.periodLength : null,
    periodUnit: r.type === 'periodic' ? r.periodUnit : null,
    payAtBeginning: r.type === 'periodic' ? r.payAtBeginning : null,
  }));

describe('wages owed, property', () => {
  it('the totals from counts (read model) equal the sum of the listed earnings (reference), in kuruş', () => {
    fc.assert(
      fc.property(
        fc.array(wageArb, { maxLength: 4 }),
        fc.array(instant, { maxLength: 60 }),
        instant,
        (wages, lessons, now) => {
          const sorted = lessons.map(toEpoch).sort((a, b) => a - b);
          const fromCounts = wageEarnedTotal(wages, (w) => lessonsInWage(w, sorted, now), now);
          const reference = sumKurus(wageEarnings(wages, lessons, now).map((e) => e.amount));
          expect(fromCounts).toBe(reference);
          expect(Number.isSafeInteger(fromCounts)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never decreases as time goes on', () => {
    fc.assert(
      fc.property(
        fc.array(wageArb, { maxLength: 3 }),
        fc.array(instant, { maxLength: 30 }),
        instant,
        instant,
        (wages, lessons, a, b) => {
          const [early, late] = toEpoch(a) <= toEpoch(b) ? [a, b] : [b, a];
          const total = (now: string) => sumKurus(wageEarnings(wages, lessons, now).map((e) => e.amount));
          expect(total(early)).toBeLessThanOrEqual(total(late));
        },
      ),
      { numRuns: 200 },
    );
  });
});
