import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSentence } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let guitar: string;
let drums: string;
const students: Array<{ id: string; studentNumber: number }> = [];
const tckn = tcknSource(23);
const api = () => orgApi(t, owner);
const inst = () => orgApi(t, instructor, owner.organizationId);

const lesson = (o: Record<string, unknown> = {}) => ({
  courseId: guitar,
  attendants: [students[0].id, students[1].id],
  day: 10,
  month: 3,
  year: 2025,
  hour: 18,
  minute: 30,
  ...o,
});

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId);
  guitar = await addCourse(t, owner, 'Gitar');
  drums = await addCourse(t, owner, 'Davul');
  for (const [name, surname] of [
    ['Ali', 'Veli'],
    ['Ece', 'Su'],
    ['Can', 'Ok'],
  ]) {
    const r = await api().post(
      'registerStudent',
      studentBody(tckn(), { name, surname, regD: 1, regM: 1, regY: 2025 }),
    );
    students.push(r.body);
  }
  // Ali and Ece hold Gitar from 1 March 2025 to 1 April 2025 (the end exclusive); Can holds Davul only.
  for (const s of students.slice(0, 2)) {
    const r = await api().post('addEnrollment', {
      studentId: s.id,
      courseId: guitar,
      price: 200,
      startDate: '2025-03-01',
      endDate: '2025-04-01',
    });
    expect(r.status).toBe(200);
  }
  await api().post('addEnrollment', {
    studentId: students[2].id,
    courseId: drums,
    price: 300,
    startDate: '2025-02-01',
  });
});
afterAll(async () => t?.close());

describe('addAttendance', () => {
  it('records a lesson with a readable code, and an instructor may take attendance', async () => {
    const r = await inst().post('addAttendance', lesson());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(/^YK-\d{4}-0001$/),
      attendanceNumber: 1,
    });
    const second = await api().post('addAttendance', lesson({ day: 17, instructorId: null }));
    expect(second.body.attendanceNumber).toBe(2);
    const page = await inst().get('getAttendances', { id: r.body.id });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      attendances: [
        {
          id: r.body.id,
          DBID: r.body.id,
          attendanceId: r.body.code,
          attendanceNumber: 1,
          code: r.body.code,
          organizationId: owner.organizationId,
          courseId: guitar,
          courseName: 'Gitar',
          instructorId: null,
          instructorName: null,
          day: 10,
          month: 3,
          year: 2025,
          hour: 18,
          minute: 30,
          timestamp: '2025-03-10T15:30:00.000Z',
          attendants: [students[0].id, students[1].id],
          students: [
            { id: students[0].id, studentNumber: students[0].studentNumber, name: 'Ali', surname: 'Veli' },
            { id: students[1].id, studentNumber: students[1].studentNumber, name: 'Ece', surname: 'Su' },
          ],
          createdAt: expect.any(String),
          createdBy: instructor.userId,
          createdByName: 'Ayşe Yılmaz',
          editedAt: null,
          editedBy: null,
          editedByName: null,
        },
      ],
      total: 1,
      limit: 100,
      offset: 0,
    });
  });

  it('accepts a lesson up to the enrolment end, not at it (end exclusive, as the balance rule charges)', async () => {
    const r = await api().post('addAttendance', lesson({ day: 31, month: 3, hour: 23, minute: 59 }));
    expect(r.status).toBe(200);
    const atEnd = await api().post('addAttendance', lesson({ day: 1, month: 4, hour: 0, minute: 0 }));
    expect(atEnd.status).toBe(400);
    expect(atEnd.body.error).toContain('Bu tarihte kursa aktif kaydı olmayan öğrenciler');
  });

  it('refuses students without an active enrolment of the course at that time, naming them', async () => {
    const n = (i: number) => String(students[i].studentNumber).padStart(5, '0');
    const late = await api().post('addAttendance', lesson({ day: 2, month: 4 }));
    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      error: `Bu tarihte kursa aktif kaydı olmayan öğrenciler: ${n(0)} Ali Veli, ${n(1)} Ece Su`,
    });
    const mixed = await api().post('addAttendance', lesson({ attendants: [students[0].id, students[2].id] }));
    expect(mixed.body).toEqual({ error: `Bu tarihte kursa aktif kaydı olmayan öğrenciler: ${n(2)} Can Ok` });
    const stranger = randomUUID();
    const foreign = await api().post('addAttendance', lesson({ attendants: [stranger] }));
    expect(foreign.body).toEqual({ error: `Bu tarihte kursa aktif kaydı olmayan öğrenciler: ${stranger}` });
  });

  it('answers the warnings of api.md 8.3', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [lesson({ courseId: undefined }), 400, 'Ders seçilmemiş'],
      [lesson({ attendants: [] }), 400, 'Öğrenci sayısı sıfır'],
      [lesson({ day: 31, month: 4 }), 400, 'Gün/saat eksik veya hatalı'],
      [lesson({ hour: 24 }), 400, 'Gün/saat eksik veya hatalı'],
      [lesson({ minute: undefined }), 400, 'Gün/saat eksik veya hatalı'],
      [lesson({ instructorId: 'x' }), 400, 'Eğitmen geçersiz.'],
      [lesson({ courseId: randomUUID() }), 404, 'Kurs bulunamadı.'],
    ];
    for (const [body, status, error] of cases) {
      const r = await api().post('addAttendance', body);
      expect({ body, status: r.status, answer: r.body }).toEqual({ body, status, answer: { error } });
    }
  });
});

