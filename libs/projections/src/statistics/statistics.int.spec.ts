import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargePerUnit,
  debtAgeing,
  enrollmentCoversAttendance,
  getStatisticsQuerySchema,
  localToIso,
  periodicChargeTimes,
  toIso,
  type BalanceEnrollment,
  type DebtLine,
  type NewEvent,
} from '@okul/domain';
import { PostgresEventStore } from '../../../../apps/server/src/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { ProjectionRunner } from '../runtime/runner';
import type { Sql } from '../runtime/sql';
import { statisticsProjection } from './statistics.projection';
import { ledgerSums, ledgerTotals, readStatistics } from './statistics.reader';
import { accountsFromLines, debtLines, holder } from './statistics.sql';

/**
 * The statistics read model keeps per account only what the debt ageing needs (account versions) and re-counts
 * the students enrolled at a lesson only where an enrolment moved. For generated histories and moments cut
 * between their events, its answers must be exactly what the lines recorded until then give (every stat_debt
 * line settled by the domain's debtAgeing) and what the enrolments then held give (enrolled per course).
 */
let t: TestDatabase;
let store: PostgresEventStore;
let runner: ProjectionRunner;

beforeAll(async () => {
  t = await createTestDatabase();
  // The names the reader joins (none here: the groups are named Bilinmiyor).
  await t.db.exec(`
    CREATE TABLE courses (id uuid PRIMARY KEY, organization_id uuid NOT NULL, name text NOT NULL);
    CREATE TABLE employees (id uuid PRIMARY KEY, organization_id uuid NOT NULL, name text NOT NULL,
                            surname text NOT NULL);`);
  store = await PostgresEventStore.create(t.db);
  runner = new ProjectionRunner(t.db, store, [statisticsProjection], { idleMs: 10, batchSize: 200 });
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

type Enrollment = BalanceEnrollment & { studentId: string };
interface Model {
  enrollments: Map<string, Enrollment>;
  attendances: Map<
    string,
    { courseId: string; instructorId: string | null; timestamp: string; attendants: string[] }
  >;
}

/**
 * A random valid history of one organisation: enrolments (both types in one course for a student too), edits,
 * ends, lessons, their edits and deletions, payments (negative corrections among them), their edits and
 * deletions; each event recorded one minute after the previous, and the enrolments and lessons after each.
 */
function scenario(seed: number, organizationId: string) {
  const r = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(r() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const students = Array.from({ length: int(1, 3) }, () => randomUUID());
  const courses = Array.from({ length: int(1, 2) }, () => randomUUID());
  const instructors = Array.from({ length: 2 }, () => randomUUID());
  const model: Model = { enrollments: new Map(), attendances: new Map() };
  const payments = new Map<
    string,
    { studentId: string; courseId: string; amount: number; active: boolean }
  >();
  const events: Array<{ streamId: string; type: string; data: Record<string, unknown>; at: string }> = [];
  const states: Model[] = [];
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  const someDate = () => {
    const day = { year: 2025, month: int(1, 12), day: int(1, 28) };
    return r() < 0.6 ? localToIso(day) : localToIso({ ...day, hour: int(0, 23), minute: pick([0, 30]) });
  };
  const terms = () => {
    const price = pick([100, 15050, 20000, int(1, 500000)]);
    const start = someDate();
    const end = r() < 0.5 ? null : new Date(Date.parse(start) + int(0, 200) * 86_400_000).toISOString();
    return { startDate: start, endDate: end, price, discount: r() < 0.3 ? int(0, price + 50) : 0 };
  };
  const push = (streamId: string, type: string, data: Record<string, unknown>) => {
    events.push({
      streamId,
      type,
      data: { organizationId, ...data },
      at: new Date((clock += 60_000)).toISOString(),
    });
    states.push({ enrollments: new Map(model.enrollments), attendances: new Map(model.attendances) });
  };
  const steps = int(5, 35);
  for (let i = 0; i < steps; i++) {
    const kind = r();
    const enrollments = [...model.enrollments.values()];
    const lessons = [...model.attendances.keys()];
    const live = [...payments.entries()];
    if (kind < 0.22 || enrollments.length === 0) {
      const id = randomUUID();
      const periodic = r() < 0.4;
      const e: Enrollment = {
        id,
        studentId: pick(students),
        courseId: pick(courses),
        ...terms(),
        enrollmentType: periodic ? 'periodic' : 'per_class',
        periodUnit: periodic ? pick(['day', 'week', 'month'] as const) : null,
        periodLength: periodic ? int(1, 3) : null,
      };
      model.enrollments.set(id, e);
      push(`student-${e.studentId}`, 'EnrollmentAdded', {
        enrollmentId: id,
        isOfficial: false,
        classesPerPeriod: null,
        createdBy: null,
        createdAt: new Date(clock).toISOString(),
        ...e,
      });
    } else if (kind < 0.32) {
      const e = pick(enrollments);
      const t1 = terms();
      const next = {
        ...e,
        price: r() < 0.5 ? t1.price : e.price,
        discount: r() < 0.5 ? t1.discount : e.discount,
        startDate: r() < 0.5 ? t1.startDate : e.startDate,
        endDate: r() < 0.5 ? t1.endDate : e.endDate,
      };
      model.enrollments.set(e.id, next);
      push(`student-${e.studentId}`, 'EnrollmentEdited', {
        enrollmentId: e.id,
        ...next,
        previous: {},
        editedBy: null,
        editedAt: new Date(clock).toISOString(),
      });
    } else if (kind < 0.4) {
      const e = pick(enrollments);
      const endDate = someDate();
      model.enrollments.set(e.id, { ...e, endDate });
      push(`student-${e.studentId}`, 'EnrollmentEnded', {
        enrollmentId: e.id,
        studentId: e.studentId,
        courseId: e.courseId,
        endDate,
        previousEndDate: e.endDate,
      });
    } else if (kind < 0.62) {
      const id = randomUUID();
      const anchor = pick(enrollments);
      const timestamp =
        r() < 0.4 ? (r() < 0.5 ? anchor.startDate : (anchor.endDate ?? anchor.startDate)) : someDate();
      const attendants = students.filter(() => r() < 0.6);
      if (attendants.length === 0) attendants.push(pick(students));
      const a = {
        courseId: r() < 0.8 ? anchor.courseId : pick(courses),
        instructorId: r() < 0.5 ? null : pick(instructors),
        timestamp,
        attendants,
      };
      model.attendances.set(id, a);
      push(`attendance-${id}`, 'AttendanceAdded', { attendanceId: id, ...a });
    } else if (kind < 0.68 && lessons.length > 0) {
      const id = pick(lessons);
      const a = model.attendances.get(id)!;
      const next = {
        ...a,
        instructorId: null,
        timestamp: r() < 0.5 ? someDate() : a.timestamp,
        attendants: [pick(students)],
      };
      model.attendances.set(id, next);
      push(`attendance-${id}`, 'AttendanceEdited', { attendanceId: id, ...next });
    } else if (kind < 0.72 && lessons.length > 0) {
      const id = pick(lessons);
      const a = model.attendances.get(id)!;
      model.attendances.delete(id);
      push(`attendance-${id}`, 'AttendanceDeleted', { attendanceId: id, courseId: a.courseId });
    } else if (kind < 0.9 || live.length === 0) {
      const id = randomUUID();
      const p = { studentId: pick(students), courseId: pick(courses), amount: int(1, 300000), active: true };
      const isCorrection = r() < 0.15;
      if (isCorrection && r() < 0.7) p.amount = -int(1, 30000);
      payments.set(id, p);
      push(`payment-${id}`, 'PaymentAdded', { paymentId: id, ...p, date: someDate(), isCorrection });
    } else {
      const [id, p] = pick(live);
      const data = { paymentId: id, studentId: p.studentId, courseId: p.courseId, amount: p.amount };
      if (p.active && r() < 0.5) {
        const amount = int(1, 300000);
        payments.set(id, { ...p, amount });
        push(`payment-${id}`, 'PaymentEdited', { ...data, amount, oldAmount: p.amount, isCorrection: false });
      } else if (p.active) {
        payments.set(id, { ...p, active: false });
        push(`payment-${id}`, 'PaymentSoftDeleted', data);
      } else if (r() < 0.5) {
        payments.set(id, { ...p, active: true });
        push(`payment-${id}`, 'PaymentResurrected', data);
      } else {
        payments.delete(id);
        push(`payment-${id}`, 'PaymentPermanentlyDeleted', data);
      }
    }
  }
  return { events, states };
}

/** The ageing from every stat_debt line recorded until `asOf`, per day, with the periodic charges then known. */
async function ageingFromLines(sql: Sql, organizationId: string, asOf: string) {
  const lines = await sql.query<{
    student_id: string;
    course_id: string;
    kind: 'charge' | 'payment';
    day: string;
    total: string;
  }>(
    `SELECT student_id, course_id, kind, day::text AS day, sum(delta)::text AS total
       FROM ${debtLines('d.organization_id = $1 AND d.recorded_at <= $2::timestamptz')} l
      GROUP BY student_id, course_id, kind, day HAVING sum(delta) <> 0`,
    [organizationId, asOf],
  );
  const versions = await sql.query<{
    student_id: string;
    course_id: string;
    enrollment_type: 'per_class' | 'periodic';
    start_date: Date;
    end_date: Date | null;
    price: string;
    discount: string;
    period_unit: BalanceEnrollment['periodUnit'];
    period_length: number | null;
  }>(
    `SELECT * FROM stat_enrollments WHERE organization_id = $1 AND recorded_from <= $2::timestamptz
        AND (recorded_to IS NULL OR recorded_to > $2::timestamptz)`,
    [organizationId, asOf],
  );
  const all: DebtLine[] = lines.rows.map((row) => {
    const [year, month, day] = row.day.split('-').map(Number);
    return {
      studentId: row.student_id,
      courseId: row.course_id,
      kind: row.kind,
      at: localToIso({ year, month, day }),
      amount: Number(row.total),
    };
  });
  for (const v of versions.rows) {
    if (v.enrollment_type !== 'periodic') continue;
    const e = {
      startDate: new Date(v.start_date).toISOString(),
      endDate: v.end_date === null ? null : new Date(v.end_date).toISOString(),
      price: Number(v.price),
      discount: Number(v.discount),
      periodUnit: v.period_unit,
      periodLength: v.period_length,
    };
    const amount = chargePerUnit(e);
    if (amount === 0) continue;
    for (const at of periodicChargeTimes(e, asOf)) {
      all.push({ studentId: v.student_id, courseId: v.course_id, kind: 'charge', at: toIso(at), amount });
    }
  }
  return debtAgeing(all, asOf);
}

/**
 * The organisation's accounts as stat_debt_accounts keeps them, or as `accountsFromLines` computes them from
 * every line with the lines' sums per kind and day; in account order.
 */
async function accountRows(sql: Sql, organizationId: string, from: 'kept' | 'lines') {
  const sums = (kind: string, what: 'day' | 'total') =>
    `(SELECT coalesce(array_agg(${what === 'day' ? 's.day::text' : 's.total::text'} ORDER BY s.day), '{}')
        FROM (SELECT l.day, sum(l.delta) AS total
                FROM ${debtLines(`d.organization_id = x.organization_id AND d.course_id = x.course_id AND d.kind = '${kind}'`)} l
               WHERE l.student_id = x.student_id
               GROUP BY l.day HAVING sum(l.delta) <> 0) s)`;
  const r = await sql.query(
    from === 'kept'
      ? `SELECT student_id, course_id, credit::text AS credit, has_debits, days::text[] AS days,
                unpaid::text[] AS unpaid, ARRAY(SELECT e.v FROM json_array_elements_text(sums->'charge_days') WITH ORDINALITY AS e(v, i) ORDER BY e.i) AS charge_days,
                ARRAY(SELECT e.v FROM json_array_elements_text(sums->'charges') WITH ORDINALITY AS e(v, i) ORDER BY e.i) AS charges,
                ARRAY(SELECT e.v FROM json_array_elements_text(sums->'payment_days') WITH ORDINALITY AS e(v, i) ORDER BY e.i) AS payment_days,
                ARRAY(SELECT e.v FROM json_array_elements_text(sums->'payments') WITH ORDINALITY AS e(v, i) ORDER BY e.i) AS payments
           FROM stat_debt_accounts WHERE organization_id = $1 ORDER BY student_id, course_id`
      : `SELECT x.student_id, x.course_id, x.credit::text AS credit, x.has_debits, x.days::text[] AS days,
                x.unpaid::text[] AS unpaid, ${sums('charge', 'day')} AS charge_days,
                ${sums('charge', 'total')} AS charges, ${sums('payment', 'day')} AS payment_days,
                ${sums('payment', 'total')} AS payments
           FROM (${accountsFromLines(
             `${debtLines('d.organization_id = $1')} d`,
             `(SELECT DISTINCT organization_id, student_id, course_id FROM ${debtLines('d.organization_id = $1')} l)`,
           )}) x
          ORDER BY x.student_id, x.course_id`,
    [organizationId],
  );
  return r.rows;
}

interface Counted {
  lessons: number;
  attendees: number;
  enrolled: number;
}

const istanbulMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
});

/**
 * The lessons of a state in the months asked, their attendees and the students enrolled at each, summed per
 * course and per instructor ('' for Diğer): byCourse and byInstructor.
 */
function countedBy(state: Model, from: string, to: string) {
  const out = { course: new Map<string, Counted>(), instructor: new Map<string, Counted>() };
  for (const a of state.attendances.values()) {
    const month = istanbulMonth.format(new Date(a.timestamp)).slice(0, 7);
    if (month < from || month > to) continue;
    const students = new Set(
      [...state.enrollments.values()]
        .filter((e) => e.courseId === a.courseId && enrollmentCoversAttendance(e, a.timestamp))
        .map((e) => e.studentId),
    );
    for (const [m, id] of [
      [out.course, a.courseId],
      [out.instructor, a.instructorId ?? ''],
    ] as const) {
      const c = m.get(id) ?? { lessons: 0, attendees: 0, enrolled: 0 };
      c.lessons += 1;
      c.attendees += a.attendants.length;
      c.enrolled += students.size;
      m.set(id, c);
    }
  }
  return out;
}

/** An answer's groups as counts by id ('' for Diğer). */
const countsOf = (groups: ReadonlyArray<{ id: string | null } & Counted>) =>
  new Map(
    groups.map((g) => [g.id ?? '', { lessons: g.lessons, attendees: g.attendees, enrolled: g.enrolled }]),
  );

/** The figures as of now kept in stat_totals, and the same summed from every ledger line (non-zero, sorted). */
async function totalsKeptAndSummed(sql: Sql, organizationId: string) {
  const kept = await sql.query<{ metric: string; month: string; dim: string; total: string }>(
    `SELECT metric, month, dim, total::text AS total FROM stat_totals WHERE organization_id = $1 AND total <> 0`,
    [organizationId],
  );
  const summed = ledgerTotals(
    await ledgerSums(sql, organizationId, '0000-01', '9999-12', '9999-12-31T00:00:00.000Z'),
  ).filter((x) => x.total !== '0');
  const key = (x: { metric: string; month: string; dim: string }) => `${x.metric} ${x.month} ${x.dim}`;
  const sorted = (xs: Array<{ metric: string; month: string; dim: string; total: string }>) =>
    xs.map((x) => ({ ...x })).sort((a, b) => key(a).localeCompare(key(b)));
  return { kept: sorted(kept.rows), summed: sorted(summed) };
}

interface HistoryEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  at: string;
}

