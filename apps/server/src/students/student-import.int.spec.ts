import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, legacyImportedStudentKey } from '@okul/domain';
import { registerBeforeKeyedTckn } from '../../test/support/before-keyed-tckn';
import { addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';
import { deterministicUuid } from '../infra/ids';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
const tckn = tcknSource(1207);
const api = (s: SignedIn = owner, org = owner.organizationId) => orgApi(t, s, org);

beforeAll(async () => {
  t = await startTestServer();
  [owner, other, instructor] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, instructor.userId, ROLES.schoolInstructor);
});
afterAll(async () => t?.close());

const listed = async (s: SignedIn = owner) =>
  (await api(s, s.organizationId).get('getStudents', { view: 'list' })).body as Array<{
    id: string;
    name: string;
    studentNumber: number;
  }>;

describe('importStudents', () => {
  const good1 = tckn();
  const good2 = tckn();
  const formTckn = tckn();
  const rows = [
    { line: 2, student: studentBody(good1, { name: 'Ali', regY: 2023 }) },
    { line: 3, student: studentBody('12345678901', { name: 'Bad', pob: '' }) },
    { line: 4, student: studentBody(good2, { name: 'Veli', regY: 2023, phone: '0532 111 22 33' }) },
    { line: 5, student: studentBody(good1, { name: 'Twice' }) },
    { line: 6, student: studentBody(tckn(), { name: 'Tel', phone: '0212 123 45 67' }) },
    { line: 7, student: studentBody(formTckn, { name: 'Form' }) },
  ];

  it('registers the valid rows and answers each refused one with the form’s message and code', async () => {
    const byForm = await api().post('registerStudent', studentBody(formTckn, { regY: 2023 }));
    expect(byForm.status).toBe(200);

    const r = await api().post('importStudents', { fileName: 'liste.csv', rows });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      total: 6,
      created: 2,
      existing: 0,
      refused: 4,
      rows: [
        { line: 2, status: 'created', studentId: expect.any(String), studentNumber: 23002 },
        {
          line: 3,
          status: 'refused',
          code: 'student.createInvalid',
          error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz, Doğum yeri',
        },
        { line: 4, status: 'created', studentId: expect.any(String), studentNumber: 23003 },
        {
          line: 5,
          status: 'refused',
          code: 'studentImport.duplicateInFile',
          error: 'Öğrenci kaydedilemedi: Bu TC kimlik no dosyada 2. satırda da var',
        },
        {
          line: 6,
          status: 'refused',
          code: 'student.phoneInvalid',
          error: 'Öğrenci kaydedilemedi: Telefon 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __',
        },
        {
          line: 7,
          status: 'refused',
          code: 'student.createInvalid',
          error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
        },
      ],
    });
    const students = await listed();
    expect(students.map((s) => s.name).sort()).toEqual(['Ali', 'Ayşe', 'Veli']);

    const full = (await api().get('getStudents', { id: r.body.rows[2].studentId })).body[0];
    expect(full).toMatchObject({ name: 'Veli', phone: '5321112233', TCKN: good2, createdBy: owner.userId });

    // İşlem Dökümü: one entry for the import with its counts, and the students' registrations
    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    const entry = logs.find((l) => l.action === 'import_students');
    expect(entry?.details).toMatchObject({ fileName: 'liste.csv', total: 6, created: 2, refused: 4 });
    expect(logs.filter((l) => l.action === 'register_student')).toHaveLength(3);
  });

  it('adds nothing when the same file is imported again', async () => {
    const before = await listed();
    const r = await api().post('importStudents', { fileName: 'liste.csv', rows });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 6, created: 0, existing: 2, refused: 4 });
    expect(r.body.rows[0]).toEqual({
      line: 2,
      status: 'existing',
      studentId: expect.any(String),
      studentNumber: 23002,
    });
    expect(await listed()).toHaveLength(before.length);
  });

  it('refuses a chunk over the limit or without rows, and writes nothing', async () => {
    const many = Array.from({ length: 251 }, (_, i) => ({ line: i + 2, student: studentBody(tckn()) }));
    const tooMany = await api().post('importStudents', { rows: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: 'studentImport.tooManyRows',
      error: 'Bir istekte en fazla 250 satır gönderilebilir.',
    });
    const none = await api().post('importStudents', { rows: [] });
    expect(none.body).toMatchObject({ code: 'studentImport.noRows', error: 'İçe aktarılacak satır yok.' });
    expect(await listed()).toHaveLength(3);
  });

  it('is school-admin only, and another organisation’s owner cannot import into this one', async () => {
    const row = [{ line: 2, student: studentBody(tckn(), { name: 'Sızma' }) }];
    const byInstructor = await api(instructor).post('importStudents', { rows: row });
    expect(byInstructor.status).toBe(403);
    const byStranger = await api(other).post('importStudents', { rows: row });
    expect(byStranger.status).toBe(403);
    expect((await listed()).map((s) => s.name)).not.toContain('Sızma');

    // the same TCKNs imported into the other organisation are new students there
    const own = await api(other, other.organizationId).post('importStudents', { rows: rows.slice(0, 1) });
    expect(own.body).toMatchObject({ created: 1, existing: 0 });
    expect(own.body.rows[0].studentId).not.toBe((await listed()).find((s) => s.name === 'Ali')?.id);
  });

  it('derives no student id from the TCKN in clear, and still finds a student imported before', async () => {
    const fresh = tckn();
    const r = await api().post('importStudents', {
      fileName: 'yeni.csv',
      rows: [{ line: 2, student: studentBody(fresh, { name: 'Yeni' }) }],
    });
    expect(r.body.rows[0].status).toBe('created');
    expect(r.body.rows[0].studentId).not.toBe(
      deterministicUuid(legacyImportedStudentKey(owner.organizationId, fresh)),
    );

    // Imported when ids came from the clear TCKN and reservations were named by it.
    const earlier = tckn();
    const old = await registerBeforeKeyedTckn(
      t,
      owner,
      deterministicUuid(legacyImportedStudentKey(owner.organizationId, earlier)),
      studentBody(earlier, { name: 'Eski' }),
    );
    const again = await api().post('importStudents', {
      fileName: 'eski.csv',
      rows: [{ line: 2, student: studentBody(earlier, { name: 'Eski' }) }],
    });
    expect(again.body.rows).toEqual([
      { line: 2, status: 'existing', studentId: old.id, studentNumber: old.studentNumber },
    ]);
  });
});
