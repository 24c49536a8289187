import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../../../apps/server/src/event-store/postgres-event-store';
import { createPgliteDb } from '../../../../apps/server/src/infra/db/pglite-db';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import type { Projection } from '../runtime/projection';
import type { Db } from '../runtime/sql';
import { applyStatistics } from './statistics.batch';
import { parkedGroups, rebuildProjection } from '../runtime/runner';
import { statisticsProjection } from './statistics.projection';

/**
 * The statistics projection's batch handler against its one-by-one handlers, as the runtime's equivalence test
 * does for the others: a history of lessons and payments between enrolment changes, lesson edits and
 * deletions, payment edits, corrections, deletions and resurrections, an enrolment recorded after lessons it
 * holds (re-priced and re-counted by store position, not by moment), events recorded at the same moment and at
 * their own, the same student and course ids in a second organisation, an unpriced lesson and one with no
 * attendant, and an id added twice (parked alike on both paths), rebuilt at every batch size.
 */
let t: TestDatabase;
let store: PostgresEventStore;
const org = randomUUID();
const other = randomUUID();
const poisoned = randomUUID();
const user = randomUUID();
const course = randomUUID();
const course2 = randomUUID();
const instructor = randomUUID();
const [s1, s2, s3] = [randomUUID(), randomUUID(), randomUUID()];
const [e1, e2, e3, eOther] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const [p1, p2, p3, p4, pOther, pDup] = Array.from({ length: 6 }, () => randomUUID());
const [a1, a2, a3, a4, a5, a6, aOther, aDup] = Array.from({ length: 8 }, () => randomUUID());

const day = (n: number, hour = 9) => new Date(Date.UTC(2024, 0, n, hour, 0, 0)).toISOString();

interface H {
  type: string;
  data: Record<string, unknown>;
  /** When the event was recorded (occurredAt). */
  at: string;
}

function enrollment(id: string, studentId: string, price: number, start: number, o = org, c = course): H {
  return {
    type: 'EnrollmentAdded',
    at: day(start, 8),
    data: {
      enrollmentId: id,
      studentId,
      organizationId: o,
      courseId: c,
      enrollmentType: 'per_class',
      startDate: day(start),
      endDate: null,
      price,
      discount: 500,
      isOfficial: false,
      periodUnit: null,
      periodLength: null,
      classesPerPeriod: null,
      createdBy: user,
      createdAt: day(start),
    },
  };
}

function edit(id: string, studentId: string, price: number, start: number, at: string): H {
  const terms = {
    startDate: day(start),
    endDate: null,
    price,
    discount: 1000,
    isOfficial: true,
    periodUnit: null,
    periodLength: null,
    classesPerPeriod: null,
  };
  return {
    type: 'EnrollmentEdited',
    at,
    data: {
      enrollmentId: id,
      studentId,
      organizationId: org,
      courseId: course,
      ...terms,
      previous: terms,
      editedBy: user,
      editedAt: at,
    },
  };
}

function end(id: string, studentId: string, endDay: number, at: string): H {
  return {
    type: 'EnrollmentEnded',
    at,
    data: {
      enrollmentId: id,
      studentId,
      organizationId: org,
      courseId: course,
      endDate: day(endDay),
      previousEndDate: null,
      endedBy: user,
      endedAt: at,
    },
  };
}

function lessonData(
  id: string,
  n: number,
  attendants: string[],
  instructorId: string | null,
  o: string,
  c: string,
) {
  return {
    attendanceId: id,
    organizationId: o,
    attendanceNumber: n,
    code: `Y-${n}`,
    courseId: c,
    instructorId,
    day: n,
    month: 1,
    year: 2024,
    hour: 12,
    minute: 0,
    timestamp: day(n, 12),
    attendants,
  };
}

function lesson(id: string, n: number, attendants: string[], at: string, o = org, c = course): H {
  return {
    type: 'AttendanceAdded',
    at,
    data: {
      ...lessonData(id, n, attendants, n % 2 ? instructor : null, o, c),
      createdBy: user,
      createdAt: at,
    },
  };
}

function payment(
  id: string,
  studentId: string,
  amount: number,
  n: number,
  at: string,
  o = org,
  correction = false,
): H {
  return {
    type: 'PaymentAdded',
    at,
    data: {
      paymentId: id,
      organizationId: o,
      studentId,
      courseId: course,
      amount,
      method: 'cash',
      isCorrection: correction,
      date: day(n, 10),
      timestamp: day(n, 10),
      createdBy: user,
      createdAt: at,
    },
  };
}

