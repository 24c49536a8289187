import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentNumberStream } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
const tckn = tcknSource(7);
const api = () => orgApi(t, owner);

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

describe('registerStudent', () => {
  it('gives the registration year and a sequence from 001, then shows the student in getStudents', async () => {
    const first = await api().post('registerStudent', studentBody(tckn(), { regY: 2024, regM: 9, regD: 2 }));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.any(String), studentNumber: 24001 });
    const second = await api().post(
      'registerStudent',
      studentBody(tckn(), { name: '  Mehmet ', surname: 'Kaya', regY: 2024, parent2Name: '   ', notes: '' }),
    );
    expect(second.body.studentNumber).toBe(24002);

    const list = await api().get('getStudents');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(/application\/json/);
    const mehmet = list.body.find((s: { id: string }) => s.id === second.body.id);
    expect(mehmet).toMatchObject({
      id: second.body.id,
      DBID: second.body.id,
      studentNumber: 24002,
      name: 'Mehmet',
      surname: 'Kaya',
      parent2Name: null,
      notes: null,
      regY: 2024,
      studentPhoneOptInStatus: 'ONAY',
      studentPhoneConsentDate: expect.any(String),
      parent1PhoneOptInStatus: null,
      parent1PhoneConsentDate: null,
      createdBy: owner.userId,
      createdByName: 'Ayşe Yılmaz',
      editedAt: null,
      editedBy: null,
      editedByName: null,
      deletedAt: null,
      active: false,
      activeCourses: [],
      enrollments: [],
    });
    expect(new Date(mehmet.createdAt).toISOString()).toBe(mehmet.createdAt);
  });

  it('answers the exact form items of api.md 8.2, joined by commas, and writes nothing', async () => {
    const before = (await api().get('getStudents')).body.length;
    const r = await api().post(
      'registerStudent',
      studentBody('12345', { name: ' ', surname: '', regY: 1999, dobY: 1800, pob: '', address: null }),
    );
    expect(r.status).toBe(400);
    const items = [
      'İsim',
      'Soyisim',
      'TC kimlik no eksik',
      'Kayıt tarihi',
      'Doğum tarihi',
      'Doğum yeri',
      'Adres',
    ];
    expect(r.body).toEqual({
      error:
        'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim, Soyisim, TC kimlik no eksik, Kayıt tarihi, Doğum tarihi, Doğum yeri, Adres',
      code: 'student.createInvalid',
      details: { items },
    });
    const invalid = await api().post('registerStudent', studentBody('12345678901'));
    expect(invalid.body).toEqual({
      error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz',
      code: 'student.createInvalid',
      details: { items: ['TCKN geçersiz'] },
    });
    const unknown = await api().post('registerStudent', { ...studentBody(tckn()), hack: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'Öğrenci kaydedilemedi: Tanınmayan alan: hack',
      code: 'common.unknownField',
      details: { fields: ['hack'] },
    });
    const longName = await api().post('registerStudent', studentBody(tckn(), { name: 'x'.repeat(51) }));
    expect(longName.body).toEqual({
      error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim',
      code: 'student.createInvalid',
      details: { items: ['İsim'] },
    });
    const badPhone = await api().post('registerStudent', studentBody(tckn(), { phone: '12345' }));
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toMatch(/^Öğrenci kaydedilemedi: Telefon 10 haneli olmalı/);
    expect((await api().get('getStudents')).body).toHaveLength(before);
  });

  it('refuses a TCKN already registered in the organisation, but not one of another organisation', async () => {
    const id = tckn();
    const first = await api().post('registerStudent', studentBody(id));
    expect(first.status).toBe(200);
    const again = await api().post('registerStudent', studentBody(id, { name: 'Başka' }));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
      code: 'student.createInvalid',
      details: { items: ['TCKN zaten kayıtlı'], tcknHolderId: first.body.id },
    });
    const elsewhere = await orgApi(t, other).post('registerStudent', studentBody(id));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.studentNumber).toBe(25001);
  });

  it('never gives one number twice when registrations of one year race', async () => {
    const racing = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        api().post('registerStudent', studentBody(tckn(), { name: `Yarış${i}`, regY: 2023 })),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(racing.map((r) => r.body.studentNumber).sort()).toEqual([23001, 23002, 23003, 23004]);
  });

  it('answers a clear error when a registration year has used all 999 numbers', async () => {
    const { store } = t.server.runtime.persistence;
    const org = owner.organizationId;
    await store.append(
      studentNumberStream(org, 2031),
      [
        {
          id: randomUUID(),
          type: 'StudentNumberAllocated',
          data: {
            organizationId: org,
            year: 2031,
            sequence: 999,
            studentNumber: 31999,
            studentId: randomUUID(),
            allocatedAt: new Date().toISOString(),
          },
          metadata: {
            organizationId: org,
            userId: owner.userId,
            ipAddress: null,
            userAgent: null,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
    const r = await api().post('registerStudent', studentBody(tckn(), { regY: 2031 }));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      error:
        'Öğrenci kaydedilemedi: 2031 kayıt yılı için öğrenci numarası kalmadı: bir yılda en fazla 999 öğrenci kaydedilebilir.',
      code: 'student.numbersExhausted',
    });
  });
});

