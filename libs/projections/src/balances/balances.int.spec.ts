import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeBalance,
  localToIso,
  type BalanceAttendance,
  type BalanceEnrollment,
  type BalancePayment,
  type NewEvent,
} from '@okul/domain';
import { PostgresEventStore } from '../../../../apps/server/src/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { ProjectionRunner } from '../runtime/runner';
import { balancesProjection } from './balances.projection';
import { readBalanceInput, readDuePayments } from './balances.reader';

/**
 * The due list read from the balances projection (sums kept per student and course, periodic charges counted
 * at read time) must be exactly what the pure calculator says student by student, for any history of
 * enrolments, edits, lessons and payments and at any `now`. Histories are generated from a seed; each run is
 * its own organisation in one database.
 */
let t: TestDatabase;
let store: PostgresEventStore;
let runner: ProjectionRunner;

beforeAll(async () => {
  t = await createTestDatabase();
  store = await PostgresEventStore.create(t.db);
  runner = new ProjectionRunner(t.db, store, [balancesProjection], { idleMs: 10, batchSize: 200 });
  await runner.prepare();
  runner.start();
});
afterAll(async () => {
  await runner?.stop();
  await t?.drop();
});

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Model {
  enrollments: Map<string, BalanceEnrollment & { studentId: string }>;
  attendances: Map<string, { courseId: string; timestamp: string; attendants: string[] }>;
  payments: Map<string, BalancePayment & { studentId: string; status: 'active' | 'deleted' | 'purged' }>;
}