const who = (paymentId: string, studentId: string) => ({
  paymentId,
  organizationId: org,
  studentId,
  courseId: course,
});
const same = day(20, 15);

const history: H[] = [
  enrollment(e1, s1, 50000, 1),
  enrollment(e2, s2, 30000, 2),
  enrollment(eOther, s1, 70000, 1, other),
  lesson(a1, 3, [s1, s2], day(3, 13)),
  payment(p1, s1, 20000, 3, day(3, 14)),
  lesson(a2, 4, [s1, s2, s3], day(4, 13)),
  // The same student and course in another organisation, between this one's events.
  payment(pOther, s1, 15000, 4, day(4, 14), other),
  lesson(aOther, 4, [s1], day(4, 15), other),
  payment(p2, s2, 45000, 2, day(4, 16)),
  lesson(a3, 5, [], day(5, 13)),
  lesson(a4, 5, [s3], day(5, 14), org, course2),
  edit(e1, s1, 60000, 1, day(6)),
  lesson(a5, 6, [s1, s2], day(6, 13)),
  payment(p3, s1, 5000, 1, day(6, 14), org, true),
  // A negative correction on a lesson's day: two unpaid debits of one day in the account's arrays.
  payment(randomUUID(), s1, -7000, 6, day(6, 15), org, true),
  {
    type: 'PaymentEdited',
    at: day(7),
    data: {
      ...who(p1, s1),
      amount: 25000,
      method: 'card',
      isCorrection: false,
      editedBy: user,
      editedAt: day(7),
    },
  },
  {
    type: 'AttendanceEdited',
    at: day(7, 13),
    data: { ...lessonData(a2, 4, [s1, s2], null, org, course), editedBy: user, editedAt: day(7, 13) },
  },
  lesson(a6, 8, [s1, s2], day(8, 13)),
  payment(p4, s2, 10000, 8, day(8, 14)),
  {
    type: 'AttendanceDeleted',
    at: day(9),
    data: { attendanceId: a1, organizationId: org, courseId: course, deletedBy: user, deletedAt: day(9) },
  },
  {
    type: 'PaymentSoftDeleted',
    at: day(9, 10),
    data: { ...who(p2, s2), deletedBy: user, deletedAt: day(9, 10) },
  },
  end(e2, s2, 7, day(10)),
  enrollment(e3, s3, 40000, 3),
  // Recorded at one moment: the ledger and the debt lines of several events share their recorded_at.
  lesson(randomUUID(), 11, [s1, s3], same),
  payment(randomUUID(), s3, 8000, 11, same),
  payment(randomUUID(), s1, 9000, 11, same),
  payment(randomUUID(), s1, 1000, 11, same, other),
  payment(randomUUID(), s2, 2000, 11, same),
  lesson(randomUUID(), 12, [s1, s2, s3], same),
  {
    type: 'PaymentResurrected',
    at: day(21),
    data: { ...who(p2, s2), resurrectedBy: user, resurrectedAt: day(21) },
  },
  payment(randomUUID(), s2, 3000, 12, day(21, 10), org, true),
  lesson(randomUUID(), 13, [s2], day(21, 11)),
  {
    type: 'PaymentPermanentlyDeleted',
    at: day(22),
    data: { ...who(p3, s1), deletedBy: user, deletedAt: day(22) },
  },
  // The poison: ids added twice in a third organisation, and what follows there.
  payment(pDup, s1, 100, 3, day(23), poisoned),
  payment(pDup, s1, 200, 3, day(23, 10), poisoned),
  lesson(aDup, 3, [s1], day(23, 11), poisoned),
  lesson(aDup, 3, [s1], day(23, 12), poisoned),
  payment(randomUUID(), s1, 300, 3, day(23, 13), poisoned),
  lesson(randomUUID(), 14, [s1, s2], day(24)),
  payment(randomUUID(), s2, 7000, 14, day(24, 10)),
];

/**
 * The runner falls back to the one-by-one handlers when a batch handler throws, which would make the comparison
 * pass without it: every run it is given is recorded, with its error if any.
 */
const runs: Array<{ events: number; error: string | null }> = [];
const batch = applyStatistics;
const watched: typeof applyStatistics = async (ctx, events) => {
  try {
    await batch(ctx, events);
    runs.push({ events: events.length, error: null });
  } catch (err) {
    runs.push({ events: events.length, error: String(err) });
    throw err;
  }
};
const projection: Projection = {
  ...statisticsProjection,
  batchHandlers: Object.fromEntries(
    Object.keys(statisticsProjection.batchHandlers ?? {}).map((k) => [k, watched]),
  ),
};

