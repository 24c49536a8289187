import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPeriods, fromLocal, toLocal } from './time';

/** The local time as Intl gives it, without the offset cache of time.ts. */
function intl(epochMs: number) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Istanbul',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(
    f
      .formatToParts(new Date(epochMs))
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, Number(x.value)]),
  );
  return { ...p, millisecond: ((epochMs % 1000) + 1000) % 1000 };
}

describe('toLocal with remembered offsets', () => {
  it('answers what Intl answers for any instant from 1950 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(toLocal(ms)).toEqual(intl(ms));
      }),
      { numRuns: 5000 },
    );
  });

  it('is exact on both sides of summer-time changes (Istanbul, 2011-2016)', () => {
    // 27 March 2011 03:00 local (01:00 UTC) clocks went forward; 30 October 2011 04:00 local back.
    for (const iso of [
      '2011-03-27T00:59:59.999Z',
      '2011-03-27T01:00:00.000Z',
      '2011-10-30T00:59:59.999Z',
      '2011-10-30T01:00:00.000Z',
      '2016-09-07T00:00:00.000Z',
    ]) {
      const ms = Date.parse(iso);
      expect(toLocal(ms)).toEqual(intl(ms));
    }
    // Outside the repeated hour of the autumn change a local time names one instant.
    for (const iso of ['2011-03-27T00:59:59.999Z', '2011-03-27T01:00:00.000Z', '2011-10-30T01:00:00.000Z']) {
      expect(fromLocal(toLocal(Date.parse(iso)))).toBe(Date.parse(iso));
    }
  });

  it('keeps weekly periods on the same local hour across a change', () => {
    const start = fromLocal({ year: 2011, month: 3, day: 20, hour: 18 });
    expect(toLocal(addPeriods(start, 'week', 1))).toMatchObject({ day: 27, hour: 18 });
    expect(toLocal(addPeriods(start, 'week', 32))).toMatchObject({ month: 10, day: 30, hour: 18 });
  });
});