/** Appends a history (each event recorded at its `at`) and waits until the projection has applied it. */
async function appendAndApply(organizationId: string, events: readonly HistoryEvent[]) {
  let last = 0n;
  for (const e of events) {
    const event: NewEvent = {
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
        occurredAt: e.at,
      },
    };
    const [res] = await store.appendMany([{ streamId: e.streamId, expectedVersion: 'any', events: [event] }]);
    last = res.lastPosition;
  }
  expect(await runner.waitFor(last, 20_000)).toBe(true);
}

/** Each lesson's kept charge per student, beside the price its holder among the current enrolment versions gives. */
async function lessonPrices(organizationId: string) {
  const r = await t.db.query<{ attendance_id: string; charge: string; holder: string }>(
    `SELECT l.attendance_id, l.charge::text AS charge,
            coalesce((${holder((n) => n, 'l.organization_id', 'l.student_id', 'l.course_id', 'l.at', '9223372036854775807')}), 0)::text AS holder
       FROM (SELECT a.organization_id, a.attendance_id, s.student_id, a.course_id, a.at, s.charge
               FROM stat_attendances a CROSS JOIN LATERAL unnest(a.students, a.charges) AS s(student_id, charge)) l
      WHERE l.organization_id = $1`,
    [organizationId],
  );
  return r.rows;
}

