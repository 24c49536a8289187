import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEnrolledInCourseAt } from '@okul/domain';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { readClasses } from './classes.reader';

/**
 * A group's members whose enrolment no longer holds `now` are listed as ended, by the same definition the
 * domain uses for "enrolled at that time" (its end is exclusive): a member whose enrolment ends exactly now
 * has ended, one whose enrolment starts exactly now has not.
 */
let t: TestDatabase;
const ORG = randomUUID();
const COURSE = randomUUID();
const NOW = '2026-03-01T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestDatabase();
  // The columns the reader reads, as the groups and enrolments projections keep them.
  await t.db.exec(`
    CREATE TABLE enrollments (id uuid PRIMARY KEY, organization_id uuid NOT NULL, student_id uuid NOT NULL,
      course_id uuid NOT NULL, start_date timestamptz NOT NULL, end_date timestamptz);
    CREATE TABLE classes (id uuid PRIMARY KEY, organization_id uuid NOT NULL, course_id uuid NOT NULL,
      title text NOT NULL, age_group text, level text, description text, class_code text, notes text,
      members uuid[] NOT NULL, created_at timestamptz NOT NULL, created_by uuid, edited_at timestamptz,
      edited_by uuid, deleted_at timestamptz)`);
});
afterAll(async () => {
  await t?.drop();
});

describe('readClasses: ended members', () => {
  it("uses the domain's enrolment coverage, the end exclusive", async () => {
    const cases = {
      endsNow: { startDate: '2026-01-01T00:00:00.000Z', endDate: NOW },
      endsLater: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-03-01T09:00:00.001Z' },
      startsNow: { startDate: NOW, endDate: null },
      startsLater: { startDate: '2026-03-01T09:00:00.001Z', endDate: null },
      open: { startDate: '2025-01-01T00:00:00.000Z', endDate: null },
    };
    const students = Object.fromEntries(Object.keys(cases).map((k) => [k, randomUUID()]));
    for (const [k, e] of Object.entries(cases)) {
      await t.db.query(`INSERT INTO enrollments VALUES ($1, $2, $3, $4, $5, $6)`, [
        randomUUID(),
        ORG,
        students[k],
        COURSE,
        e.startDate,
        e.endDate,
      ]);
    }
    const classId = randomUUID();
    await t.db.query(
      `INSERT INTO classes (id, organization_id, course_id, title, members, created_at)
       VALUES ($1, $2, $3, 'Gitar A', $4, $5)`,
      [classId, ORG, COURSE, Object.values(students), NOW],
    );

    const [view] = await readClasses(t.db, ORG, { id: classId, now: NOW });
    const expected = Object.keys(cases)
      .filter(
        (k) => !isEnrolledInCourseAt([{ courseId: COURSE, ...cases[k as keyof typeof cases] }], COURSE, NOW),
      )
      .map((k) => students[k])
      .sort();
    expect(expected).toEqual([students.endsNow, students.startsLater].sort());
    expect([...view.endedMembers].sort()).toEqual(expected);
    // Another organisation sees none of it.
    expect(await readClasses(t.db, randomUUID(), { id: classId, now: NOW })).toEqual([]);
  });
});
