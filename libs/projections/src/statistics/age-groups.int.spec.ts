import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStudentActive } from '@okul/domain';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { readAgeGroups } from './statistics.reader';

/**
 * "Active" is defined once in libs/domain (isEnrollmentActive: the end is exclusive, api.md 9.3); the age
 * groups count active students in Postgres with its SQL form. For random enrolments and moments (their ends
 * themselves included) both must count the same students.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  // The columns readAgeGroups reads of the students and enrolments read models.
  await t.db.exec(`
    CREATE TABLE students (id uuid PRIMARY KEY, organization_id uuid NOT NULL, dob_d int, dob_m int, dob_y int,
                           deleted_at timestamptz);
    CREATE TABLE enrollments (id uuid PRIMARY KEY, organization_id uuid NOT NULL, student_id uuid NOT NULL,
                              start_date timestamptz NOT NULL, end_date timestamptz);`);
});
afterAll(async () => {
  await t?.drop();
});

const BASE = Date.parse('2025-03-01T09:00:00.000Z');
const MINUTE = 60_000;
const iso = (minutes: number) => new Date(BASE + minutes * MINUTE).toISOString();

describe('age groups: active students as libs/domain defines them', () => {
  it('leaves out a student whose only enrolment ends exactly at the moment asked', async () => {
    const org = randomUUID();
    const student = randomUUID();
    await t.db.query(
      `INSERT INTO students (id, organization_id, dob_d, dob_m, dob_y) VALUES ($1, $2, 1, 1, 2015)`,
      [student, org],
    );
    await t.db.query(
      `INSERT INTO enrollments (id, organization_id, student_id, start_date, end_date) VALUES ($1, $2, $3, $4, $5)`,
      [randomUUID(), org, student, iso(-1000), iso(0)],
    );
    expect((await readAgeGroups(t.db, org, new Date(iso(0)))).activeStudents).toBe(0);
    expect((await readAgeGroups(t.db, org, new Date(iso(-1)))).activeStudents).toBe(1);
  });

  it('counts the students isStudentActive calls active, for random enrolments and moments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.record({
              start: fc.integer({ min: -5000, max: 5000 }),
              length: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
            }),
            { maxLength: 3 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(fc.integer({ min: -6000, max: 11_000 }), { minLength: 1, maxLength: 4 }),
        async (students, times) => {
          const org = randomUUID();
          const all = students.map((list) => ({
            id: randomUUID(),
            enrollments: list.map((e) => ({
              startDate: iso(e.start),
              endDate: e.length === null ? null : iso(e.start + e.length),
            })),
          }));
          for (const s of all) {
            await t.db.query(
              `INSERT INTO students (id, organization_id, dob_d, dob_m, dob_y) VALUES ($1, $2, 1, 1, 2010)`,
              [s.id, org],
            );
            for (const e of s.enrollments) {
              await t.db.query(
                `INSERT INTO enrollments (id, organization_id, student_id, start_date, end_date)
                 VALUES ($1, $2, $3, $4, $5)`,
                [randomUUID(), org, s.id, e.startDate, e.endDate],
              );
            }
          }
          // the exact ends are where a rule written twice drifts first
          const moments = [
            ...times.map(iso),
            ...all.flatMap((s) => s.enrollments.flatMap((e) => (e.endDate ? [e.endDate] : []))),
          ];
          for (const at of moments) {
            const answer = await readAgeGroups(t.db, org, new Date(at));
            expect(answer.activeStudents, at).toBe(
              all.filter((s) => isStudentActive(s.enrollments, at)).length,
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
