import { z } from 'zod';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAttendanceAddSearch } from './attendance-search';

const SCHEDULE = '6f1c3c1e-8d7a-4b8e-9d55-0b7a8f0e1a01';

describe('parseAttendanceAddSearch', () => {
  it('keeps the schedule id and the lesson start of "Yoklama al"', () => {
    expect(parseAttendanceAddSearch({ scheduleId: SCHEDULE, start: '2026-03-02T07:00:00.000Z' })).toEqual({
      scheduleId: SCHEDULE,
      start: '2026-03-02T07:00:00.000Z',
    });
    expect(parseAttendanceAddSearch({ start: '2026-03-02T07:00Z' })).toEqual({ start: '2026-03-02T07:00Z' });
  });

  it('drops what is not a uuid or a UTC instant, so the form opens empty', () => {
    expect(parseAttendanceAddSearch({})).toEqual({});
    expect(parseAttendanceAddSearch({ scheduleId: 'abc', start: 5 })).toEqual({});
    expect(parseAttendanceAddSearch({ scheduleId: SCHEDULE.slice(1), start: '2026-03-02' })).toEqual({});
    expect(parseAttendanceAddSearch({ start: '2026-03-02T10:00:00+03:00' })).toEqual({});
    expect(parseAttendanceAddSearch({ start: '2026-13-40T07:00:00Z' })).toEqual({});
  });

  it('accepts every instant the route took before (z.iso.datetime) and the server writes', () => {
    const accepted = z.iso.datetime();
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString();
          expect(accepted.safeParse(iso).success).toBe(true);
          expect(parseAttendanceAddSearch({ start: iso }).start).toBe(iso);
        },
      ),
    );
  });

  it('accepts every uuid the route took before (z.uuid)', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (id) => {
        expect(parseAttendanceAddSearch({ scheduleId: id }).scheduleId).toBe(id);
      }),
    );
  });
});
