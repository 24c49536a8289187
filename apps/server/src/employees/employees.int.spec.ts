import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSentence } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let member: SignedIn;
let piano: string;
let student: string;
const tckn = tcknSource(41);
const api = () => orgApi(t, owner);
const asMember = () => orgApi(t, member, owner.organizationId);
const lesson = (day: number, instructorId: string | null) => ({
  courseId: piano,
  attendants: [student],
  day,
  month: 2,
  year: 2026,
  hour: 10,
  minute: 0,
  instructorId,
});

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, member] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http), signUpOwner(t.http)]);
  await addMember(t, owner.organizationId, member.userId);
  piano = await addCourse(t, owner, 'Piyano');
  const s = await api().post('registerStudent', studentBody(tckn(), { regD: 1, regM: 1, regY: 2026 }));
  student = s.body.id;
  await api().post('addEnrollment', {
    studentId: student,
    courseId: piano,
    price: 500,
    startDate: '2026-01-01',
  });
});
afterAll(async () => t?.close());

describe('instructors', () => {
  let id: string;

  it('answers the form warnings of product.md 5 and refuses branches of no course here', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ surname: 'Kaya', branches: [piano] }, 400, 'isim eksik'],
      [{ name: 'Ece', branches: [piano] }, 400, 'soyisim eksik'],
      [{ name: 'Ece', surname: 'Kaya', branches: [] }, 400, 'branş eksik'],
      [
        { name: 'Ece', surname: 'Kaya', branches: [piano], cv: 'x'.repeat(1001) },
        400,
        'CV en fazla 1000 karakter olabilir.',
      ],
      [{ name: 'Ece', surname: 'Kaya', branches: [randomUUID()] }, 404, 'Kurs bulunamadı.'],
      [
        { name: 'Ece', surname: 'Kaya', branches: [piano], userId: other.userId },
        404,
        'Seçilen kullanıcı bu kurumun üyesi değil.',
      ],
    ];
    for (const [body, status, error] of cases) {
      const r = await api().post('addInstructor', body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status, error });
    }
    expect((await api().get('getInstructors')).body).toEqual([]);
  });

  it('adds, edits, soft deletes and restores an instructor linked to a member, and logs it', async () => {
    const add = await api().post('addInstructor', {
      name: 'Ece',
      surname: 'Kaya',
      branches: [piano],
      cv: 'Konservatuvar mezunu',
      userId: member.userId,
    });
    expect(add.status).toBe(200);
    id = add.body.id;
    const twice = await api().post('addInstructor', {
      name: 'Ece',
      surname: 'K',
      branches: [piano],
      userId: member.userId,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Seçilen kullanıcı başka bir çalışana bağlı: Ece Kaya');

    expect(
      (
        await api().post('editInstructor', {
          id,
          name: 'Ece',
          surname: 'Kaya Demir',
          branches: [piano],
          userId: member.userId,
        })
      ).status,
    ).toBe(200);
    const [listed] = (await api().get('getInstructors')).body;
    expect(listed).toMatchObject({
      id,
      name: 'Ece',
      surname: 'Kaya Demir',
      userId: member.userId,
      branches: [piano],
      cv: null,
      safeName: 'ece-kaya-demir',
      deletedAt: null,
      employeeTypeId: 2,
    });
    expect((await api().post('deleteInstructor', { id })).status).toBe(200);
    expect((await api().post('deleteInstructor', { id })).body.error).toBe('Çalışan zaten silinmiş.');
    expect((await api().get('getInstructors')).body[0].deletedAt).toEqual(expect.any(String));
    expect((await api().post('resurrectInstructor', { id })).status).toBe(200);

    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'add_instructor',
        'edit_instructor',
        'soft_delete_instructor',
        'resurrect_instructor',
        'add_instructor_failed',
        'soft_delete_instructor_failed',
      ]),
    );
    const added = logs.find((l) => l.action === 'add_instructor');
    expect(logSentence('add_instructor', added?.details)).toBe('"Ece Kaya" adlı eğitmeni ekledi.');
  });

  it('shows courses and instructors to signed-out visitors, public fields only', async () => {
    const visitor = await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getInstructors`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual([
      {
        id,
        name: 'Ece',
        surname: 'Kaya Demir',
        branches: [piano],
        cv: null,
        avatar: null,
        safeName: 'ece-kaya-demir',
      },
    ]);
    const outsider = await orgApi(t, other, owner.organizationId).get('getInstructors');
    expect(outsider.body[0]).not.toHaveProperty('userId');
    const courses = await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getCourses`);
    expect(courses.body.map((c: { name: string }) => c.name)).toEqual(['Piyano']);
    const none = await request(t.http).get(`/api/v1/orgs/${randomUUID()}/getInstructors`);
    expect(none.status).toBe(404);
  });

  it('lets only a school-admin write, and keeps tenants apart', async () => {
    const r = await asMember().post('addInstructor', { name: 'A', surname: 'B', branches: [piano] });
    expect(r.status).toBe(403);
    expect((await orgApi(t, other).post('deleteInstructor', { id })).status).toBe(404);
    expect((await orgApi(t, other, owner.organizationId).post('deleteInstructor', { id })).status).toBe(403);
    expect((await orgApi(t, other, owner.organizationId).get('getEmployees')).status).toBe(403);
  });

  it('takes only active instructors of the organisation on an attendance, and lists and searches their names', async () => {
    const unknown = await asMember().post('addAttendance', lesson(2, randomUUID()));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Seçilen eğitmen bu kurumun eğitmenleri arasında yok.');
    const ok = await asMember().post('addAttendance', lesson(3, id));
    expect(ok.status).toBe(200);
    await asMember().post('addAttendance', lesson(4, null));
    const [a] = (await api().get('getAttendances', { id: ok.body.id })).body.attendances;
    expect(a).toMatchObject({ instructorId: id, instructorName: 'Ece Kaya Demir' });
    expect((await api().get('getAttendances', { q: 'kaya demir' })).body.total).toBe(1);
    expect((await api().get('getAttendances', { q: 'diğer' })).body.total).toBe(1);
    expect((await api().get('getAttendances', { instructorId: id })).body.total).toBe(1);
  });
});

