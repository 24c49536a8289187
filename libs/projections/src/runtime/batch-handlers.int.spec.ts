import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../../../apps/server/src/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { attendancesProjection } from '../attendance/attendances.projection';
import { balancesProjection } from '../balances/balances.projection';
import { employeesProjection } from '../employees/employees.projection';
import { enrollmentsProjection } from '../enrollments/enrollments.projection';
import { historyProjection } from '../history/history.projection';
import { paymentsProjection } from '../payments/payments.projection';
import { studentsProjection } from '../students/students.projection';
import type { Projection } from './projection';
import { parkedGroups, rebuildProjection } from './runner';

/**
 * Histories the large generated one does not hold, applied event by event and with the batch handlers in
 * batches of every size from one event to all of them: a change before its row exists, several changes of one
 * row in a run, a student registered after a lesson naming them and registered twice, a student number of
 * six digits, instructors' lessons, a lesson's attendees edited, a deleted and resurrected payment, a price change between lessons, an
 * enrolment's end or start moved alone (the lessons priced again are only those it can hold), and an id added twice (the poison event parks its organisation alike on both paths).
 */
const projections: Projection[] = [
  studentsProjection,
  attendancesProjection,
  employeesProjection,
  enrollmentsProjection,
  paymentsProjection,
  balancesProjection,
  historyProjection,
];

let t: TestDatabase;
let store: PostgresEventStore;
const org = randomUUID();
const poisoned = randomUUID();
const user = randomUUID();
const course = randomUUID();
const instructor = randomUUID();
const [s1, s2, s3] = [randomUUID(), randomUUID(), randomUUID()];
const [e1, e2, eLate] = [randomUUID(), randomUUID(), randomUUID()];
const [p1, p2, p3, pDup] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const [a1, a2, a3] = [randomUUID(), randomUUID(), randomUUID()];

const day = (n: number) => new Date(Date.UTC(2024, 0, n, 9, 0, 0)).toISOString();

function student(id: string, number: number, organizationId = org) {
  return {
    type: 'StudentRegistered',
    data: {
      studentId: id,
      organizationId,
      studentNumber: number,
      name: 'Ayşe',
      surname: 'Işık',
      dobD: 1,
      dobM: 2,
      dobY: 2010,
      regD: 1,
      regM: 1,
      regY: 2024,
      TCKN: null,
      phone: null,
      parent1Phone: null,
      parent2Phone: null,
      createdBy: user,
      createdAt: day(1),
    },
  };
}

function enrollment(id: string, studentId: string, price: number, start: number) {
  return {
    type: 'EnrollmentAdded',
    data: {
      enrollmentId: id,
      studentId,
      organizationId: org,
      courseId: course,
      enrollmentType: 'per_class',
      startDate: day(start),
      endDate: null,
      price,
      discount: 0,
      isOfficial: false,
      periodUnit: null,
      periodLength: null,
      classesPerPeriod: null,
      createdBy: user,
      createdAt: day(start),
    },
  };
}

function edit(
  id: string,
  studentId: string,
  price: number,
  start: number,
  { end = null as number | null, discount = 1000 } = {},
) {
  const terms = {
    startDate: day(start),
    endDate: end === null ? null : day(end),
    price,
    discount,
    isOfficial: true,
    periodUnit: null,
    periodLength: null,
    classesPerPeriod: null,
  };
  return {
    type: 'EnrollmentEdited',
    data: {
      enrollmentId: id,
      studentId,
      organizationId: org,
      courseId: course,
      ...terms,
      previous: terms,
      editedBy: user,
      editedAt: day(start + 1),
    },
  };
}

function end(id: string, studentId: string, at: number) {
  return {
    type: 'EnrollmentEnded',
    data: {
      enrollmentId: id,
      studentId,
      organizationId: org,
      courseId: course,
      endDate: day(at),
      previousEndDate: null,
      endedBy: user,
      endedAt: day(at),
    },
  };
}

function lesson(id: string, at: number, attendants: string[], instructorId: string | null) {
  return {
    type: 'AttendanceAdded',
    data: {
      attendanceId: id,
      organizationId: org,
      attendanceNumber: at,
      code: `Y-${at}`,
      courseId: course,
      instructorId,
      day: at,
      month: 1,
      year: 2024,
      hour: 12,
      minute: 0,
      timestamp: day(at),
      attendants,
      createdBy: user,
      createdAt: day(at),
    },
  };
}

/** The lesson's attendees changed (the others kept): rows that exist already and new ones. */
function editLesson(id: string, at: number, attendants: string[], instructorId: string | null) {
  const {
    attendanceNumber: _n,
    createdBy: _b,
    createdAt: _a,
    ...fields
  } = lesson(id, at, attendants, instructorId).data;
  return {
    type: 'AttendanceEdited',
    data: { ...fields, editedBy: user, editedAt: day(at + 6), code: `Y-${at}`, previousTimestamp: day(at) },
  };
}

function payment(id: string, studentId: string, amount: number, organizationId = org) {
  return {
    type: 'PaymentAdded',
    data: {
      paymentId: id,
      organizationId,
      studentId,
      courseId: course,
      amount,
      method: 'cash',
      isCorrection: false,
      date: day(3),
      timestamp: day(3),
      createdBy: user,
      createdAt: day(3),
    },
  };
}

const who = (paymentId: string, studentId: string) => ({
  paymentId,
  organizationId: org,
  studentId,
  courseId: course,
});