async function dump(db: Db = t.db): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of statisticsProjection.tables) {
    const r = await db.query<{ rows: string }>(
      `SELECT coalesce(json_agg(to_jsonb(x) ORDER BY to_jsonb(x)::text), '[]')::text AS rows FROM ${table} x`,
    );
    out[table] = JSON.parse(r.rows[0].rows);
  }
  out.parked = (await parkedGroups(db))
    .filter((g) => g.projection === statisticsProjection.name)
    .map((g) => [g.organizationId, g.events, g.firstPosition.toString(), g.firstType]);
  return out;
}

/** The history appended to a store, one stream per event, recorded at its own moment. */
async function appendHistory(to: PostgresEventStore) {
  for (const e of history)
    await to.append(
      `stat-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type: e.type,
          data: e.data,
          metadata: {
            organizationId: e.data.organizationId as string,
            userId: user,
            ipAddress: null,
            userAgent: null,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: e.at,
          },
        },
      ],
      'no_stream',
    );
}

beforeAll(async () => {
  t = await createTestDatabase();
  store = await PostgresEventStore.create(t.db);
  await appendHistory(store);
}, 120_000);
afterAll(async () => t?.drop());

describe('statistics batch handler', () => {
  it('leaves the read models and the parked events exactly as the handlers applied one by one', async () => {
    // What generations up to version 7 left: stat_lessons and its view go with the first generation without it.
    await t.db.exec(`CREATE TABLE stat_lessons__g1 (attendance_id uuid);
                     CREATE VIEW stat_lessons AS SELECT * FROM stat_lessons__g1;`);
    await rebuildProjection(t.db, store, projection, undefined, { setBased: false });
    const left = await t.db.query(
      `SELECT relname FROM pg_class WHERE relname LIKE 'stat\\_lessons%' AND relnamespace = current_schema()::regnamespace`,
    );
    expect(left.rows).toEqual([]);
    const oneByOne = await dump();
    // The history holds what it is meant to: enrolment versions replaced (an edit, an end), accounts of the same
    // student and course in two organisations, several events recorded at one moment, the poison.
    const versions = oneByOne.stat_enrollments as Array<{ to_pos: string | null }>;
    expect(versions.filter((v) => v.to_pos !== null).length).toBe(2);
    const accounts = oneByOne.stat_debt_accounts as Array<{ student_id: string; organization_id: string }>;
    expect(accounts.filter((a) => a.student_id === s1).map((a) => a.organization_id)).toEqual(
      expect.arrayContaining([org, other]),
    );
    const ledger = oneByOne.stat_ledger as Array<{ recorded_at: string }>;
    expect(ledger.filter((l) => new Date(l.recorded_at).toISOString() === same).length).toBeGreaterThan(5);
    expect(oneByOne.parked).toEqual([[poisoned, 4, expect.any(String), 'PaymentAdded']]);
    expect((oneByOne.stat_ledger as unknown[]).length).toBeGreaterThan(20);

    for (const batchSize of [1, 2, 3, 5, 8, 20, 1000]) {
      runs.length = 0;
      await rebuildProjection(t.db, store, projection, undefined, { setBased: true, batchSize });
      expect({ batchSize, ...(await dump()) }).toEqual({ batchSize, ...oneByOne });
      // Only the runs holding the poison (an id added twice) fail, and then go event by event.
      expect(runs.filter((r) => r.error && !/duplicate key/.test(r.error))).toEqual([]);
      // Every type goes through the one handler: a run is the whole batch, until the poison makes the runner
      // apply its batch event by event (the whole history at 1000).
      if (batchSize > 1 && batchSize < 1000)
        expect(runs.filter((r) => !r.error && r.events === batchSize).length).toBeGreaterThan(0);
      if (batchSize === 1000)
        expect(runs).toEqual([{ events: history.length, error: expect.stringMatching(/duplicate key/) }]);
    }
  }, 300_000);

  it('leaves the same rows on the embedded PGlite as on PostgreSQL', async () => {
    const lite = await createPgliteDb();
    try {
      const liteStore = await PostgresEventStore.create(lite);
      await appendHistory(liteStore);
      for (const [db, events] of [
        [t.db, store],
        [lite, liteStore],
      ] as const)
        await rebuildProjection(db, events, statisticsProjection, undefined, { batchSize: 20 });
      expect(await dump(lite)).toEqual(await dump(t.db));
    } finally {
      await lite.close();
    }
  }, 300_000);
});