describe('editStudent, deleteStudent, resurrectStudent', () => {
  it('edits, keeps the number, moves the TCKN reservation, and lists problems one per line', async () => {
    const oldTckn = tckn();
    const reg = await api().post('registerStudent', studentBody(oldTckn, { name: 'Zeynep', regY: 2022 }));
    const id = reg.body.id as string;
    const newTckn = tckn();
    const edit = await api().post('editStudent', {
      id,
      ...studentBody(newTckn, {
        name: 'Zeynep',
        surname: 'Demir',
        regY: 2021,
        parent1PhoneOptInStatus: 'RET',
      }),
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual({ id, studentNumber: 22001 });
    const [s] = (await api().get('getStudents', { id })).body;
    expect(s).toMatchObject({
      surname: 'Demir',
      TCKN: newTckn,
      studentNumber: 22001,
      regY: 2021,
      parent1PhoneOptInStatus: 'RET',
      parent1PhoneConsentDate: expect.any(String),
      editedBy: owner.userId,
      editedByName: 'Ayşe Yılmaz',
    });
    // The old TCKN is free again; the new one is taken.
    const holder = await api().post('registerStudent', studentBody(oldTckn));
    expect(holder.status).toBe(200);
    const taken = await api().post('registerStudent', studentBody(newTckn));
    expect(taken.body.error).toBe('Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı');
    const clash = await api().post('editStudent', { id, ...studentBody(oldTckn) });
    expect(clash.body).toEqual({
      error: 'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
      code: 'student.updateInvalid',
      details: { items: ['TCKN zaten kayıtlı'], tcknHolderId: holder.body.id },
    });

    const bad = await api().post('editStudent', { id, ...studentBody(newTckn, { name: '', pob: ' ' }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: İsim\nDoğum yeri',
      code: 'student.updateInvalid',
      details: { items: ['İsim', 'Doğum yeri'] },
    });
    const missing = await api().post('editStudent', { id: randomUUID(), ...studentBody(tckn()) });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'Öğrenci bilgileri güncellenemedi: Öğrenci bulunamadı.',
      code: 'student.notFound',
    });
  });

  it('soft deletes and restores a student', async () => {
    const { body } = await api().post('registerStudent', studentBody(tckn(), { name: 'Silinecek' }));
    const del = await api().post('deleteStudent', { id: body.id });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: body.id });
    let [s] = (await api().get('getStudents', { id: body.id })).body;
    expect(s.deletedAt).toEqual(expect.any(String));
    const again = await api().post('deleteStudent', { id: body.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Öğrenci zaten silinmiş.', code: 'student.alreadyDeleted' });
    expect((await api().post('resurrectStudent', { id: body.id })).status).toBe(200);
    [s] = (await api().get('getStudents', { id: body.id })).body;
    expect(s.deletedAt).toBeNull();
    const notDeleted = await api().post('resurrectStudent', { id: body.id });
    expect(notDeleted.status).toBe(409);
    expect(notDeleted.body).toEqual({ error: 'Öğrenci silinmemiş.', code: 'student.notDeleted' });
    const bad = await api().post('deleteStudent', { id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Öğrenci bulunamadı.',
      code: 'common.badRequest',
      details: { field: 'id' },
    });
    const none = await api().post('deleteStudent', { id: randomUUID() });
    expect(none.status).toBe(404);
  });

  it('logs every action with the student and its name, and refusals as _failed', async () => {
    const logs = await api().post('requestOrgLogs', { limit: 200 });
    const actions = logs.body.logs.map((l: { action: string }) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'register_student',
        'edit_student',
        'soft_delete_student',
        'resurrect_student',
        'register_student_failed',
        'edit_student_failed',
        'soft_delete_student_failed',
      ]),
    );
    const registered = logs.body.logs.find(
      (l: { action: string; details: { name?: string } }) =>
        l.action === 'register_student' && l.details.name === 'Zeynep Yılmaz',
    );
    expect(registered.details).toMatchObject({ studentDbId: expect.any(String), studentNumber: 22001 });
  });
});

