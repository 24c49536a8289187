import { ROLES } from '@okul/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let staff: SignedIn;
let guitar: string;
let piano: string;
let student: { id: string; studentNumber: number };
let classmate: { id: string; studentNumber: number };
let classmateTckn: string;
const tckn = tcknSource(612);
const api = () => orgApi(t, owner);
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/** A write as a browser would send it, so its events carry a user agent. */
const post = (call: string, body: object) =>
  request(t.http)
    .post(`/api/v1/orgs/${owner.organizationId}/${call}`)
    .set(owner.auth)
    .set('User-Agent', CHROME)
    .send(body);

const history = (query: Record<string, string>, as: SignedIn = owner, organizationId?: string) =>
  orgApi(t, as, organizationId ?? owner.organizationId).get('getRecordHistory', query);

/** Once the clock has moved on by a millisecond at least. */
async function tick() {
  const from = Date.now();
  while (Date.now() <= from) await new Promise((r) => setTimeout(r, 1));
}
/**
 * A moment strictly after the writes answered so far and before the next: a command's time has milliseconds
 * and `at` takes the writes of its own millisecond, so a write in the same millisecond would count as before.
 */
async function momentBetweenWrites(): Promise<string> {
  await tick();
  const at = new Date().toISOString();
  await tick();
  return at;
}

const changesOf = (v: { changes: Array<{ label: string; old: string | null; new: string | null }> }) =>
  v.changes.map((c) => [c.label, c.old, c.new]);

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, staff] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http), signUpOwner(t.http)]);
  await addMember(t, owner.organizationId, staff.userId, ROLES.schoolStaff);
  [guitar, piano] = [await addCourse(t, owner, 'Gitar'), await addCourse(t, owner, 'Piyano')];
  student = (await api().post('registerStudent', studentBody(tckn()))).body;
  classmateTckn = tckn();
  classmate = (
    await api().post('registerStudent', studentBody(classmateTckn, { name: 'Ali', surname: 'Kaya' }))
  ).body;
});
afterAll(async () => t?.close());

describe('getRecordHistory', () => {
  it("lists a payment's versions newest first with who, when, ip, device and old → new in TL", async () => {
    const added = await post('addPayment', {
      studentId: student.id,
      courseId: guitar,
      amount: '1.500,00',
      method: 'cash',
    });
    expect(added.status).toBe(200);
    const id = added.body.id as string;
    expect((await post('editPayment', { id, amount: '1.750,50', method: 'cash' })).status).toBe(200);
    expect(
      (await post('editPayment', { id, amount: '1.750,50', method: 'bank_transfer', notes: 'Ocak' })).status,
    ).toBe(200);

    const r = await history({ kind: 'payment', id });
    expect(r.status).toBe(200);
    expect(r.body.versions.map((v: { action: string }) => v.action)).toEqual([
      'Ödeme düzenlendi',
      'Ödeme düzenlendi',
      'Ödeme eklendi',
    ]);
    const [second, first] = r.body.versions;
    expect(changesOf(first)).toEqual([['Miktar', '1.500,00 TL', '1.750,50 TL']]);
    expect(changesOf(second)).toEqual([
      ['Ödeme yöntemi', 'Nakit', 'Banka havalesi / EFT'],
      ['Notlar', null, 'Ocak'],
    ]);
    expect(first).toMatchObject({
      userId: owner.userId,
      userName: expect.any(String),
      ipAddress: expect.any(String),
      userAgent: CHROME,
      device: 'Chrome, macOS',
    });
    expect(first.userName.length).toBeGreaterThan(0);
    // The course is named, not shown as an id.
    expect(r.body.versions[2].fields).toContainEqual({ field: 'course', label: 'Kurs', value: 'Gitar' });
  });

  it('answers the record as it was at a chosen moment', async () => {
    const added = await post('addPayment', {
      studentId: student.id,
      courseId: guitar,
      amount: 100,
      method: 'cash',
    });
    const id = added.body.id as string;
    const between = await momentBetweenWrites();
    await post('editPayment', { id, amount: 200, method: 'cash' });
    const amountAt = async (at: string) => {
      const r = await history({ kind: 'payment', id, at });
      expect(r.status).toBe(200);
      return r.body.asOf.fields?.find((f: { field: string }) => f.field === 'amount')?.value ?? null;
    };
    expect(await amountAt(between)).toBe('100,00 TL');
    expect(await amountAt(new Date().toISOString())).toBe('200,00 TL');
    expect(await amountAt('2020-01-01')).toBeNull();
    const bad = await history({ kind: 'payment', id, at: 'dün' });
    expect([bad.status, bad.body.code]).toEqual([400, 'history.atInvalid']);
  });

  it('covers students, enrolments (in the student stream), attendances and courses', async () => {
    const edited = await post('editStudent', {
      ...studentBody(classmateTckn, { name: 'Ali', surname: 'Kaya', phone: '5329998877' }),
      id: classmate.id,
    });
    expect(edited.status).toBe(200);
    const s = await history({ kind: 'student', id: classmate.id });
    expect(s.status).toBe(200);
    expect(s.body.versions.map((v: { action: string }) => v.action)).toEqual([
      'Öğrenci düzenlendi',
      'Öğrenci kaydedildi',
    ]);
    expect(changesOf(s.body.versions[0])).toContainEqual(['Telefon', '5321234567', '5329998877']);

    const e = await post('addEnrollment', {
      studentId: classmate.id,
      courseId: piano,
      price: 450,
      startDate: '2025-02-01',
    });
    expect(e.status).toBe(200);
    await post('editEnrollment', { id: e.body.id, price: '500' });
    const eh = await history({ kind: 'enrollment', id: e.body.id });
    expect(eh.status).toBe(200);
    expect(changesOf(eh.body.versions[0])).toEqual([['Ücret', '450,00 TL', '500,00 TL']]);
    // The student's own history is not mixed with its enrolments'.
    expect((await history({ kind: 'student', id: classmate.id })).body.versions).toHaveLength(2);

    const lesson = {
      courseId: piano,
      attendants: [classmate.id],
      day: 10,
      month: 3,
      year: 2025,
      hour: 18,
      minute: 30,
    };
    const a = await post('addAttendance', lesson);
    expect(a.status).toBe(200);
    await post('editAttendance', { ...lesson, id: a.body.id, hour: 19 });
    const ah = await history({ kind: 'attendance', id: a.body.id });
    expect(changesOf(ah.body.versions[0])).toEqual([['Ders zamanı', '10.03.2025 18:30', '10.03.2025 19:30']]);
    expect(ah.body.versions[1].fields).toContainEqual({
      field: 'attendants',
      label: 'Katılanlar',
      value: `${classmate.studentNumber} Ali Kaya`,
    });

    await post('editCourse', { id: piano, name: 'Piyano II', courseExplanation: 'Piyano dersi' });
    const ch = await history({ kind: 'course', id: piano });
    expect(changesOf(ch.body.versions[0])).toEqual([['Ad', 'Piyano', 'Piyano II']]);
  });

  it("answers 404 for another organisation's record, and refuses roles below school-admin", async () => {
    const own = await post('addPayment', {
      studentId: student.id,
      courseId: guitar,
      amount: 100,
      method: 'cash',
    });
    const foreign = await history({ kind: 'payment', id: own.body.id }, other, other.organizationId);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'history.notFound']);
    // Asked through another organisation's path for a record of this one: the same.
    const enrollments = await api().get('getEnrollments', { studentId: classmate.id });
    for (const q of [
      { kind: 'student', id: student.id },
      { kind: 'enrollment', id: enrollments.body[0].id },
      { kind: 'course', id: guitar },
    ]) {
      const r = await history(q, other, other.organizationId);
      expect([r.status, r.body.code]).toEqual([404, 'history.notFound']);
    }
    const refused = await history({ kind: 'payment', id: own.body.id }, staff);
    expect(refused.status).toBe(403);
    const balance = await orgApi(t, staff, owner.organizationId).get('getStudentBalanceAsOf', {
      id: student.id,
    });
    expect(balance.status).toBe(403);
    const foreignBalance = await orgApi(t, other).get('getStudentBalanceAsOf', { id: student.id });
    expect([foreignBalance.status, foreignBalance.body.code]).toEqual([404, 'student.notFound']);
  });
});

