import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
const tckn = tcknSource(71);
const api = () => orgApi(t, owner);
const range = { from: '2025-01', to: '2025-03' };
const pause = () => new Promise((r) => setTimeout(r, 20));

let piano: string;
let enrolA: string;
let paymentB: string;
let studentC: string;

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
});
afterAll(async () => t?.close());

async function student(name: string) {
  const r = await api().post('registerStudent', studentBody(tckn(), { name, regD: 1, regM: 1, regY: 2025 }));
  expect(r.status).toBe(200);
  return r.body.id as string;
}

async function ok(path: string, body: Record<string, unknown>) {
  const r = await api().post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string };
}

const lesson = (attendants: string[], month: number, instructorId: string | null = null) => ({
  courseId: piano,
  attendants,
  day: 10,
  month,
  year: 2025,
  hour: 18,
  minute: 30,
  instructorId,
});

describe('getStatistics', () => {
  it('answers a known history to the kuruş, and as of a moment what the store held then', async () => {
    piano = await addCourse(t, owner, 'Piyano');
    const violin = await addCourse(t, owner, 'Keman');
    const teacher = await ok('addInstructor', { name: 'Zeki', surname: 'Kaya', branches: [piano] });
    const [a, b, c] = [await student('Ayşe'), await student('Barış'), await student('Cem')];
    studentC = c;
    // A: per_class 200 TL − 20 TL from 1 January to 1 March (end exclusive).
    enrolA = (
      await ok('addEnrollment', {
        studentId: a,
        courseId: piano,
        price: '200',
        discount: '20',
        startDate: '2025-01-01',
        endDate: '2025-03-01',
      })
    ).id;
    // B: 1.000 TL a month from 15 January to 15 March: charged 15 January and 15 February.
    await ok('addEnrollment', {
      studentId: b,
      courseId: violin,
      price: '1.000,00',
      enrollmentType: 'periodic',
      periodUnit: 'month',
      periodLength: 1,
      startDate: '2025-01-15',
      endDate: '2025-03-15',
    });
    // C: per_class 150 TL from 1 February, open.
    await ok('addEnrollment', { studentId: c, courseId: piano, price: '150', startDate: '2025-02-01' });
    await ok('addAttendance', lesson([a], 1));
    await ok('addAttendance', lesson([a, c], 2, teacher.id));
    await ok('addPayment', {
      studentId: a,
      courseId: piano,
      amount: '300',
      method: 'cash',
      date: '2025-01-20',
    });
    paymentB = (
      await ok('addPayment', {
        studentId: b,
        courseId: violin,
        amount: '1000',
        method: 'bank_transfer',
        date: '2025-02-05',
      })
    ).id;
    await ok('addPayment', {
      studentId: b,
      courseId: violin,
      amount: '250,50',
      method: 'cash',
      date: '2025-02-28',
    });
    // A correction adjusts a balance; no money moved, so it is no collection.
    await ok('addPayment', { studentId: c, courseId: piano, amount: '-50', method: 'correction' });

    const before = await api().get('getStatistics', range);
    expect(before.status).toBe(200);
    expect(before.body.months).toEqual([
      {
        month: '2025-01',
        activeStudents: 2,
        activeEnrollments: 2,
        newStudents: 2,
        leavingStudents: 0,
        collections: 30_000,
        charges: 18_000 + 100_000,
        collectionRate: 25.4,
        lessons: 1,
        attendees: 1,
      },
      {
        month: '2025-02',
        activeStudents: 3,
        activeEnrollments: 3,
        newStudents: 1,
        leavingStudents: 1,
        collections: 125_050,
        charges: 18_000 + 15_000 + 100_000,
        collectionRate: 94,
        lessons: 1,
        attendees: 2,
      },
      {
        month: '2025-03',
        activeStudents: 2,
        activeEnrollments: 2,
        newStudents: 0,
        leavingStudents: 1,
        collections: 0,
        charges: 0,
        collectionRate: null,
        lessons: 0,
        attendees: 0,
      },
    ]);
    // Every attendee was enrolled: January's lesson had A of A, February's A and C of A and C.
    expect(before.body.byCourse).toEqual([
      { id: piano, name: 'Piyano', lessons: 2, attendees: 3, enrolled: 3, attendanceRate: 100 },
    ]);
    expect(before.body.byInstructor).toEqual([
      { id: null, name: 'Diğer', lessons: 1, attendees: 1, enrolled: 1, attendanceRate: 100 },
      { id: teacher.id, name: 'Zeki Kaya', lessons: 1, attendees: 2, enrolled: 2, attendanceRate: 100 },
    ]);
    // Unpaid, oldest charges settled first: A 60 TL of February's lesson, B 749,50 TL of February's period,
    // C its 150 TL lesson (all over 90 days old) and the 50 TL correction of today.
    expect(before.body.debtAgeing).toEqual({
      buckets: [
        { bucket: '0-30', amount: 5_000, students: 1 },
        { bucket: '31-60', amount: 0, students: 0 },
        { bucket: '61-90', amount: 0, students: 0 },
        { bucket: '90+', amount: 6_000 + 74_950 + 15_000, students: 3 },
      ],
      total: 5_000 + 6_000 + 74_950 + 15_000,
      students: 3,
    });

    await pause();
    const cut = new Date().toISOString();
    await pause();
    // Later changes: A's price goes up (its lessons are re-priced), B's payment is deleted, C leaves in March
    // after a lesson.
    await ok('editEnrollment', { id: enrolA, price: '250' });
    await ok('deletePayment', { id: paymentB });
    await ok('addAttendance', lesson([c], 3));
    const ended = await api().get('getEnrollments', { studentId: studentC });
    await ok('editEnrollment', { id: ended.body[0].id, endDate: '2025-03-20' });

    const after = await api().get('getStatistics', range);
    expect(
      after.body.months.map((m: Record<string, unknown>) => [m.month, m.collections, m.charges]),
    ).toEqual([
      ['2025-01', 30_000, 23_000 + 100_000],
      ['2025-02', 25_050, 23_000 + 15_000 + 100_000],
      ['2025-03', 0, 15_000],
    ]);
    expect(after.body.months[2]).toMatchObject({ leavingStudents: 2, lessons: 1, attendees: 1 });

    // As of the cut, the answer is the one given before the later changes.
    const asOf = await api().get('getStatistics', { ...range, asOf: cut });
    expect(asOf.status).toBe(200);
    expect({ ...asOf.body, asOf: null }).toEqual({ ...before.body, asOf: null });
  });

  it('answers nothing recorded before the events, and no month after the moment asked', async () => {
    const r = await api().get('getStatistics', { from: '2024-12', to: '2030-01', asOf: '2025-02-10' });
    expect(r.status).toBe(200);
    expect(r.body.to).toBe('2025-02');
    expect(r.body.asOf).toBe('2025-02-10T20:59:59.999Z');
    expect(
      r.body.months.every((m: { collections: number; activeStudents: number }) => m.collections === 0),
    ).toBe(true);
  });

  it('refuses a bad period or moment with the Turkish message', async () => {
    const bad = await api().get('getStatistics', { from: '2025-13' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Dönem hatalı (YYYY-AA).');
    const reversed = await api().get('getStatistics', { from: '2025-03', to: '2025-01' });
    expect(reversed.body.error).toContain('Başlangıç dönemi bitiş döneminden sonra olamaz.');
    const when = await api().get('getStatistics', { asOf: 'dün' });
    expect(when.body.error).toContain('Tarih hatalı.');
  });

  it('is for school admins of the organisation only', async () => {
    expect((await orgApi(t, instructor, owner.organizationId).get('getStatistics', range)).status).toBe(403);
    expect((await orgApi(t, other, owner.organizationId).get('getStatistics', range)).status).toBe(403);
    const own = await orgApi(t, other).get('getStatistics', range);
    expect(own.status).toBe(200);
    expect(own.body.months.map((m: { activeStudents: number }) => m.activeStudents)).toEqual([0, 0, 0]);
    expect(own.body.byCourse).toEqual([]);
  });
});
