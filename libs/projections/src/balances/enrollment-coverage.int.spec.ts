import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargePerUnit,
  enrollmentCoversSql,
  isEnrolledInCourseAt,
  perClassHolder,
  type BalanceEnrollment,
} from '@okul/domain';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { holder } from './balances.projection';

/**
 * "Enrolled at that time" and "the per_class enrolment that charges a lesson" are defined once in
 * libs/domain; the balances read model runs their SQL forms in Postgres. For random enrolments and times
 * (the starts and ends themselves included) both paths must name the same enrolment, charge and answer.
 */
let t: TestDatabase;
const TABLE = 'coverage_enrollments';
const COURSE = randomUUID();

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.exec(`CREATE TABLE ${TABLE} (
    id uuid PRIMARY KEY, student_id uuid NOT NULL, course_id uuid NOT NULL, enrollment_type text NOT NULL,
    start_date timestamptz NOT NULL, end_date timestamptz, price bigint NOT NULL, discount bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now())`);
});
afterAll(async () => {
  await t?.drop();
});

const BASE = Date.parse('2025-01-01T00:00:00.000Z');
const MINUTE = 60_000;
const iso = (minutes: number) => new Date(BASE + minutes * MINUTE).toISOString();

const terms = fc.record({
  per: fc.constantFrom<BalanceEnrollment['enrollmentType']>('per_class', 'periodic'),
  length: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
  price: fc.integer({ min: 0, max: 500_000 }),
  discount: fc.integer({ min: -1000, max: 600_000 }),
});

describe('enrolment coverage: SQL path and domain functions agree', () => {
  it('names the same holder, charge and enrolled answer for random enrolments and times', async () => {
    await fc.assert(
      fc.asyncProperty(
        // distinct starts: the read model's tie-break (creation order) is its own and untested here
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 5 }),
        fc.array(terms, { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: -100, max: 16_000 }), { minLength: 1, maxLength: 12 }),
        async (starts, termList, times) => {
          const student = randomUUID();
          const enrollments: BalanceEnrollment[] = starts.map((start, i) => ({
            id: randomUUID(),
            courseId: COURSE,
            startDate: iso(start),
            endDate: termList[i].length === null ? null : iso(start + termList[i].length!),
            price: termList[i].price,
            discount: termList[i].discount,
            enrollmentType: termList[i].per,
            periodUnit: null,
            periodLength: null,
          }));
          for (const e of enrollments) {
            await t.db.query(
              `INSERT INTO ${TABLE} (id, student_id, course_id, enrollment_type, start_date, end_date, price, discount)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [e.id, student, COURSE, e.enrollmentType, e.startDate, e.endDate, e.price, e.discount],
            );
          }
          // the exact bounds are where a rule written twice drifts first
          const at = [
            ...times.map(iso),
            ...enrollments.flatMap((e) => [e.startDate, ...(e.endDate ? [e.endDate] : [])]),
          ];
          const r = await t.db.query<{ id: string | null; charge: string | null; enrolled: boolean }>(
            `SELECT x.id, x.charge::text AS charge,
                    EXISTS (SELECT 1 FROM ${TABLE} c WHERE c.student_id = $1 AND c.course_id = $2
                               AND ${enrollmentCoversSql('c.start_date', 'c.end_date', 'a.at')}) AS enrolled
               FROM unnest($3::timestamptz[]) WITH ORDINALITY AS a(at, i)
               LEFT JOIN LATERAL (${holder(() => TABLE, '$1', '$2', 'a.at')}) x ON true
              ORDER BY a.i`,
            [student, COURSE, at],
          );
          at.forEach((time, i) => {
            const domainHolder = perClassHolder(enrollments, time);
            expect(r.rows[i].id, time).toBe(domainHolder?.id ?? null);
            expect(r.rows[i].charge === null ? null : Number(r.rows[i].charge), time).toBe(
              domainHolder ? chargePerUnit(domainHolder) : null,
            );
            expect(r.rows[i].enrolled, time).toBe(isEnrolledInCourseAt(enrollments, COURSE, time));
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
