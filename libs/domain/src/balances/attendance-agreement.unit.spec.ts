import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enrollmentCoversAttendance } from '../enrollments/decider';
import { computeBalance, type BalanceEnrollment } from './calculator';

const START = Date.parse('2025-03-01T00:00:00.000Z');
const HOUR = 3_600_000;

/**
 * An attendance the attendance rule accepts is charged by the balance rule of a per_class enrolment, and one
 * it refuses is not: both treat the enrolment's end as exclusive (docs/DECISIONS.md, Reliability).
 */
describe('attendance and the balance rule agree on an enrolment end', () => {
  it('a lesson is accepted exactly when it is charged, the end included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: -50, max: 2_100 }),
        fc.integer({ min: 0, max: 3_599_999 }),
        (endHours, lessonHours, ms) => {
          const endDate = new Date(START + endHours * HOUR).toISOString();
          // the lesson lands on the end itself in a good share of the runs
          const at = lessonHours % 7 === 0 ? endHours * HOUR : lessonHours * HOUR + (ms % 3 === 0 ? 0 : ms);
          const timestamp = new Date(START + at).toISOString();
          const e: BalanceEnrollment = {
            id: 'e',
            courseId: 'c',
            startDate: new Date(START).toISOString(),
            endDate,
            price: 1_000,
            discount: 0,
            enrollmentType: 'per_class',
            periodUnit: null,
            periodLength: null,
          };
          const result = computeBalance({
            enrollments: [e],
            attendances: [{ id: 'a', courseId: 'c', timestamp }],
            payments: [],
            now: '2030-01-01T00:00:00.000Z',
          });
          const charged = result.attendedWithPrices[0].charged;
          expect(enrollmentCoversAttendance(e, timestamp)).toBe(charged);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a lesson exactly at the end is neither accepted nor charged', () => {
    const e = { startDate: '2025-03-01T00:00:00.000Z', endDate: '2025-04-01T00:00:00.000Z' };
    expect(enrollmentCoversAttendance(e, '2025-04-01T00:00:00.000Z')).toBe(false);
  });
});
