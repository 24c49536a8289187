import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { dayKey, monthKey } from './statistics.batch';
import { day, month } from './statistics.sql';

/**
 * The projection computes the Istanbul month of its ledger lines and the day of its debt lines in JavaScript
 * (the domain's calendar); the readers and the rows written before compare them with what PostgreSQL's
 * `AT TIME ZONE 'Europe/Istanbul'` gives. Both must agree on every instant, the summer-time changes Turkey
 * had until 2016 and the move to UTC+3 included.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

async function sqlKeys(instants: string[]) {
  const r = await t.db.query<{ at: string; month: string; day: string }>(
    `SELECT x.at, ${month('x.at::timestamptz')} AS month, ${day('x.at::timestamptz')}::text AS day
       FROM unnest($1::text[]) AS x(at)`,
    [instants],
  );
  return r.rows.map((row) => ({ at: row.at, month: row.month, day: row.day }));
}

describe('statistics: the Istanbul month and day computed in memory', () => {
  it('are what SQL computes, around midnight, month ends and summer-time changes', async () => {
    const instants: string[] = [];
    // Every hour of the last days of March and October 2000-2016 (the summer-time changes), and around
    // Istanbul's midnight of each month's first day since.
    for (let year = 2000; year <= 2030; year++)
      for (const m of [2, 9]) {
        const start = Date.UTC(year, m, 24);
        for (let h = 0; h < 8 * 24; h++) instants.push(new Date(start + h * 3_600_000).toISOString());
      }
    for (let year = 2000; year <= 2040; year++)
      for (let m = 0; m < 12; m++)
        for (const minutes of [-181, -180, -179, -121, -120, -119, -1, 0, 1])
          instants.push(new Date(Date.UTC(year, m, 1) + minutes * 60_000).toISOString());
    const want = await sqlKeys(instants);
    expect(instants.map((at) => ({ at, month: monthKey(at), day: dayKey(at) }))).toEqual(want);
  });

  it('are what SQL computes for any instant of the years a date may have', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.date({
            min: new Date('2000-01-01T00:00:00Z'),
            max: new Date('2999-12-31T23:59:59Z'),
            noInvalidDate: true,
          }),
          { minLength: 1, maxLength: 200 },
        ),
        async (dates) => {
          const instants = dates.map((d) => d.toISOString());
          const want = await sqlKeys(instants);
          expect(instants.map((at) => ({ at, month: monthKey(at), day: dayKey(at) }))).toEqual(want);
        },
      ),
      { numRuns: 20 },
    );
  });
});
