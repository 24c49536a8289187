import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromLocal, toLocal } from '@okul/domain';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

/**
 * getAgeGroups is kept between the organisation's events: the clock alone must still move it at the next
 * Istanbul midnight (ages) and at an enrolment's end (who is active). The process's Date is moved here
 * (the test server runs in this process); timers stay real.
 */
let t: TestServer;
let owner: SignedIn;
const tckn = tcknSource(61);
const api = () => orgApi(t, owner);
const MINUTE = 60_000;

beforeAll(async () => {
  // The owner's access token outlives the minutes the clock is moved by.
  t = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: '7200' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => t?.close());

type Groups = { activeStudents: number; asOf: string; groups: Array<{ label: string; count: number }> };
const count = (r: Groups, label: string) => r.groups.find((g) => g.label === label)?.count;

describe('getAgeGroups kept between events', () => {
  it('moves at an enrolment end and at the Istanbul midnight without a write, and at once after one', async () => {
    // A midnight a day or two ahead (never 29 February, whose birthdays a common year moves).
    const local = toLocal(Date.now() + 2 * 86_400_000);
    let midnight = fromLocal({ year: local.year, month: local.month, day: local.day });
    if (local.month === 2 && local.day === 29) midnight += 86_400_000;
    const day = toLocal(midnight);
    const start = midnight - 20 * MINUTE;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    owner = await signUpOwner(t.http);
    const course = await addCourse(t, owner, 'Gitar');
    const enrol = async (studentId: string, endDate?: string) =>
      expect(
        (
          await api().post('addEnrollment', {
            studentId,
            courseId: course,
            price: 100,
            startDate: '2025-01-10',
            ...(endDate ? { endDate } : {}),
          })
        ).status,
      ).toBe(200);
    // Eleven years old from the midnight on: ten before it.
    const birthday = await api().post(
      'registerStudent',
      studentBody(tckn(), { dobD: day.day, dobM: day.month, dobY: day.year - 11 }),
    );
    await enrol(birthday.body.id);
    const leaving = await api().post(
      'registerStudent',
      studentBody(tckn(), { dobD: 1, dobM: 1, dobY: 1990 }),
    );
    await enrol(leaving.body.id, new Date(start + 10 * MINUTE).toISOString());
    const read = async () => {
      const r = await api().get('getAgeGroups');
      expect(r.status).toBe(200);
      return r.body as Groups;
    };

    const first = await read();
    expect(first.activeStudents).toBe(2);
    expect(count(first, '7-10')).toBe(1);
    expect(Date.parse(first.asOf)).toBeLessThan(start + 10 * MINUTE);

    vi.setSystemTime(start + 11 * MINUTE);
    const ended = await read();
    expect(ended.activeStudents).toBe(1);
    expect(count(ended, '7-10')).toBe(1);
    expect(Date.parse(ended.asOf)).toBeGreaterThanOrEqual(start + 11 * MINUTE);

    vi.setSystemTime(midnight + 1000);
    const older = await read();
    expect(older.activeStudents).toBe(1);
    expect(count(older, '7-10')).toBe(0);
    expect(count(older, '11-14')).toBe(1);

    const young = await api().post(
      'registerStudent',
      studentBody(tckn(), { dobD: 1, dobM: 1, dobY: day.year - 5 }),
    );
    await enrol(young.body.id);
    const written = await read();
    expect(written.activeStudents).toBe(2);
    expect(count(written, '4-6')).toBe(1);
  });
});