describe('getStudents', () => {
  it('shows the active courses with their price, and answers one student by number or a search', async () => {
    const course = await addCourse(t, owner, 'Çello');
    const { body } = await api().post(
      'registerStudent',
      studentBody(tckn(), { name: 'Işıl', surname: 'Şahin' }),
    );
    const enrol = await api().post('addEnrollment', {
      studentId: body.id,
      courseId: course,
      price: '1.250,50',
    });
    expect(enrol.status).toBe(200);
    const [s] = (await api().get('getStudents', { studentNumber: body.studentNumber })).body;
    expect(s).toMatchObject({
      active: true,
      activeCourses: [
        { courseId: course, courseName: 'Çello', price: 125050, discount: 0, enrollmentType: 'per_class' },
      ],
      enrollments: [{ id: enrol.body.id, courseId: course, startDate: expect.any(String), endDate: null }],
    });
    const found = (await api().get('getStudents', { q: 'IŞIL çell' })).body;
    expect(found.map((x: { id: string }) => x.id)).toEqual([body.id]);
    expect((await api().get('getStudents', { q: 'yok-böyle-biri' })).body).toEqual([]);
    const bad = await api().get('getStudents', { foo: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Tanınmayan alan: foo',
      code: 'common.unknownField',
      details: { fields: ['foo'] },
    });
  });

  it('serves the whole list again unchanged (304 on its ETag) until a write or an enrolment end changes it', async () => {
    const first = await api().get('getStudents');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await api().get('getStudents').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    // Another organisation's writes leave this organisation's answer as it is.
    expect((await orgApi(t, other).post('registerStudent', studentBody(tckn()))).status).toBe(200);
    expect((await api().get('getStudents').set('If-None-Match', etag)).status).toBe(304);
    const course = await addCourse(t, owner, 'Ney');
    const { body } = await api().post('registerStudent', studentBody(tckn(), { name: 'Yeni' }));
    const after = await api().get('getStudents').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.map((x: { id: string }) => x.id)).toContain(body.id);
    // An enrolment ending in a moment: the list changes when it ends, with no write in between. The moment
    // leaves room for the enrolment and the read before it on a loaded machine.
    const end = new Date(Date.now() + 12_000).toISOString();
    expect(
      (await api().post('addEnrollment', { studentId: body.id, courseId: course, price: 10, endDate: end }))
        .status,
    ).toBe(200);
    const activeNow = (await api().get('getStudents')).body.find((x: { id: string }) => x.id === body.id);
    expect(activeNow.active).toBe(true);
    await new Promise((r) => setTimeout(r, Date.parse(end) - Date.now() + 50));
    const ended = (await api().get('getStudents')).body.find((x: { id: string }) => x.id === body.id);
    expect(ended).toMatchObject({ active: false, activeCourses: [] });
  });

  it('answers the lean list for the table and the pickers', async () => {
    const list = await api().get('getStudents', { view: 'list' });
    expect(list.status).toBe(200);
    const row = list.body.find((x: { name: string }) => x.name === 'Işıl');
    expect(Object.keys(row).sort()).toEqual(
      [
        'DBID',
        'TCKN',
        'active',
        'activeCourses',
        'createdAt',
        'createdBy',
        'createdByName',
        'deletedAt',
        'dobD',
        'dobM',
        'dobY',
        'editedAt',
        'editedBy',
        'editedByName',
        'enrollments',
        'id',
        'name',
        'regD',
        'regM',
        'regY',
        'studentNumber',
        'surname',
      ].sort(),
    );
    expect(row.activeCourses[0]).toMatchObject({ courseName: 'Çello', price: 125050 });
  });

  it('lets an instructor read students without prices, and nothing more', async () => {
    const mine = orgApi(t, instructor, owner.organizationId);
    const list = await mine.get('getStudents');
    expect(list.status).toBe(200);
    const withCourse = list.body.find((s: { active: boolean }) => s.active);
    expect(withCourse.activeCourses[0]).toMatchObject({ courseName: 'Çello', price: null, discount: null });
    const reg = await mine.post('registerStudent', studentBody(tckn()));
    expect(reg.status).toBe(403);
    expect(reg.body).toEqual({ error: 'Bu işlem için yetkiniz yok.', code: 'auth.forbidden' });
    expect((await mine.post('deleteStudent', { id: withCourse.id })).status).toBe(403);
    expect((await mine.post('getStudentBalances', { id: withCourse.id })).status).toBe(403);
  });

  it('keeps organisations apart: 403 on another organisation, 404 on its student ids', async () => {
    const theirs = orgApi(t, other, owner.organizationId);
    expect((await theirs.get('getStudents')).status).toBe(403);
    expect((await theirs.post('registerStudent', studentBody(tckn()))).status).toBe(403);
    const [s] = (await api().get('getStudents')).body;
    for (const call of [
      'deleteStudent',
      'resurrectStudent',
      'getStudentAttended',
      'getStudentBalances',
      'getStudentBalanceSheet',
    ]) {
      expect((await theirs.post(call, { id: s.id })).status).toBe(403);
      const foreign = await orgApi(t, other).post(call, { id: s.id });
      expect(foreign.status).toBe(404);
    }
    expect((await theirs.post('editStudent', { id: s.id, ...studentBody(tckn()) })).status).toBe(403);
    expect((await theirs.get('getDashboard')).status).toBe(403);
    const edit = await orgApi(t, other).post('editStudent', { id: s.id, ...studentBody(tckn()) });
    expect(edit.status).toBe(404);
    expect((await request404(other)).status).toBe(404);
  });
});

