import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPeriods,
  daysInMonth,
  fromLocal,
  isValidDateParts,
  localToIso,
  parseDateInput,
  periodStartsBefore,
  toEpoch,
  toLocal,
  utcWall,
  type PeriodUnit,
} from './time';

describe('local time in Istanbul', () => {
  it.each([
    [{ year: 2026, month: 1, day: 31, hour: 9, minute: 30 }, '2026-01-31T06:30:00.000Z'], // UTC+3 all year since 2016
    [{ year: 2014, month: 7, day: 1, hour: 12, minute: 0 }, '2014-07-01T09:00:00.000Z'], // summer time (UTC+3)
    [{ year: 2014, month: 1, day: 1, hour: 12, minute: 0 }, '2014-01-01T10:00:00.000Z'], // winter time (UTC+2)
  ])('%j is %s', (local, iso) => {
    expect(localToIso(local)).toBe(iso);
    expect(toLocal(toEpoch(iso))).toMatchObject(local);
  });

  it('round-trips every wall-clock minute of the last ten years', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2017, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute) => {
          const l = toLocal(fromLocal({ year, month, day, hour, minute }));
          return (
            l.year === year && l.month === month && l.day === day && l.hour === hour && l.minute === minute
          );
        },
      ),
    );
  });
});

describe('calendar days', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2026, 4, 31, false],
    [2026, 12, 31, true],
    [2026, 13, 1, false],
    [2026, 0, 1, false],
    [2026, 1, 0, false],
    [2026, 1.5, 1, false],
  ])('%d-%d-%d -> %s', (y, m, d, ok) => expect(isValidDateParts(y, m, d)).toBe(ok));

  it('knows month lengths', () => {
    expect([1, 2, 3, 4].map((m) => daysInMonth(2024, m))).toEqual([31, 29, 31, 30]);
  });
});

describe('parseDateInput', () => {
  it.each([
    ['2026-01-31', '2026-01-30T21:00:00.000Z'], // local midnight
    ['2026-01-31T09:00:00.000Z', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T12:00:00+03:00', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T12:00+03:00', '2026-01-31T09:00:00.000Z'],
  ])('%s -> %s', (text, iso) => expect(parseDateInput(text)).toBe(iso));

  it.each([['2026-02-30'], ['2026-01-31T12:00:00'], ['31.01.2026'], ['yarın'], ['2026-01-31T25:00:00Z']])(
    'refuses %s',
    (text) => expect(parseDateInput(text)).toBeNull(),
  );
});

describe('addPeriods', () => {
  const start = toEpoch(localToIso({ year: 2026, month: 1, day: 31, hour: 10 }));
  const local = (ms: number) => {
    const l = toLocal(ms);
    return `${l.year}-${l.month}-${l.day} ${l.hour}`;
  };

  it('counts months from the first start, clamping in short months', () => {
    expect([0, 1, 2, 3, 4, 13].map((k) => local(addPeriods(start, 'month', k)))).toEqual([
      '2026-1-31 10',
      '2026-2-28 10',
      '2026-3-31 10',
      '2026-4-30 10',
      '2026-5-31 10',
      '2027-2-28 10',
    ]);
  });

  it('counts days, weeks and years on the local calendar', () => {
    expect(local(addPeriods(start, 'day', 1))).toBe('2026-2-1 10');
    expect(local(addPeriods(start, 'week', 4))).toBe('2026-2-28 10');
    const leap = toEpoch(localToIso({ year: 2024, month: 2, day: 29, hour: 8 }));
    expect(local(addPeriods(leap, 'year', 1))).toBe('2025-2-28 8');
    expect(local(addPeriods(leap, 'year', 4))).toBe('2028-2-29 8');
  });

  it('keeps the wall-clock time across a summer-time change (2015)', () => {
    const winter = toEpoch(localToIso({ year: 2015, month: 3, day: 1, hour: 18 }));
    expect(local(addPeriods(winter, 'month', 1))).toBe('2015-4-1 18');
    expect(addPeriods(winter, 'month', 1) - winter).toBe(31 * 86_400_000 - 3_600_000);
  });

  it('is strictly increasing and never drifts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2016, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom('day', 'week', 'month', 'year' as const),
        fc.integer({ min: 1, max: 40 }),
        (year, month, day, unit, k) => {
          const d = Math.min(day, daysInMonth(year, month));
          const s = fromLocal({ year, month, day: d, hour: 9 });
          const a = addPeriods(s, unit, k);
          const b = addPeriods(s, unit, k + 1);
          const lb = toLocal(b);
          const dayKept =
            unit === 'month' || unit === 'year'
              ? lb.day === Math.min(d, daysInMonth(lb.year, lb.month))
              : true;
          return a < b && lb.hour === 9 && dayKept;
        },
      ),
    );
  });
});

describe('periodStartsBefore: exact for every period the spec allows (1-999 of day, week or month)', () => {
  /** The reference: walk the period starts one by one. */
  const reference = (start: number, unit: PeriodUnit, length: number, until: number) => {
    let k = 0;
    while (addPeriods(start, unit, k * length) < until) k++;
    return k;
  };
  const instant = (min: string, max: string) =>
    fc.integer({ min: Date.parse(min), max: Date.parse(max) }).map((ms) => ms - (ms % 60_000));

  it('matches walking the periods one by one, over any span', () => {
    fc.assert(
      fc.property(
        instant('2000-01-01T00:00:00Z', '2999-01-01T00:00:00Z'),
        fc.constantFrom<PeriodUnit>('day', 'week', 'month'),
        fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 999 })),
        fc.integer({ min: -5, max: 2_000 }),
        (start, unit, length, spanDays) => {
          // long spans of long periods: as many periods as the short spans of short ones
          const until = start + spanDays * length * 86_400_000 + 3_600_000;
          expect(periodStartsBefore(start, unit, length, until)).toBe(reference(start, unit, length, until));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('lands exactly on period starts (the bound is exclusive)', () => {
    fc.assert(
      fc.property(
        instant('2000-01-01T00:00:00Z', '2900-01-01T00:00:00Z'),
        fc.constantFrom<PeriodUnit>('day', 'week', 'month'),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 60 }),
        (start, unit, length, k) => {
          const at = addPeriods(start, unit, k * length);
          expect(periodStartsBefore(start, unit, length, at)).toBe(k);
          expect(periodStartsBefore(start, unit, length, at + 1)).toBe(k + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('dates the calendar of the spec cannot hold are refused, never coerced', () => {
  it.each(['0099-12-31', '0099-12-31T10:00:00Z', '1999-12-31', '3000-01-01', '3000-01-01T00:00:00+03:00'])(
    '%s is refused',
    (text) => expect(parseDateInput(text)).toBeNull(),
  );
  it('keeps the years of the spec, 2000-2999', () => {
    expect(parseDateInput('2000-01-01')).toBe('1999-12-31T22:00:00.000Z');
    expect(parseDateInput('2999-12-31')).toBe('2999-12-30T21:00:00.000Z');
  });
  it('a year below 100 is that year, not 19xx', () => {
    expect(new Date(fromLocal({ year: 99, month: 12, day: 31, hour: 12 })).getUTCFullYear()).toBe(99);
    expect(utcWall(99, 11, 31)).toBe(Date.parse('0099-12-31T00:00:00Z'));
  });
});
