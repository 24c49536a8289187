import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargePerUnit, perClassHolder, type BalanceEnrollment } from '@okul/domain';
import { holderAt, type HolderCandidate } from './balances.pricing';

const BASE = Date.parse('2025-01-01T00:00:00.000Z');
const MINUTE = 60_000;
const iso = (minutes: number) => new Date(BASE + minutes * MINUTE).toISOString();

/**
 * The batch prices its lessons in Node with holderAt; the calculator (and the handlers, in SQL) with
 * perClassHolder. For random enrolments of one pair, in the order they were added (equal starts included:
 * the first added wins, as the SQL's tie-break by creation), and random times, both name the same enrolment.
 */
describe('holderAt', () => {
  it('names the enrolment perClassHolder names, for random enrolments and times', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            per: fc.constantFrom<BalanceEnrollment['enrollmentType']>('per_class', 'periodic'),
            start: fc.integer({ min: 0, max: 200 }),
            length: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
            price: fc.integer({ min: 0, max: 500_000 }),
            discount: fc.integer({ min: -1000, max: 600_000 }),
          }),
          { maxLength: 6 },
        ),
        fc.array(fc.integer({ min: -10, max: 520 }), { minLength: 1, maxLength: 20 }),
        (terms, times) => {
          const enrollments = terms.map((t, i) => ({
            id: `e${i}`,
            enrollmentType: t.per,
            startDate: iso(t.start),
            endDate: t.length === null ? null : iso(t.start + t.length),
            price: t.price,
            discount: t.discount,
          }));
          const candidates: HolderCandidate[] = enrollments
            .filter((e) => e.enrollmentType === 'per_class')
            .map((e) => ({
              id: e.id,
              startMs: Date.parse(e.startDate),
              endMs: e.endDate === null ? null : Date.parse(e.endDate),
              charge: chargePerUnit(e),
            }));
          // The starts and ends themselves are the edges that matter (start inclusive, end exclusive).
          const edges = terms.flatMap((t) => [t.start, ...(t.length === null ? [] : [t.start + t.length])]);
          for (const m of [...times, ...edges]) {
            const expected = perClassHolder(enrollments, iso(m));
            const got = holderAt(candidates, BASE + m * MINUTE);
            expect(got?.id).toBe(expected?.id);
            expect(got?.charge ?? 0).toBe(expected ? chargePerUnit(expected) : 0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
