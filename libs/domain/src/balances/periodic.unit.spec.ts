import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPeriods, type PeriodUnit } from '../shared/time';
import {
  nextPeriodicChargeAt,
  periodicChargeCount,
  periodicChargeTimes,
  type BalanceEnrollment,
} from './calculator';

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
  /** api.md 9.3 read literally: one charge at each period start from the start, before min(now + 1 ms, end). */
  const naiveCount = (e: BalanceEnrollment, now: string) => {
    const until = Math.min(Date.parse(now) + 1, e.endDate === null ? Infinity : Date.parse(e.endDate));
    const unit: PeriodUnit = e.periodUnit ?? 'month';
    const length = Number.isInteger(e.periodLength) && (e.periodLength as number) >= 1 ? e.periodLength! : 1;
    let k = 0;
    while (addPeriods(Date.parse(e.startDate), unit, k * length) < until) k++;
    return k;
  };

  it('counts the period starts one by one would, for any terms and any now', () => {
    fc.assert(
      fc.property(
        instant,
        fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
        fc.constantFrom('day', 'week', 'month', 'year', null),
        fc.option(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 999 })), { nil: null }),
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
          expect(periodicChargeCount(e, now)).toBe(naiveCount(e, now));
          expect(periodicChargeTimes(e, now)).toHaveLength(naiveCount(e, now));
        },
      ),
      { numRuns: 100 },
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

  it('charges every day of a daily enrolment however long it runs (no cap stops it in 2027)', () => {
    // Local midnight of 1 January 2000 in Istanbul (UTC+2 then).
    const e = enrollment({ startDate: '1999-12-31T22:00:00.000Z', periodUnit: 'day', periodLength: 1 });
    const days = (to: string) =>
      Math.round((Date.parse(to) - Date.parse('2000-01-01T00:00:00Z')) / 86_400_000);
    // at noon UTC of a day, that day's period (started at local midnight) is charged
    for (const at of ['2027-05-18T12:00:00.000Z', '2027-05-19T12:00:00.000Z', '2040-01-01T12:00:00.000Z']) {
      const expected = days(at.slice(0, 10) + 'T00:00:00Z') + 1;
      expect(periodicChargeCount(e, at)).toBe(expected);
      expect(periodicChargeTimes(e, at)).toHaveLength(expected);
    }
    expect(nextPeriodicChargeAt(e, '2040-01-01T12:00:00.000Z')).toBe(Date.parse('2040-01-01T21:00:00.000Z'));
  });

  it.each([657, 999])('a %i-month period counts without asking for far-future dates', (periodLength) => {
    const e = enrollment({ startDate: '2026-01-31T21:00:00.000Z', periodUnit: 'month', periodLength });
    expect(periodicChargeCount(e, '2026-03-01T00:00:00.000Z')).toBe(1);
    expect(periodicChargeCount(e, '2999-12-31T00:00:00.000Z')).toBe(periodLength === 657 ? 18 : 12);
    expect(nextPeriodicChargeAt(e, '2026-03-01T00:00:00.000Z')).toBe(
      addPeriods(Date.parse(e.startDate), 'month', periodLength),
    );
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