describe('statistics projection: ageing from account versions, enrolled counts re-counted where moved', () => {
  it('answers as of any moment what the lines and enrolments recorded until then give', async () => {
    let pricedLessons = 0;
    let countedLessons = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const organizationId = randomUUID();
        const { events, states } = scenario(seed, organizationId);
        await appendAndApply(organizationId, events);
        // The accounts the batches folded in memory are what the reader's SQL computes from all the lines.
        expect(await accountRows(t.db, organizationId, 'kept')).toEqual(
          await accountRows(t.db, organizationId, 'lines'),
        );
        // Every lesson row keeps the price its holder among the current enrolment versions gives.
        const priced = await lessonPrices(organizationId);
        expect(priced.filter((r) => r.charge !== r.holder)).toEqual([]);
        pricedLessons += priced.filter((r) => r.charge !== '0').length;
        // The figures as of now (stat_totals) are the sums of the ledger's lines (the answers as of a moment).
        const { kept, summed } = await totalsKeptAndSummed(t.db, organizationId);
        expect(kept).toEqual(summed);
        countedLessons += kept.filter((x) => x.metric === 'lessons').length;

        const cuts = [0, Math.floor(events.length / 2), events.length - 1];
        for (const i of cuts) {
          // At the moment the event was recorded, and half a minute later (between two events).
          for (const asOf of [events[i].at, new Date(Date.parse(events[i].at) + 30_000).toISOString()]) {
            const query = getStatisticsQuerySchema.parse({ from: '2025-01', asOf });
            const answer = await readStatistics(t.db, organizationId, query);
            expect(answer.debtAgeing, asOf).toEqual(await ageingFromLines(t.db, organizationId, asOf));
            const want = countedBy(states[i], query.from, query.to);
            expect(countsOf(answer.byCourse), asOf).toEqual(want.course);
            expect(countsOf(answer.byInstructor), asOf).toEqual(want.instructor);
          }
        }
      }),
      { numRuns: 20 },
    );
    expect(pricedLessons).toBeGreaterThan(0);
    expect(countedLessons).toBeGreaterThan(0);
    // Twenty histories through the runner: minutes on a loaded machine.
  }, 300_000);

  it('prices a lesson again when an enrolment that holds it moves its start past another holder', async () => {
    // Two per-class enrolments hold a lesson on 23 November; the later start holds it (B, 07-23, 11,885 kuruş).
    // A's start then moves from 07-08 to 11-16, after B's: A holds it now (100 kuruş), though the lesson's time
    // is inside both of A's versions and no end moved.
    const organizationId = randomUUID();
    const studentId = randomUUID();
    const courseId = randomUUID();
    const [a, b, lesson] = [randomUUID(), randomUUID(), randomUUID()];
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const day = (month: number, d: number) => localToIso({ year: 2025, month, day: d });
    const perClass = {
      studentId,
      courseId,
      enrollmentType: 'per_class',
      periodUnit: null,
      periodLength: null,
    };
    const enrolment = (
      id: string,
      startDate: string,
      endDate: string | null,
      price: number,
      discount: number,
    ) => ({
      enrollmentId: id,
      id,
      ...perClass,
      startDate,
      endDate,
      price,
      discount,
      isOfficial: false,
      classesPerPeriod: null,
    });
    const data = { organizationId };
    await appendAndApply(organizationId, [
      {
        streamId: `student-${studentId}`,
        type: 'EnrollmentAdded',
        data: { ...data, ...enrolment(a, day(7, 8), day(12, 4), 100, 0), createdBy: null, createdAt: at(0) },
        at: at(1),
      },
      {
        streamId: `student-${studentId}`,
        type: 'EnrollmentAdded',
        data: { ...data, ...enrolment(b, day(7, 23), null, 20000, 8115), createdBy: null, createdAt: at(1) },
        at: at(2),
      },
      {
        streamId: `attendance-${lesson}`,
        type: 'AttendanceAdded',
        data: {
          ...data,
          attendanceId: lesson,
          courseId,
          instructorId: null,
          timestamp: day(11, 23),
          attendants: [studentId],
        },
        at: at(3),
      },
    ]);
    expect(await lessonPrices(organizationId)).toEqual([
      { attendance_id: lesson, charge: '11885', holder: '11885' },
    ]);
    await appendAndApply(organizationId, [
      {
        streamId: `student-${studentId}`,
        type: 'EnrollmentEdited',
        data: {
          ...data,
          ...enrolment(a, day(11, 16), day(12, 4), 100, 0),
          previous: {},
          editedBy: null,
          editedAt: at(4),
        },
        at: at(5),
      },
    ]);
    expect(await lessonPrices(organizationId)).toEqual([
      { attendance_id: lesson, charge: '100', holder: '100' },
    ]);
    // The debt lines moved with it: the kept accounts are what all the lines give.
    expect(await accountRows(t.db, organizationId, 'kept')).toEqual(
      await accountRows(t.db, organizationId, 'lines'),
    );
    const { kept, summed } = await totalsKeptAndSummed(t.db, organizationId);
    expect(kept).toEqual(summed);
    expect(kept.filter((x) => x.metric === 'lesson_charges')).toEqual([
      { metric: 'lesson_charges', month: '2025-11', dim: '', total: '100' },
    ]);
  });
});