describe('employees and wages owed', () => {
  let instructorId: string;

  it('validates employees and refuses overlapping wage periods, naming the dates', async () => {
    const cases: Array<[unknown, string]> = [
      [{ surname: 'B' }, 'isim eksik'],
      [{ name: 'A', surname: 'B', employeeTypeId: 2 }, 'branş eksik'],
      [
        { name: 'A', surname: 'B', phone: '212 123 45 67' },
        'Telefon numarası 5xx ile başlayan 10 haneli olmalıdır.',
      ],
      [{ name: 'A', surname: 'B', employeeTypeId: 9 }, 'Çalışan türü geçersiz.'],
      [
        {
          name: 'A',
          surname: 'B',
          wages: [
            { type: 'periodic', startDate: '2026-01-01', amount: '20.000,00', periodUnit: 'month' },
            { type: 'per_class', startDate: '2026-02-01', endDate: '2026-03-01', amount: 300 },
          ],
        },
        'Maaş dönemleri çakışamaz: 01.01.2026 - … ile 01.02.2026 - 01.03.2026',
      ],
    ];
    for (const [body, error] of cases) {
      const r = await api().post('addEmployee', body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status: 400, error });
    }
  });

  it('keeps the two tabs in one list: an instructor added here is one on getInstructors too', async () => {
    const staff = await api().post('addEmployee', {
      name: 'Mehmet',
      surname: 'Güven',
      employeeTypeId: 3,
      phone: '0532 111 22 33',
      notes: 'Gece vardiyası',
      cv: 'ignored',
      branches: [piano],
    });
    expect(staff.status).toBe(200);
    const teacher = await api().post('addEmployee', {
      name: 'Zeynep',
      surname: 'Arı',
      employeeTypeId: 2,
      branches: [piano],
      wages: [{ type: 'per_class', startDate: '2026-01-01', amount: '250,50' }],
    });
    expect(teacher.status).toBe(200);
    instructorId = teacher.body.id;
    const employees = (await api().get('getEmployees')).body as Array<Record<string, unknown>>;
    expect(employees.find((e) => e.id === staff.body.id)).toMatchObject({
      employeeTypeId: 3,
      employeeType: null,
      phone: '5321112233',
      cv: null,
      branches: [],
    });
    const instructors = (await api().get('getInstructors')).body as Array<{ id: string }>;
    expect(instructors.map((i) => i.id)).toContain(instructorId);
    expect(instructors.map((i) => i.id)).not.toContain(staff.body.id);
    // the instructor calls do not reach other employees
    expect((await api().post('deleteInstructor', { id: staff.body.id })).status).toBe(404);
    expect((await api().post('deleteEmployee', { id: staff.body.id })).status).toBe(200);
    expect((await api().post('resurrectEmployee', { id: staff.body.id })).status).toBe(200);
    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{ action: string }>;
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'add_employee',
        'soft_delete_employee',
        'resurrect_employee',
        'add_instructor',
      ]),
    );
  });

  it('grows the wage owed with each lesson the instructor teaches, exactly in kuruş', async () => {
    const owed = async () =>
      ((await api().get('getEmployees')).body as Array<Record<string, unknown>>).find(
        (e) => e.id === instructorId,
      );
    expect(await owed()).toMatchObject({ earned: 0, paid: 0, outstanding: 0 });
    const first = await api().post('addAttendance', lesson(10, instructorId));
    await api().post('addAttendance', lesson(11, instructorId));
    await api().post('addAttendance', lesson(12, null));
    expect(await owed()).toMatchObject({ earned: 50_100, paid: 0, outstanding: 50_100 });
    await api().post('deleteAttendance', { id: first.body.id });
    expect(await owed()).toMatchObject({ earned: 25_050, outstanding: 25_050 });
    // A periodic wage before it: one month, December 2025, paid at its beginning (1000 TL).
    const edit = await api().post('editEmployee', {
      id: instructorId,
      name: 'Zeynep',
      surname: 'Arı',
      employeeTypeId: 2,
      branches: [piano],
      wages: [
        {
          type: 'periodic',
          startDate: '2025-12-01',
          endDate: '2026-01-01',
          amount: '1000',
          payAtBeginning: true,
        },
        { type: 'per_class', startDate: '2026-01-01', amount: '250,50' },
      ],
    });
    expect(edit.status).toBe(200);
    expect(await owed()).toMatchObject({ earned: 125_050 });
  });

  it('takes wage entries of Muhasebe off the outstanding wage: added, edited to another employee, reversed', async () => {
    const list = async () => (await api().get('getEmployees')).body as Array<Record<string, unknown>>;
    const owed = async (id: string) => (await list()).find((e) => e.id === id);
    const before = await owed(instructorId);
    const earned = before?.earned as number;
    expect(before).toMatchObject({ paid: 0, outstanding: earned, earnedByWage: [100_000, 25_050] });
    const guard = await api().post('addEmployee', { name: 'Ali', surname: 'Bekçi', employeeTypeId: 3 });
    const wage = (employeeId: string, amount: string, date = '2026-02-01') => ({
      type: 'cost',
      subtype: 'wage',
      method: 'bank_transfer',
      amount,
      date,
      employeeId,
    });
    const paid = await api().post('addAccountingEntry', wage(instructorId, '600,25'));
    expect(paid.status).toBe(200);
    // a wage entry of another organisation naming this employee pays nothing here
    expect((await orgApi(t, other).post('addAccountingEntry', wage(instructorId, '999'))).status).toBe(200);
    // a cost that is no wage pays no wage
    await api().post('addAccountingEntry', {
      ...wage(instructorId, '50'),
      subtype: 'other',
      employeeId: null,
    });
    expect(await owed(instructorId)).toMatchObject({ earned, paid: 60_025, outstanding: earned - 60_025 });

    const edit = await api().post('editAccountingEntry', { id: paid.body.id, ...wage(guard.body.id, '700') });
    expect(edit.status).toBe(200);
    expect(await owed(instructorId)).toMatchObject({ paid: 0, outstanding: earned });
    expect(await owed(guard.body.id)).toMatchObject({ earned: 0, paid: 70_000, outstanding: -70_000 });

    expect((await api().post('reverseAccountingEntry', { id: paid.body.id })).status).toBe(200);
    expect(await owed(guard.body.id)).toMatchObject({ paid: 0, outstanding: 0 });
  });
});
