import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let piano: string;
let violin: string;
const tckn = tcknSource(11);
const api = () => orgApi(t, owner);

async function register(overrides: Record<string, unknown> = {}) {
  const r = await api().post('registerStudent', studentBody(tckn(), overrides));
  expect(r.status).toBe(200);
  return r.body as { id: string; studentNumber: number };
}

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
  piano = await addCourse(t, owner, 'Piyano');
  violin = await addCourse(t, owner, 'Keman');
});
afterAll(async () => t?.close());

describe('addEnrollment', () => {
  it('adds a per_class enrolment starting now by default, with the price in kuruş', async () => {
    const s = await register();
    const before = Date.now();
    const r = await api().post('addEnrollment', { studentId: s.id, courseId: piano, price: 450 });
    expect(r.status).toBe(200);
    const list = await api().get('getEnrollments', { studentId: s.id });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: r.body.id,
        courseId: piano,
        courseName: 'Piyano',
        studentId: s.id,
        organizationId: owner.organizationId,
        startDate: expect.any(String),
        endDate: null,
        price: 45000,
        discount: 0,
        enrollmentType: 'per_class',
        isOfficial: false,
        periodUnit: null,
        periodLength: null,
        classesPerPeriod: null,
        active: true,
        createdBy: owner.userId,
        createdAt: expect.any(String),
        editedBy: null,
        editedAt: null,
      },
    ]);
    expect(Date.parse(list.body[0].startDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('adds a periodic enrolment with its period, discount and official flag', async () => {
    const s = await register();
    const r = await api().post('addEnrollment', {
      studentId: s.id,
      courseId: violin,
      price: '1.000,00',
      discount: '100',
      enrollmentType: 'periodic',
      periodUnit: 'week',
      periodLength: 2,
      classesPerPeriod: '3',
      isOfficial: true,
      startDate: '2025-02-01',
    });
    expect(r.status).toBe(200);
    const [e] = (await api().get('getEnrollments', { studentId: s.id })).body;
    expect(e).toMatchObject({
      enrollmentType: 'periodic',
      price: 100000,
      discount: 10000,
      periodUnit: 'week',
      periodLength: 2,
      classesPerPeriod: 3,
      isOfficial: true,
      startDate: '2025-01-31T21:00:00.000Z',
    });
  });

  it('refuses missing data, a course with an active enrolment, and courses or students of others', async () => {
    const s = await register();
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [
        { studentId: s.id, courseId: piano },
        400,
        'Kurs kaydı eklenemedi: Bilgi eksik',
        'enrollment.missingInfo',
      ],
      [{ studentId: s.id, price: 100 }, 400, 'Kurs kaydı eklenemedi: Bilgi eksik', 'enrollment.missingInfo'],
      [
        { studentId: s.id, courseId: piano, price: 0 },
        400,
        'Kurs kaydı eklenemedi: Bilgi eksik',
        'enrollment.missingInfo',
      ],
      [
        { studentId: s.id, courseId: piano, price: '12,345' },
        400,
        'Kurs kaydı eklenemedi: Bilgi eksik',
        'enrollment.missingInfo',
      ],
      [
        { studentId: s.id, courseId: piano, price: 100, discount: 200 },
        400,
        'İndirim sıfırdan küçük ve fiyattan büyük olamaz.',
        'enrollment.discountInvalid',
      ],
      [
        { studentId: s.id, courseId: piano, price: 100, periodUnit: 'year' },
        400,
        'Dönem birimi gün, hafta veya ay olmalıdır.',
        'enrollment.periodUnitInvalid',
      ],
      [
        { studentId: s.id, courseId: piano, price: 100, extra: 1 },
        400,
        'Tanınmayan alan: extra',
        'common.unknownField',
      ],
      [{ studentId: s.id, courseId: randomUUID(), price: 100 }, 404, 'Kurs bulunamadı.', 'course.notFound'],
      [
        { studentId: randomUUID(), courseId: piano, price: 100 },
        404,
        'Öğrenci bulunamadı.',
        'student.notFound',
      ],
      [
        { studentId: s.id, courseId: piano, price: 100, startDate: '2024-12-31' },
        400,
        'Kurs kaydı eklenemedi: Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.',
        'enrollment.addFailed',
      ],
    ];
    for (const [body, status, error, code] of cases) {
      const r = await api().post('addEnrollment', body);
      const answer = { error: r.body.error, code: r.body.code };
      expect({ body, status: r.status, answer }).toEqual({ body, status, answer: { error, code } });
    }
    expect((await api().post('addEnrollment', { studentId: s.id, courseId: piano, price: 100 })).status).toBe(
      200,
    );
    const twice = await api().post('addEnrollment', { studentId: s.id, courseId: piano, price: 100 });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      error: 'Kurs kaydı eklenemedi: Öğrencinin bu kursta aktif bir kaydı var.',
      code: 'enrollment.courseActive',
    });
    const theirCourse = await addCourse(t, other, 'Bale');
    const foreign = await api().post('addEnrollment', { studentId: s.id, courseId: theirCourse, price: 100 });
    expect(foreign.status).toBe(404);
  });
});

