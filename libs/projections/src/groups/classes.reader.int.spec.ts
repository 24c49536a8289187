import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEnrolledInCourseAt } from '@okul/domain';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { readAttendanceTargets, readClasses, readStudentEnrollments } from './classes.reader';

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

describe('readAttendanceTargets', () => {
  it("answers the course's openness as requireOpenCourse and the attendees as readStudentEnrollments", async () => {
    await t.db.exec(`
      CREATE TABLE courses (id uuid PRIMARY KEY, organization_id text NOT NULL, deleted_at timestamptz);
      CREATE TABLE students (id uuid PRIMARY KEY, organization_id uuid NOT NULL, student_number int NOT NULL,
        name text NOT NULL, surname text NOT NULL)`);
    const OTHER = randomUUID();
    const [open, deleted, foreign] = [randomUUID(), randomUUID(), randomUUID()];
    await t.db.query(`INSERT INTO courses VALUES ($1, $4, NULL), ($2, $4, now()), ($3, $5, NULL)`, [
      open,
      deleted,
      foreign,
      ORG,
      OTHER,
    ]);
    const [ayse, mehmet, stranger, unknown] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await t.db.query(
      `INSERT INTO students VALUES ($1, $4, 26007, 'Ayşe', 'Yılmaz'), ($2, $4, 26008, 'Mehmet', 'Kaya'),
         ($3, $5, 26009, 'Başka', 'Kurum')`,
      [ayse, mehmet, stranger, ORG, OTHER],
    );
    for (const [student, org, start, end] of [
      [ayse, ORG, '2026-01-01T10:20:30.123Z', '2026-06-30T21:00:00.000Z'],
      [ayse, ORG, '2025-09-01T00:00:00.000Z', null],
      [mehmet, ORG, '2026-02-03T04:05:06.789Z', null],
      [stranger, OTHER, '2026-01-01T00:00:00.000Z', null],
    ] as const) {
      await t.db.query(`INSERT INTO enrollments VALUES ($1, $2, $3, $4, $5, $6)`, [
        randomUUID(),
        org,
        student,
        open,
        start,
        end,
      ]);
    }
    const ids = [ayse, mehmet, stranger, unknown];
    const byId = (lookup: object) =>
      Object.fromEntries(
        Object.entries(lookup).map(([id, info]: [string, { label: string; enrollments: object[] }]) => [
          id,
          {
            label: info.label,
            enrollments: [...info.enrollments].sort((a, b) =>
              JSON.stringify(a) < JSON.stringify(b) ? -1 : 1,
            ),
          },
        ]),
      );
    const expected = byId(await readStudentEnrollments(t.db, ORG, ids));
    expect(Object.keys(expected).sort()).toEqual([ayse, mehmet].sort());
    for (const [course, courseOpen] of [
      [open, true],
      [deleted, false],
      [foreign, false],
      [randomUUID(), false],
    ] as const) {
      const targets = await readAttendanceTargets(t.db, ORG, course, ids);
      expect(targets.courseOpen).toBe(courseOpen);
      expect(byId(targets.attendees)).toEqual(expected);
    }
    expect(await readAttendanceTargets(t.db, ORG, open, [])).toEqual({ courseOpen: true, attendees: {} });
  });
});
