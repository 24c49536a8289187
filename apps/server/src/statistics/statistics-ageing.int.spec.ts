import { localToIso, toLocal } from '@okul/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
const tckn = tcknSource(83);
const api = () => orgApi(t, owner);
const pause = () => new Promise((r) => setTimeout(r, 20));

beforeAll(async () => {
  t = await startTestServer();
  [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
});
afterAll(async () => t?.close());

/** The Istanbul calendar day `n` days before today. */
function daysAgo(n: number) {
  const today = toLocal(Date.now());
  const at = new Date(localToIso({ year: today.year, month: today.month, day: today.day, hour: 12 }));
  return toLocal(at.getTime() - n * 86_400_000);
}
const isoDay = (n: number) => {
  const d = daysAgo(n);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

async function ok(path: string, body: Record<string, unknown>) {
  const r = await api().post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string };
}

describe('getStatistics: debt ageing and attendance rate', () => {
  it('ages unpaid charges oldest-settled-first, rates attendance against enrolled students, as of a moment', async () => {
    const piano = await addCourse(t, owner, 'Piyano');
    const teacher = await ok('addInstructor', { name: 'Selin', surname: 'Ak', branches: [piano] });
    const [d, e, f] = [
      (await ok('registerStudent', studentBody(tckn(), { name: 'Deniz' }))).id,
      (await ok('registerStudent', studentBody(tckn(), { name: 'Ece' }))).id,
      (await ok('registerStudent', studentBody(tckn(), { name: 'Fırat' }))).id,
    ];
    for (const s of [d, e]) {
      await ok('addEnrollment', { studentId: s, courseId: piano, price: '100', startDate: isoDay(200) });
    }
    const body = (n: number, attendants: string[], instructorId: string | null = null) => {
      const { year, month, day } = daysAgo(n);
      return { courseId: piano, attendants, year, month, day, hour: 18, minute: 30, instructorId };
    };
    await ok('addAttendance', body(100, [d]));
    await ok('addAttendance', body(45, [d, e]));
    await ok('addAttendance', body(10, [d], teacher.id));
    // Deniz pays 150 TL: the lesson of 100 days ago and half of the one of 45 days ago are settled.
    await ok('addPayment', { studentId: d, courseId: piano, amount: '150', method: 'cash', date: isoDay(5) });

    const before = await api().get('getStatistics');
    expect(before.status).toBe(200);
    expect(before.body.debtAgeing).toEqual({
      buckets: [
        { bucket: '0-30', amount: 10_000, students: 1 },
        { bucket: '31-60', amount: 5_000 + 10_000, students: 2 },
        { bucket: '61-90', amount: 0, students: 0 },
        { bucket: '90+', amount: 0, students: 0 },
      ],
      total: 25_000,
      students: 2,
    });
    // Two enrolled at each lesson: 1 + 2 + 1 attendees of 2 + 2 + 2.
    expect(before.body.byCourse).toEqual([
      { id: piano, name: 'Piyano', lessons: 3, attendees: 4, enrolled: 6, attendanceRate: 66.7 },
    ]);
    expect(before.body.byInstructor).toEqual([
      { id: null, name: 'Diğer', lessons: 2, attendees: 3, enrolled: 4, attendanceRate: 75 },
      { id: teacher.id, name: 'Selin Ak', lessons: 1, attendees: 1, enrolled: 2, attendanceRate: 50 },
    ]);

    await pause();
    const cut = new Date().toISOString();
    await pause();
    // Later: Ece pays her lesson, and Fırat's enrolment from 50 days ago is recorded (he was enrolled at the
    // last two lessons but came to neither).
    await ok('addPayment', { studentId: e, courseId: piano, amount: '100', method: 'cash', date: isoDay(1) });
    await ok('addEnrollment', { studentId: f, courseId: piano, price: '100', startDate: isoDay(50) });

    const after = await api().get('getStatistics');
    expect(after.body.debtAgeing.buckets.map((b: { amount: number }) => b.amount)).toEqual([
      10_000, 5_000, 0, 0,
    ]);
    expect(after.body.debtAgeing).toMatchObject({ total: 15_000, students: 1 });
    expect(after.body.byCourse[0]).toMatchObject({ enrolled: 8, attendanceRate: 50 });
    expect(after.body.byInstructor).toEqual([
      { id: null, name: 'Diğer', lessons: 2, attendees: 3, enrolled: 5, attendanceRate: 60 },
      { id: teacher.id, name: 'Selin Ak', lessons: 1, attendees: 1, enrolled: 3, attendanceRate: 33.3 },
    ]);

    // As of the cut, the store as it stood then: the answer given before the later events.
    const asOf = await api().get('getStatistics', { asOf: cut });
    expect(asOf.status).toBe(200);
    expect(asOf.body.debtAgeing).toEqual(before.body.debtAgeing);
    expect(asOf.body.byCourse).toEqual(before.body.byCourse);
    expect(asOf.body.byInstructor).toEqual(before.body.byInstructor);
  });

  it('refuses another organisation and shows it none of these figures', async () => {
    expect((await orgApi(t, other, owner.organizationId).get('getStatistics')).status).toBe(403);
    const own = await orgApi(t, other).get('getStatistics');
    expect(own.status).toBe(200);
    expect(own.body.debtAgeing).toMatchObject({ total: 0, students: 0 });
    expect(own.body.byCourse).toEqual([]);
  });
});