async function request404(s: SignedIn) {
  return orgApi(t, s).post('getStudentBalanceSheet', { id: randomUUID() });
}

describe('getDashboard', () => {
  it('lists birthdays of this week and today and students with no enrolment; due payments for admins only', async () => {
    const today = new Date();
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' })
      .format(today)
      .split('-')
      .map(Number);
    const { body } = await api().post(
      'registerStudent',
      // Born in a leap year: on 29 February the birth date exists.
      studentBody(tckn(), { name: 'Doğum', surname: 'Günü', dobY: 2012, dobM: local[1], dobD: local[2] }),
    );
    const d = await api().get('getDashboard');
    expect(d.status).toBe(200);
    const b = d.body.birthdaysToday.find((x: { studentId: string }) => x.studentId === body.id);
    expect(b).toMatchObject({ name: 'Doğum', surname: 'Günü', age: local[0] - 2012, isToday: true });
    expect(d.body.birthdaysThisWeek.map((x: { studentId: string }) => x.studentId)).toContain(body.id);
    expect(d.body.studentsWithoutEnrollment.map((x: { studentId: string }) => x.studentId)).toContain(
      body.id,
    );
    expect(Array.isArray(d.body.duePayments)).toBe(true);
    const asInstructor = await orgApi(t, instructor, owner.organizationId).get('getDashboard');
    expect(asInstructor.status).toBe(200);
    expect(asInstructor.body.duePayments).toBeNull();
    expect((await orgApi(t, other, owner.organizationId).get('getDashboard')).status).toBe(403);
  });
});