const history: Array<{ type: string; data: Record<string, unknown> }> = [
  // Changes before their rows exist change nothing.
  end(eLate, s1, 2),
  { type: 'PaymentSoftDeleted', data: { ...who(p3, s1), deletedBy: user, deletedAt: day(2) } },
  student(s1, 7),
  // A lesson names s2 before s2 is registered: its search text holds only s1's number.
  lesson(a1, 4, [s1, s2], instructor),
  student(s2, 123456),
  student(s2, 99),
  enrollment(e1, s1, 50000, 1),
  lesson(a2, 5, [s1, s2], null),
  payment(p1, s1, 30000),
  edit(e1, s1, 60000, 1),
  {
    type: 'PaymentEdited',
    data: {
      ...who(p1, s1),
      amount: 35000,
      method: 'card',
      isCorrection: false,
      editedBy: user,
      editedAt: day(6),
    },
  },
  { type: 'PaymentSoftDeleted', data: { ...who(p1, s1), deletedBy: user, deletedAt: day(7) } },
  payment(p2, s2, 10000),
  { type: 'PaymentSoftDeleted', data: { ...who(p2, s2), deletedBy: user, deletedAt: day(7) } },
  { type: 'PaymentResurrected', data: { ...who(p2, s2), resurrectedBy: user, resurrectedAt: day(8) } },
  {
    type: 'PaymentEdited',
    data: {
      ...who(p2, s2),
      amount: 12000,
      method: 'cash',
      isCorrection: true,
      editedBy: user,
      editedAt: day(9),
    },
  },
  enrollment(eLate, s1, 40000, 1),
  enrollment(e2, s2, 20000, 4),
  lesson(a3, 10, [s1, s2, s3], instructor),
  editLesson(a2, 5, [s1, s2, s3], null),
  end(e1, s1, 9),
  edit(e2, s2, 25000, 2),
  end(e2, s2, 11),
  // Only the end moves (same start and charge): the lesson of day 10 leaves e2, comes back, leaves again.
  edit(e2, s2, 25000, 2, { end: 10 }),
  edit(e2, s2, 25000, 2),
  edit(e2, s2, 25000, 2, { end: 10 }),
  // Only the start moves, with the same charge: of two enrolments holding a lesson, the later start wins.
  edit(eLate, s1, 40000, 3, { discount: 0 }),
  payment(p3, s1, 5000),
  student(s3, 8),
  // The poison: a payment id added twice (another organisation), and what follows it there.
  student(s1, 1, poisoned),
  payment(pDup, s1, 100, poisoned),
  payment(pDup, s1, 200, poisoned),
  payment(randomUUID(), s1, 300, poisoned),
  { type: 'PaymentPermanentlyDeleted', data: { ...who(p3, s1), deletedBy: user, deletedAt: day(12) } },
];

/** Every table of these projections as readers see it, rows in a fixed order, and the parked events. */
async function dump(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const p of projections)
    for (const table of p.tables) {
      const r = await t.db.query<{ rows: string }>(
        `SELECT coalesce(json_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]')::text AS rows FROM ${table} x`,
      );
      out[table] = JSON.parse(r.rows[0].rows);
    }
  out.parked = (await parkedGroups(t.db))
    .filter((g) => projections.some((p) => p.name === g.projection))
    .map((g) => [g.projection, g.organizationId, g.events, g.firstPosition.toString(), g.firstType]);
  return out;
}

beforeAll(async () => {
  t = await createTestDatabase();
  store = await PostgresEventStore.create(t.db);
  for (const e of history) {
    const organizationId = (e.data.organizationId as string | undefined) ?? org;
    await store.append(
      `edge-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type: e.type,
          data: e.data,
          metadata: {
            organizationId,
            userId: user,
            ipAddress: null,
            userAgent: null,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: day(1),
          },
        },
      ],
      'no_stream',
    );
  }
}, 120_000);
afterAll(async () => t?.drop());

describe('batch handlers', () => {
  it('leave the read models and the parked events exactly as the handlers applied one by one', async () => {
    for (const p of projections) await rebuildProjection(t.db, store, p, undefined, { setBased: false });
    const oneByOne = await dump();
    // The history really holds what it is meant to: the six-digit number cut as lpad cuts it, the poison parked.
    const attendances = oneByOne.attendances as Array<{ id: string; search_text: string }>;
    expect(attendances.find((a) => a.id === a1)?.search_text).toMatch(/ 00007$/);
    expect(attendances.find((a) => a.id === a2)?.search_text).toMatch(/ 00007 12345$/);
    expect(oneByOne.parked).toContainEqual(['payments', poisoned, 2, expect.any(String), 'PaymentAdded']);
    expect((oneByOne.wage_lessons as unknown[]).length).toBe(2);
    const lessons = oneByOne.balance_lessons as Array<{
      attendance_id: string;
      student_id: string;
      enrollment_id: string | null;
      charge: number;
    }>;
    const held = (a: string, s: string) =>
      lessons.find((l) => l.attendance_id === a && l.student_id === s)?.enrollment_id;
    expect(held(a3, s2)).toBeNull();
    expect(held(a2, s1)).toBe(eLate);

    for (const batchSize of [1, 2, 3, 5, 8, 1000]) {
      for (const p of projections)
        await rebuildProjection(t.db, store, p, undefined, { setBased: true, batchSize });
      expect({ batchSize, ...(await dump()) }).toEqual({ batchSize, ...oneByOne });
    }
  }, 300_000);
});