/** A random but valid history of one organisation, as events, and the final state it leaves. */
function scenario(seed: number, organizationId: string) {
  const r = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(r() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const students = Array.from({ length: int(1, 4) }, () => randomUUID());
  const courses = Array.from({ length: int(1, 3) }, () => randomUUID());
  const model: Model = { enrollments: new Map(), attendances: new Map(), payments: new Map() };
  const events: Array<{ streamId: string; type: string; data: Record<string, unknown> }> = [];
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  const createdAt = () => new Date((clock += 1000)).toISOString();
  // Dates between 2023 and 2027, often on local midnights (where the rules' edges are).
  const someDate = () => {
    const day = { year: int(2023, 2026), month: int(1, 12), day: int(1, 28) };
    return r() < 0.6 ? localToIso(day) : localToIso({ ...day, hour: int(0, 23), minute: pick([0, 15, 30]) });
  };
  const terms = () => {
    const price = pick([100, 15050, 20000, 99999, int(1, 500000)]);
    const start = someDate();
    const end = r() < 0.5 ? null : new Date(Date.parse(start) + int(0, 400) * 86_400_000).toISOString();
    return { startDate: start, endDate: end, price, discount: r() < 0.3 ? int(0, price + 50) : 0 };
  };
  const steps = int(5, 40);
  for (let i = 0; i < steps; i++) {
    const kind = r();
    const enrollments = [...model.enrollments.values()];
    const liveAttendances = [...model.attendances.keys()];
    const payments = [...model.payments.values()].filter((p) => p.status !== 'purged');
    if (kind < 0.25 || enrollments.length === 0) {
      const id = randomUUID();
      const studentId = pick(students);
      const courseId = pick(courses);
      const periodic = r() < 0.4;
      const t0 = terms();
      const e = {
        id,
        studentId,
        courseId,
        ...t0,
        enrollmentType: periodic ? ('periodic' as const) : ('per_class' as const),
        periodUnit: periodic ? pick(['day', 'week', 'month'] as const) : null,
        periodLength: periodic ? int(1, 3) : null,
      };
      model.enrollments.set(id, e);
      events.push({
        streamId: `student-${studentId}`,
        type: 'EnrollmentAdded',
        data: {
          enrollmentId: id,
          organizationId,
          isOfficial: false,
          classesPerPeriod: null,
          createdBy: null,
          createdAt: createdAt(),
          ...e,
        },
      });
    } else if (kind < 0.35) {
      const e = pick(enrollments);
      const t1 = terms();
      const next = {
        ...e,
        price: r() < 0.5 ? t1.price : e.price,
        discount: r() < 0.5 ? t1.discount : e.discount,
        startDate: r() < 0.5 ? t1.startDate : e.startDate,
        endDate: r() < 0.5 ? t1.endDate : e.endDate,
        periodLength: e.enrollmentType === 'periodic' ? int(1, 3) : null,
      };
      model.enrollments.set(e.id, next);
      events.push({
        streamId: `student-${e.studentId}`,
        type: 'EnrollmentEdited',
        data: {
          enrollmentId: e.id,
          organizationId,
          ...next,
          previous: {},
          editedBy: null,
          editedAt: createdAt(),
        },
      });
    } else if (kind < 0.42) {
      const e = pick(enrollments);
      const endDate = someDate();
      model.enrollments.set(e.id, { ...e, endDate });
      events.push({
        streamId: `student-${e.studentId}`,
        type: 'EnrollmentEnded',
        data: {
          enrollmentId: e.id,
          organizationId,
          studentId: e.studentId,
          courseId: e.courseId,
          endDate,
          previousEndDate: e.endDate,
        },
      });
    } else if (kind < 0.65) {
      const id = randomUUID();
      // Lessons often fall exactly on an enrolment's start or end.
      const anchor = pick(enrollments);
      const timestamp =
        r() < 0.4 ? (r() < 0.5 ? anchor.startDate : (anchor.endDate ?? anchor.startDate)) : someDate();
      const attendants = students.filter(() => r() < 0.6);
      if (attendants.length === 0) attendants.push(pick(students));
      const a = { courseId: r() < 0.7 ? anchor.courseId : pick(courses), timestamp, attendants };
      model.attendances.set(id, a);
      events.push({
        streamId: `attendance-${id}`,
        type: 'AttendanceAdded',
        data: { attendanceId: id, organizationId, ...a },
      });
    } else if (kind < 0.72 && liveAttendances.length > 0) {
      const id = pick(liveAttendances);
      const a = model.attendances.get(id)!;
      const next = {
        ...a,
        timestamp: r() < 0.5 ? someDate() : a.timestamp,
        attendants: students.filter(() => r() < 0.5),
      };
      if (next.attendants.length === 0) next.attendants.push(pick(students));
      model.attendances.set(id, next);
      events.push({
        streamId: `attendance-${id}`,
        type: 'AttendanceEdited',
        data: { attendanceId: id, organizationId, ...next },
      });
    } else if (kind < 0.76 && liveAttendances.length > 0) {
      const id = pick(liveAttendances);
      const a = model.attendances.get(id)!;
      model.attendances.delete(id);
      events.push({
        streamId: `attendance-${id}`,
        type: 'AttendanceDeleted',
        data: { attendanceId: id, organizationId, courseId: a.courseId },
      });
    } else if (kind < 0.9 || payments.length === 0) {
      const id = randomUUID();
      const p = {
        id,
        studentId: pick(students),
        courseId: pick(courses),
        amount: r() < 0.15 ? -int(1, 30000) : int(1, 300000),
        date: someDate(),
        status: 'active' as const,
      };
      model.payments.set(id, p);
      events.push({
        streamId: `payment-${id}`,
        type: 'PaymentAdded',
        data: { paymentId: id, organizationId, ...p },
      });
    } else {
      const p = pick(payments);
      const data = {
        paymentId: p.id,
        organizationId,
        studentId: p.studentId,
        courseId: p.courseId,
        amount: p.amount,
      };
      if (p.status === 'active' && r() < 0.5) {
        const amount = int(1, 300000);
        model.payments.set(p.id, { ...p, amount });
        events.push({
          streamId: `payment-${p.id}`,
          type: 'PaymentEdited',
          data: { ...data, amount, oldAmount: p.amount },
        });
      } else if (p.status === 'active') {
        model.payments.set(p.id, { ...p, status: 'deleted' });
        events.push({ streamId: `payment-${p.id}`, type: 'PaymentSoftDeleted', data });
      } else if (r() < 0.5) {
        model.payments.set(p.id, { ...p, status: 'active' });
        events.push({ streamId: `payment-${p.id}`, type: 'PaymentResurrected', data });
      } else {
        model.payments.set(p.id, { ...p, status: 'purged' });
        events.push({ streamId: `payment-${p.id}`, type: 'PaymentPermanentlyDeleted', data });
      }
    }
  }
  return { students, model, events };
}

/** What the calculator says for one student of the model. */
function expected(model: Model, studentId: string, now: string) {
  const enrollments: BalanceEnrollment[] = [...model.enrollments.values()]
    .filter((e) => e.studentId === studentId)
    .map(({ studentId: _s, ...e }) => e);
  const attendances: BalanceAttendance[] = [...model.attendances.entries()]
    .filter(([, a]) => a.attendants.includes(studentId))
    .map(([id, a]) => ({ id, courseId: a.courseId, timestamp: a.timestamp }));
  const payments: BalancePayment[] = [...model.payments.values()]
    .filter((p) => p.studentId === studentId && p.status === 'active')
    .map((p) => ({ id: p.id, courseId: p.courseId, amount: p.amount, date: p.date }));
  return computeBalance({ enrollments, attendances, payments, now });
}

const key = (d: { studentId: string; courseId: string }) => `${d.studentId}|${d.courseId}`;
const sortDue = <T extends { studentId: string; courseId: string }>(xs: T[]) =>
  [...xs].sort((a, b) => key(a).localeCompare(key(b)));

describe('balances projection against the pure calculator', () => {
  it('gives the same due payments, owed amounts and balance sheets for generated histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const organizationId = randomUUID();
        const { students, model, events } = scenario(seed, organizationId);
        // Streams in order, in a few batched appends (the seed script's way).
        let last = 0n;
        for (let i = 0; i < events.length; i += 10) {
          const results = await store.appendMany(
            events
              .slice(i, i + 10)
              .map((e): { streamId: string; expectedVersion: 'any'; events: NewEvent[] } => ({
                streamId: e.streamId,
                expectedVersion: 'any',
                events: [
                  {
                    id: randomUUID(),
                    type: e.type,
                    data: e.data,
                    metadata: {
                      organizationId,
                      userId: null,
                      ipAddress: null,
                      userAgent: null,
                      correlationId: randomUUID(),
                      causationId: null,
                      occurredAt: new Date().toISOString(),
                    },
                  },
                ],
              })),
          );
          for (const res of results) if (res.lastPosition > last) last = res.lastPosition;
        }
        expect(await runner.waitFor(last, 20_000)).toBe(true);

        for (const now of [
          '2023-06-01T00:00:00.000Z',
          '2025-02-28T21:00:00.000Z',
          '2027-03-01T12:00:00.000Z',
          new Date().toISOString(),
        ]) {
          const want = students.flatMap((s) =>
            expected(model, s, now).duePayments.map((d) => ({ studentId: s, ...d })),
          );
          const got = await readDuePayments(t.db, organizationId, now);
          expect(sortDue(got)).toEqual(sortDue(want));
          for (const s of students) {
            const fromProjection = computeBalance({
              ...(await readBalanceInput(t.db, organizationId, s)),
              now,
            });
            const fromModel = expected(model, s, now);
            expect(fromProjection.owedPerCourse).toEqual(fromModel.owedPerCourse);
            expect(fromProjection.balanceSheet).toEqual(fromModel.balanceSheet);
            expect(fromProjection.totalOwed).toBe(fromModel.totalOwed);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