describe('getStudentBalanceAsOf', () => {
  it("agrees to the kuruş with today's balances at now, and shows the past before later writes", async () => {
    const s = (await api().post('registerStudent', studentBody(tckn(), { name: 'Zeynep', regY: 2025 }))).body;
    const e = await post('addEnrollment', {
      studentId: s.id,
      courseId: guitar,
      price: 300,
      startDate: '2025-02-01',
    });
    expect(e.status).toBe(200);
    const lesson = { courseId: guitar, attendants: [s.id], month: 3, year: 2025, hour: 18, minute: 30 };
    await post('addAttendance', { ...lesson, day: 3 });
    const second = await post('addAttendance', { ...lesson, day: 10 });
    const paid = await post('addPayment', { studentId: s.id, courseId: guitar, amount: 250, method: 'cash' });
    const before = await momentBetweenWrites();
    await post('editPayment', { id: paid.body.id, amount: 400, method: 'cash' });
    await post('deleteAttendance', { id: second.body.id });
    await post('editEnrollment', { id: e.body.id, discount: 50 });
    const gone = await post('addPayment', { studentId: s.id, courseId: guitar, amount: 10, method: 'cash' });
    await post('deletePayment', { id: gone.body.id });
    await post('permanentlyDeletePayment', { id: gone.body.id });

    const [today, sheet] = await Promise.all([
      api().post('getStudentBalances', { id: s.id }),
      api().post('getStudentBalanceSheet', { id: s.id }),
    ]);
    const now = await api().get('getStudentBalanceAsOf', { id: s.id, at: new Date().toISOString() });
    expect(now.status).toBe(200);
    expect(now.body.courses).toEqual(today.body);
    expect(now.body.balanceSheet).toEqual(sheet.body);
    // One lesson at 300 − 50 TL, paid 400 TL.
    expect(now.body.balance).toBe(40000 - 25000);

    const past = await api().get('getStudentBalanceAsOf', { id: s.id, at: before });
    // Two lessons at 300 TL, paid 250 TL.
    expect(past.body.balance).toBe(25000 - 60000);
    expect(past.body.courses[0]).toMatchObject({
      courseId: guitar,
      charged: 60000,
      paid: 25000,
      owed: 35000,
    });
    expect(past.body.balanceSheet.map((r: { type: string }) => r.type)).toEqual([
      'attendance',
      'attendance',
      'payment',
    ]);
  });
});