describe('editAttendance and deleteAttendance', () => {
  it('edits time, attendees and instructor, never the course', async () => {
    const { body } = await api().post('addAttendance', lesson({ day: 20 }));
    const instructorId = (
      await api().post('addInstructor', { name: 'Zeki', surname: 'Kaya', branches: [guitar] })
    ).body.id as string;
    // The Eğitmen must be an instructor of this organisation (a clear 404, no stored unknown ids).
    const unknown = await inst().post('editAttendance', {
      ...lesson({ day: 21 }),
      id: body.id,
      instructorId: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Seçilen eğitmen bu kurumun eğitmenleri arasında yok.' });
    const edit = await inst().post('editAttendance', {
      id: body.id,
      attendants: [students[1].id],
      day: 21,
      month: 3,
      year: 2025,
      hour: 10,
      minute: 0,
      instructorId,
    });
    expect(edit.status).toBe(200);
    const [a] = (await api().get('getAttendances', { id: body.id })).body.attendances;
    expect(a).toMatchObject({
      code: body.code,
      day: 21,
      hour: 10,
      attendants: [students[1].id],
      instructorId,
      instructorName: 'Zeki Kaya',
      editedBy: instructor.userId,
      editedByName: 'Ayşe Yılmaz',
    });
    const course = await api().post('editAttendance', { ...lesson(), id: body.id, courseId: drums });
    expect(course.status).toBe(400);
    expect(course.body).toEqual({ error: 'Yoklamanın kursu değiştirilemez.' });
    const late = await api().post('editAttendance', { ...lesson({ day: 5, month: 5 }), id: body.id });
    expect(late.body.error).toMatch(/^Bu tarihte kursa aktif kaydı olmayan öğrenciler: /);

    const del = await inst().post('deleteAttendance', { id: body.id });
    expect(del.status).toBe(200);
    expect((await api().get('getAttendances', { id: body.id })).body).toMatchObject({
      attendances: [],
      total: 0,
    });
    const again = await api().post('deleteAttendance', { id: body.id });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Yoklama bulunamadı.' });
    expect((await api().post('editAttendance', { ...lesson(), id: body.id })).status).toBe(404);
  });

  it('logs add, edit and delete', async () => {
    const logs = (await api().post('requestOrgLogs', { limit: 200 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'add_attendance',
        'edit_attendance',
        'delete_attendance',
        'add_attendance_failed',
      ]),
    );
    expect(logs.find((l) => l.action === 'add_attendance')?.details).toMatchObject({
      courseId: guitar,
      name: expect.stringMatching(/^YK-/),
    });
    // The lesson edited above from 20.03.2025 18:30 to 21.03.2025 10:00 (Istanbul) and then deleted.
    const edit = logs.find((l) => l.action === 'edit_attendance');
    expect(edit?.details).toMatchObject({
      courseId: guitar,
      startDate: '2025-03-20T15:30:00.000Z',
      newStartDate: '2025-03-21T07:00:00.000Z',
    });
    expect(logSentence('edit_attendance', edit?.details)).toMatch(
      /^"YK-\d{4}-\d+" yoklamasının zamanını 20\.03\.2025 18:30 → 21\.03\.2025 10:00 olarak değiştirdi\.$/,
    );
    const del = logs.find((l) => l.action === 'delete_attendance');
    expect(del?.details).toMatchObject({ courseId: guitar, startDate: '2025-03-21T07:00:00.000Z' });
    expect(logSentence('delete_attendance', del?.details)).toMatch(
      /^"YK-\d{4}-\d+" yoklamasını sildi \(zaman: 21\.03\.2025 10:00\)\.$/,
    );
  });
});

describe('getAttendances', () => {
  it('pages newest first and searches by code, course, date and student number', async () => {
    const all = await api().get('getAttendances');
    expect(all.body.total).toBe(3);
    expect(all.body.attendances.map((a: { day: number; month: number }) => `${a.day}.${a.month}`)).toEqual([
      '31.3',
      '17.3',
      '10.3',
    ]);
    const page = await api().get('getAttendances', { limit: 1, offset: 1 });
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.body.attendances.map((a: { day: number }) => a.day)).toEqual([17]);
    const first = all.body.attendances[2];
    expect((await api().get('getAttendances', { q: first.code.toLowerCase() })).body.total).toBe(1);
    expect((await api().get('getAttendances', { q: '17.03.2025' })).body.total).toBe(1);
    expect((await api().get('getAttendances', { q: 'gİtar 18:30' })).body.total).toBe(2);
    const number = String(students[0].studentNumber).padStart(5, '0');
    expect((await api().get('getAttendances', { q: number })).body.total).toBe(3);
    expect((await api().get('getAttendances', { studentId: students[0].id })).body.total).toBe(3);
    expect((await api().get('getAttendances', { courseId: drums })).body.total).toBe(0);
    expect((await api().get('getAttendances', { instructorId: 'none' })).body.total).toBe(3);
    // product.md 2: the instructor is searched as the list shows it, Diğer for none
    expect((await api().get('getAttendances', { q: 'DİĞER' })).body.total).toBe(3);
    expect((await api().get('getAttendances', { q: 'diğer 17.03.2025' })).body.total).toBe(1);
    expect((await api().get('getAttendances', { q: 'diğer davul' })).body.total).toBe(0);
    expect((await api().get('getAttendances', { from: '2025-03-11', to: '2025-03-31' })).body.total).toBe(1);
    expect((await api().get('getAttendances', { from: '2025-03-11', to: '2025-04-01' })).body.total).toBe(2);
    const bad = await api().get('getAttendances', { limit: 0 });
    expect(bad.status).toBe(400);
  });

  it('keeps organisations apart', async () => {
    const theirs = orgApi(t, other, owner.organizationId);
    expect((await theirs.get('getAttendances')).status).toBe(403);
    expect((await theirs.post('addAttendance', lesson())).status).toBe(403);
    const [a] = (await api().get('getAttendances')).body.attendances;
    expect((await theirs.post('deleteAttendance', { id: a.id })).status).toBe(403);
    expect((await theirs.post('editAttendance', { ...lesson(), id: a.id })).status).toBe(403);
    expect((await orgApi(t, other).post('deleteAttendance', { id: a.id })).status).toBe(404);
    expect((await orgApi(t, other).post('editAttendance', { ...lesson(), id: a.id })).status).toBe(404);
    expect((await orgApi(t, other).get('getAttendances')).body.total).toBe(0);
    const mine = await orgApi(t, other).post('addAttendance', lesson());
    expect(mine.status).toBe(404); // the course is not theirs
  });
});
