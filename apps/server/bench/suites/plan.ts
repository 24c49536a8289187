import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addPeriods, type DomainEvent } from '@okul/domain';
import {
  allProjections,
  handlerFor,
  readOccurrences,
  readSchedules,
  type Db,
  type Projection,
} from '@okul/projections';
import type { BenchContext } from '../support/context';
import { percentile, round } from '../support/stats';

/**
 * getSchedules at the size of a large institution: 3,000 students, 100 groups of 30, 200 weekly schedules of a
 * year (52 lessons each, 15 students and one group), and an attendance for every past lesson. The read models
 * are written by the projections' own handlers from generated events; the readers the controller calls are
 * measured directly (no HTTP), one at a time.
 */
const STUDENTS = 3000;
const GROUPS = 100;
const SCHEDULES = 200;
const WEEKS = 52;
const RUNS = Number(process.env.BENCH_PLAN_RUNS ?? 100);

function projection(name: string): Projection {
  const p = allProjections.find((x) => x.name === name);
  if (!p) throw new Error(`no projection ${name}`);
  return p;
}

async function apply(db: Db, p: Projection, events: DomainEvent[], organizationId: string) {
  await db.transaction(async (sql) => {
    for (const e of events) {
      const h = handlerFor(p, e.type);
      if (!h) continue;
      await h({ sql, table: (n) => n }, {
        ...e,
        metadata: { occurredAt: new Date().toISOString(), userId: null, organizationId },
      } as never);
    }
  });
}

async function measure(fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return {
    runs: RUNS,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(Math.max(...samples)),
  };
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const { db } = await ctx.createDatabase(4);
  const plan = projection('plan');
  const attendances = projection('attendances');
  await db.exec(plan.schema((n) => n));
  await db.exec(attendances.schema((n) => n));
  const org = randomUUID();
  const course = randomUUID();
  const students = Array.from({ length: STUDENTS }, () => randomUUID());
  const groups = Array.from({ length: GROUPS }, () => randomUUID());
  const pick = (i: number, n: number) =>
    Array.from({ length: n }, (_, k) => students[(i * 37 + k * 101) % STUDENTS]);
  const now = Date.now();
  const yearAgo = now - 26 * 7 * 86_400_000;
  const events: DomainEvent[] = [];
  groups.forEach((classId, i) => {
    events.push({
      type: 'ClassCreated',
      data: {
        classId,
        organizationId: org,
        courseId: course,
        title: `Grup ${i}`,
        ageGroup: null,
        level: null,
        description: null,
        classCode: null,
        notes: null,
        createdBy: null,
        createdAt: new Date().toISOString(),
      },
    });
    events.push({
      type: 'ClassMembersEdited',
      data: {
        classId,
        organizationId: org,
        courseId: course,
        title: `Grup ${i}`,
        studentIds: pick(i, 30),
        added: [],
        removed: [],
        editedBy: null,
        editedAt: new Date().toISOString(),
      },
    });
  });
  const lessons: Array<{ start: number }> = [];
  for (let i = 0; i < SCHEDULES; i++) {
    const start = yearAgo + (i % 6) * 86_400_000 + (9 + (i % 10)) * 3_600_000;
    events.push({
      type: 'ScheduleAdded',
      data: {
        scheduleId: randomUUID(),
        organizationId: org,
        courseId: course,
        title: `Program ${i}`,
        scheduleType: 'periodic',
        scheduleTimes: [
          { startTime: new Date(start).toISOString(), endTime: new Date(start + 3_600_000).toISOString() },
        ],
        periodLength: 1,
        periodUnit: 'week',
        repeatCount: WEEKS,
        attendanceMandatory: i % 2 === 0,
        notes: null,
        students: pick(i + 500, 15),
        classes: [groups[i % GROUPS]],
        createdBy: null,
        createdAt: new Date().toISOString(),
      },
    });
    for (let w = 0; w < WEEKS; w++) {
      const at = addPeriods(start, 'week', w);
      if (at < now) lessons.push({ start: at });
    }
  }
  ctx.log(`plan: seeding ${events.length} plan events and ${lessons.length} attendances`);
  await apply(db, plan, events, org);
  const attendanceEvents: DomainEvent[] = lessons.map((l, n) => {
    const d = new Date(l.start);
    return {
      type: 'AttendanceAdded',
      data: {
        attendanceId: randomUUID(),
        organizationId: org,
        attendanceNumber: n + 1,
        code: `YK-0000-${n + 1}`,
        courseId: course,
        instructorId: null,
        day: d.getUTCDate(),
        month: d.getUTCMonth() + 1,
        year: d.getUTCFullYear(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        timestamp: d.toISOString(),
        attendants: pick(n, 15),
        createdBy: null,
        createdAt: d.toISOString(),
      },
    };
  });
  await apply(db, attendances, attendanceEvents, org);
  await db.exec('ANALYZE');
  const week = { from: new Date(now).toISOString(), to: new Date(now + 7 * 86_400_000).toISOString() };
  const month = { from: new Date(now - 31 * 86_400_000).toISOString(), to: new Date(now).toISOString() };
  ctx.log('plan: measuring');
  return {
    size: {
      students: STUDENTS,
      groups: GROUPS,
      schedules: SCHEDULES,
      lessons: SCHEDULES * WEEKS,
      attendances: lessons.length,
    },
    unitMs: 'milliseconds per read',
    getSchedulesAll: await measure(() => readSchedules(db, org)),
    getSchedulesOfStudent: await measure(() => readSchedules(db, org, { studentId: students[42] })),
    occurrencesWeek: await measure(() => readOccurrences(db, org, week)),
    occurrencesMonthWithAttendance: await measure(() => readOccurrences(db, org, month)),
    occurrencesYear: await measure(() =>
      readOccurrences(db, org, {
        from: new Date(yearAgo).toISOString(),
        to: new Date(now + 26 * 7 * 86_400_000).toISOString(),
      }),
    ),
  };
}
