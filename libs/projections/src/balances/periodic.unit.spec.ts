import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodicChargeTimes, type BalanceEnrollment } from '@okul/domain';
import { MAX_PERIODS, nextPeriodicChargeAt, periodicChargeCount } from './periodic';

const enrollment = (o: Partial<BalanceEnrollment>): BalanceEnrollment => ({
  id: 'e',
  courseId: 'c',
  startDate: '2025-01-31T21:00:00.000Z',
  endDate: null,
  price: 1000,
  discount: 0,
  enrollmentType: 'periodic',
  periodUnit: 'month',
  periodLength: 1,
  ...o,
});

const instant = fc
  .integer({ min: Date.parse('2005-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') })
  .map((ms) => new Date(ms - (ms % 60_000)).toISOString());

describe('periodicChargeCount', () => {
  it('counts exactly the charge times of the calculator, for any terms and any now', () => {
    fc.assert(
      fc.property(
        instant,
        fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
        fc.constantFrom('day', 'week', 'month', 'year', null),
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
        instant,
        (startDate, endDays, periodUnit, periodLength, now) => {
          const endDate =
            endDays === null
              ? null
              : new Date(Date.parse(startDate) + endDays * 86_400_000 + 3_600_000).toISOString();
          const e = enrollment({
            startDate,
            endDate,
            periodUnit: periodUnit as BalanceEnrollment['periodUnit'],
            periodLength,
          });
          expect(periodicChargeCount(e, now)).toBe(periodicChargeTimes(e, now).length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['now before the start', { startDate: '2025-03-01T00:00:00.000Z' }, '2025-02-28T23:59:59.999Z', 0],
    [
      'now exactly at the start charges the first period',
      { startDate: '2025-03-01T00:00:00.000Z' },
      '2025-03-01T00:00:00.000Z',
      1,
    ],
    [
      'an end exactly at a period start does not charge it',
      { startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-03-01T00:00:00.000Z' },
      '2026-01-01T00:00:00.000Z',
      2,
    ],
    [
      '31 January counts February once',
      { startDate: '2025-01-30T21:00:00.000Z' },
      '2025-03-30T20:59:00.000Z',
      2,
    ],
  ])('%s', (_name, terms, now, count) => {
    const e = enrollment(terms);
    expect(periodicChargeCount(e, now)).toBe(count);
    expect(periodicChargeTimes(e, now)).toHaveLength(count);
  });

  it('stops at the same guard as the calculator', () => {
    const e = enrollment({ startDate: '2000-01-01T00:00:00.000Z', periodUnit: 'day', periodLength: 1 });
    expect(periodicChargeCount(e, '2040-01-01T00:00:00.000Z')).toBe(MAX_PERIODS);
    expect(periodicChargeTimes(e, '2040-01-01T00:00:00.000Z')).toHaveLength(MAX_PERIODS);
  });

  it('names the next charge: the first period start after now and before the end', () => {
    fc.assert(
      fc.property(
        instant,
        fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
        fc.constantFrom('day', 'week', 'month'),
        instant,
        (startDate, endDays, periodUnit, now) => {
          const endDate =
            endDays === null ? null : new Date(Date.parse(startDate) + endDays * 86_400_000).toISOString();
          const e = enrollment({ startDate, endDate, periodUnit, periodLength: 1 });
          const count = periodicChargeCount(e, now);
          // Periods here are at most a month long: the next one starts within 40 days of now (or of the start).
          const bound = Math.max(Date.parse(now), Date.parse(startDate)) + 40 * 86_400_000;
          const later = periodicChargeTimes(e, new Date(bound).toISOString());
          expect(nextPeriodicChargeAt(e, now)).toBe(later[count] ?? null);
        },
      ),
      { numRuns: 200 },
    );
  });
});