describe('editEnrollment (retroactive rules of product.md 5) and endEnrollment', () => {
  it('moves the start and end, re-prices, and answers the exact messages of a refused edit', async () => {
    const s = await register({ regD: 1, regM: 1, regY: 2025 });
    const older = await api().post('addEnrollment', {
      studentId: s.id,
      courseId: piano,
      price: 100,
      startDate: '2025-01-10',
      endDate: '2025-03-01',
    });
    expect(older.status).toBe(200);
    const current = await api().post('addEnrollment', {
      studentId: s.id,
      courseId: piano,
      price: 120,
      startDate: '2025-04-01',
    });
    expect(current.status).toBe(200);

    const ok = await api().post('editEnrollment', {
      id: current.body.id,
      price: '150',
      startDate: '2025-03-15',
      isOfficial: true,
    });
    expect(ok.status).toBe(200);
    const e = (await api().get('getEnrollments', { studentId: s.id })).body.find(
      (x: { id: string }) => x.id === current.body.id,
    );
    expect(e).toMatchObject({
      price: 15000,
      startDate: '2025-03-14T21:00:00.000Z',
      isOfficial: true,
      editedBy: owner.userId,
    });

    const refused = async (body: Record<string, unknown>) => {
      const r = await api().post('editEnrollment', { id: current.body.id, ...body });
      return [r.status, r.body.error];
    };
    expect(await refused({ startDate: '2024-12-01' })).toEqual([
      400,
      'Güncelleme yapılamadı.\nKurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.\nKurs kaydına atanan yeni tarih aralığı geçmiş/gelecek kurs kayıtlarıyla çakışamaz.',
    ]);
    expect(await refused({ endDate: '2025-03-01' })).toEqual([
      400,
      'Güncelleme yapılamadı.\nBaşlangıç zamanı bitiş zamanından sonra olamaz.',
    ]);
    expect(await refused({ startDate: '2025-02-01' })).toEqual([
      400,
      'Güncelleme yapılamadı.\nKurs kaydına atanan yeni tarih aralığı geçmiş/gelecek kurs kayıtlarıyla çakışamaz.',
    ]);
    expect(await refused({ price: 0 })).toEqual([400, 'Fiyat 1 ile 999999999 TL arasında olmalıdır.']);
    expect(await refused({ periodLength: 1000 })).toEqual([
      400,
      'Dönem uzunluğu ve dönem başına ders sayısı 1 ile 999 arasında olmalıdır.',
    ]);
    const unknown = await api().post('editEnrollment', { id: randomUUID(), price: 100 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Kurs kaydı bulunamadı.', code: 'enrollment.notFound' });

    const end = await api().post('endEnrollment', { ID: current.body.id });
    expect(end.status).toBe(200);
    const ended = (await api().get('getEnrollments', { studentId: s.id })).body.find(
      (x: { id: string }) => x.id === current.body.id,
    );
    expect(ended.active).toBe(false);
    expect(Date.parse(ended.endDate)).toBeLessThanOrEqual(Date.now());
    const again = await api().post('endEnrollment', { id: current.body.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Kurs kaydı kapatılamadı: Kurs kaydı zaten kapalı.',
      code: 'enrollment.alreadyEnded',
    });
    const noId = await api().post('endEnrollment', {});
    expect(noId.body).toEqual({ error: 'Kurs kaydı seçilmemiş.', code: 'enrollment.idMissing' });
    // product.md 4: with no active enrolment left, the student is inactive.
    const [st] = (await api().get('getStudents', { id: s.id })).body;
    expect(st).toMatchObject({ active: false, activeCourses: [] });
  });

  it('logs add, edit and end with the old and new price and dates', async () => {
    const logs = (await api().post('requestOrgLogs', { limit: 200 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    const edit = logs.find((l) => l.action === 'edit_enrollment');
    expect(edit?.details).toMatchObject({
      studentDbId: expect.any(String),
      courseId: piano,
      price: 12000,
      newPrice: 15000,
      startDate: '2025-03-31T21:00:00.000Z',
      newStartDate: '2025-03-14T21:00:00.000Z',
      endDate: null,
      newEndDate: null,
    });
    expect(logs.find((l) => l.action === 'add_enrollment')?.details).toMatchObject({
      price: expect.any(Number),
      courseId: expect.any(String),
    });
    expect(logs.find((l) => l.action === 'end_enrollment')?.details).toMatchObject({
      endDate: expect.any(String),
    });
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['add_enrollment_failed', 'edit_enrollment_failed', 'end_enrollment_failed']),
    );
  });

  it('is school-admin only and keeps organisations apart', async () => {
    const s = await register();
    const { body } = await api().post('addEnrollment', { studentId: s.id, courseId: violin, price: 100 });
    const inst = orgApi(t, instructor, owner.organizationId);
    expect((await inst.get('getEnrollments')).status).toBe(403);
    expect((await inst.post('addEnrollment', { studentId: s.id, courseId: piano, price: 100 })).status).toBe(
      403,
    );
    const theirs = orgApi(t, other, owner.organizationId);
    for (const [call, payload] of [
      ['addEnrollment', { studentId: s.id, courseId: piano, price: 100 }],
      ['editEnrollment', { id: body.id, price: 5 }],
      ['endEnrollment', { ID: body.id }],
    ] as const) {
      expect((await theirs.post(call, payload)).status).toBe(403);
    }
    expect((await theirs.get('getEnrollments')).status).toBe(403);
    expect((await orgApi(t, other).post('endEnrollment', { ID: body.id })).status).toBe(404);
    expect((await orgApi(t, other).get('getEnrollments')).body).toEqual([]);
  });
});
