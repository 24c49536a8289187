import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

/**
 * The balance rules of api.md 9.3 through the API, to the kuruş. Dates are local (Europe/Istanbul, UTC+3 since
 * 2016): "2025-03-01" is 2025-02-28T21:00:00.000Z.
 */
let t: TestServer;
let owner: SignedIn;
let student: { id: string; studentNumber: number };
const courses: Record<string, string> = {};
const ids: Record<string, string> = {};
const tckn = tcknSource(41);
const api = () => orgApi(t, owner);

async function ok(call: string, body: Record<string, unknown>) {
  const r = await api().post(call, body);
  expect(r.status, `${call} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

/** Months started (local midnight of the 1st, UTC+3) from June 2025 up to now: the open Flüt enrolment's periods. */
function monthsSinceJune2025(now: number): number {
  let n = 0;
  for (let k = 0; Date.UTC(2025, 5 + k, 1) - 3 * 3_600_000 <= now; k++) n++;
  return n;
}

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
  for (const name of ['Piyano', 'Keman', 'Davul', 'Flüt', 'Gitar'])
    courses[name] = await addCourse(t, owner, name);
  student = await ok('registerStudent', studentBody(tckn(), { regD: 1, regM: 1, regY: 2025 }));
  const s = student.id;

  // per_class 150 TL - 10 TL discount = 140 TL a lesson, 1-20 March 2025.
  ids.piano = (
    await ok('addEnrollment', {
      studentId: s,
      courseId: courses.Piyano,
      price: 150,
      discount: 10,
      startDate: '2025-03-01',
      endDate: '2025-03-20',
    })
  ).id;
  const lesson = (day: number, hour: number) => ({
    courseId: courses.Piyano,
    attendants: [s],
    day,
    month: 3,
    year: 2025,
    hour,
    minute: 0,
  });
  ids.l1 = (await ok('addAttendance', lesson(5, 18))).id;
  ids.l2 = (await ok('addAttendance', lesson(12, 18))).id;
  // At the enrolment's end: refused, the end is exclusive for attendance as for charges (docs/DECISIONS.md).
  const atEnd = await api().post('addAttendance', lesson(20, 0));
  expect(atEnd.status).toBe(400);
  expect((atEnd.body as { code: string }).code).toBe('attendance.noEnrollment');
  ids.pay1 = (
    await ok('addPayment', { studentId: s, courseId: courses.Piyano, amount: 200, date: '2025-03-10' })
  ).id;

  // periodic monthly 1000 TL from 15 January to 20 April 2025: 15 Jan, 15 Feb, 15 Mar, 15 Apr.
  await ok('addEnrollment', {
    studentId: s,
    courseId: courses.Keman,
    price: 1000,
    enrollmentType: 'periodic',
    periodUnit: 'month',
    periodLength: 1,
    startDate: '2025-01-15',
    endDate: '2025-04-20',
  });
  await ok('addPayment', { studentId: s, courseId: courses.Keman, amount: '3.000,00', date: '2025-02-01' });

  // periodic weekly (250 - 50) TL from Monday 3 March to 31 March (exclusive): 3, 10, 17, 24 March; paid in full.
  await ok('addEnrollment', {
    studentId: s,
    courseId: courses.Davul,
    price: 250,
    discount: 50,
    enrollmentType: 'periodic',
    periodUnit: 'week',
    startDate: '2025-03-03',
    endDate: '2025-03-31',
  });
  await ok('addPayment', { studentId: s, courseId: courses.Davul, amount: 800, date: '2025-03-03' });

  // periodic monthly 500 TL from 1 June 2025, open-ended: one charge per month started until now.
  await ok('addEnrollment', {
    studentId: s,
    courseId: courses.Flüt,
    price: 500,
    enrollmentType: 'periodic',
    startDate: '2025-06-01',
  });

  // per_class 100 TL from 1 May 2025, open-ended, no lessons yet: owes 0, due (the next 4 lessons).
  await ok('addEnrollment', { studentId: s, courseId: courses.Gitar, price: 100, startDate: '2025-05-01' });
});
afterAll(async () => t?.close());

const byCourse = <T extends { courseId: string }>(rows: T[]) =>
  Object.fromEntries(rows.map((r) => [r.courseId, r]));

describe('student balances through the API', () => {
  it('charges per_class lessons inside [start, end) and periodic periods until the end or now', async () => {
    const r = await api().post('getStudentBalances', { id: student.id });
    expect(r.status).toBe(200);
    const b = byCourse(r.body as Array<{ courseId: string }>);
    const flute = monthsSinceJune2025(Date.now()) * 50000;
    expect(b[courses.Piyano]).toEqual({
      courseId: courses.Piyano,
      courseName: 'Piyano',
      charged: 28000,
      paid: 20000,
      owed: 8000,
      balancePerCourse: -8000,
      due: true,
      nextLessonsDebt: null,
    });
    expect(b[courses.Keman]).toMatchObject({ charged: 400000, paid: 300000, owed: 100000, due: true });
    expect(b[courses.Davul]).toMatchObject({ charged: 80000, paid: 80000, owed: 0, due: false });
    expect(b[courses.Flüt]).toMatchObject({
      charged: flute,
      paid: 0,
      owed: flute,
      due: true,
      nextLessonsDebt: 200000,
    });
    expect(b[courses.Gitar]).toMatchObject({
      charged: 0,
      paid: 0,
      owed: 0,
      due: true,
      nextLessonsDebt: 40000,
    });
  });

  it('lists attended lessons with their price', async () => {
    const r = await api().post('getStudentAttended', { id: student.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        attendanceId: ids.l1,
        courseId: courses.Piyano,
        courseName: 'Piyano',
        timestamp: '2025-03-05T15:00:00.000Z',
        enrollmentId: ids.piano,
        price: 14000,
        charged: true,
      },
      {
        attendanceId: ids.l2,
        courseId: courses.Piyano,
        courseName: 'Piyano',
        timestamp: '2025-03-12T15:00:00.000Z',
        enrollmentId: ids.piano,
        price: 14000,
        charged: true,
      },
    ]);
  });

  it('answers the balance sheet in time order with the rolling balance', async () => {
    const r = await api().post('getStudentBalanceSheet', { id: student.id });
    expect(r.status).toBe(200);
    const sheet = r.body as Array<{
      type: string;
      courseID: string;
      amount: number;
      timestamp: string;
      rollingBalance: number;
    }>;
    const spring = sheet
      .filter((e) => e.timestamp < '2025-04-01')
      .map((e) => [e.timestamp, e.type, e.amount, e.rollingBalance]);
    expect(spring).toEqual([
      ['2025-01-14T21:00:00.000Z', 'periodic_charge', -100000, -100000],
      ['2025-01-31T21:00:00.000Z', 'payment', 300000, 200000],
      ['2025-02-14T21:00:00.000Z', 'periodic_charge', -100000, 100000],
      ['2025-03-02T21:00:00.000Z', 'periodic_charge', -20000, 80000],
      ['2025-03-02T21:00:00.000Z', 'payment', 80000, 160000],
      ['2025-03-05T15:00:00.000Z', 'attendance', -14000, 146000],
      ['2025-03-09T21:00:00.000Z', 'periodic_charge', -20000, 126000],
      ['2025-03-09T21:00:00.000Z', 'payment', 20000, 146000],
      ['2025-03-12T15:00:00.000Z', 'attendance', -14000, 132000],
      ['2025-03-14T21:00:00.000Z', 'periodic_charge', -100000, 32000],
      ['2025-03-16T21:00:00.000Z', 'periodic_charge', -20000, 12000],
      ['2025-03-23T21:00:00.000Z', 'periodic_charge', -20000, -8000],
    ]);
    expect(sheet.at(-1)!.rollingBalance).toBe(sheet.reduce((sum, e) => sum + e.amount, 0));
    expect(sheet.every((e) => Number.isInteger(e.amount) && typeof e.courseID === 'string')).toBe(true);
  });

  it('shows the same dues on the main page, and follows payments deleted, restored and prices edited', async () => {
    const due = async () => {
      const d = await api().get('getDashboard');
      expect(d.status).toBe(200);
      return byCourse(
        (d.body.duePayments as Array<{ studentId: string; courseId: string; owed: number }>).filter(
          (x) => x.studentId === student.id,
        ),
      );
    };
    const flute = monthsSinceJune2025(Date.now()) * 50000;
    let d = await due();
    expect(Object.keys(d).sort()).toEqual(
      [courses.Piyano, courses.Keman, courses.Flüt, courses.Gitar].sort(),
    );
    expect(d[courses.Piyano]).toMatchObject({
      owed: 8000,
      nextLessonsDebt: null,
      courseName: 'Piyano',
      studentNumber: student.studentNumber,
      name: 'Ayşe',
    });
    expect(d[courses.Flüt]).toMatchObject({ owed: flute, nextLessonsDebt: 200000 });
    expect(d[courses.Gitar]).toMatchObject({ owed: 0, nextLessonsDebt: 40000 });

    await ok('deletePayment', { id: ids.pay1 });
    d = await due();
    expect(d[courses.Piyano].owed).toBe(28000);
    await ok('resurrectPayment', { id: ids.pay1 });
    await ok('editEnrollment', { id: ids.piano, price: 200 }); // retroactive: (200 - 10) TL a lesson
    d = await due();
    expect(d[courses.Piyano].owed).toBe(2 * 19000 - 20000);
    await ok('deleteAttendance', { id: ids.l2 });
    // One lesson of 190 TL against 200 TL paid: prepaid, so no longer due.
    d = await due();
    expect(d[courses.Piyano]).toBeUndefined();
    const b = byCourse(
      (await api().post('getStudentBalances', { id: student.id })).body as Array<{ courseId: string }>,
    );
    expect(b[courses.Piyano]).toMatchObject({
      charged: 19000,
      paid: 20000,
      owed: -1000,
      balancePerCourse: 1000,
      due: false,
    });
  });
  it('serves a kept balance sheet (304 on its ETag) until a write of the organisation, then the new one', async () => {
    const sheet = () => api().post('getStudentBalanceSheet', { id: student.id });
    const first = await sheet();
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await sheet()).body).toEqual(first.body);
    expect((await sheet().set('If-None-Match', etag)).status).toBe(304);
    // Another student's sheet is another answer; an unknown one is refused every time, never kept.
    const unknown = { id: '00000000-0000-4000-8000-000000000001' };
    expect((await api().post('getStudentBalanceSheet', unknown)).status).toBe(404);
    expect((await api().post('getStudentBalanceSheet', unknown)).status).toBe(404);
    const paid = await ok('addPayment', {
      studentId: student.id,
      courseId: courses.Gitar,
      amount: 75,
      date: '2025-05-02',
    });
    const after = await sheet().set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const rows = after.body as Array<{ sourceId: string; amount: number }>;
    expect(rows).toHaveLength((first.body as unknown[]).length + 1);
    expect(rows.find((e) => e.sourceId === paid.id)).toMatchObject({ amount: 7500 });
  });
});
