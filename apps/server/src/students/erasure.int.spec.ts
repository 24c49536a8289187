import { ROLES, logSentence } from '@okul/domain';
import { allProjections, rebuildProjection } from '@okul/projections';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

// KVKK erasure end to end: after it no personal field of the student is readable anywhere the
// organisation can look (answers, lists, search, logs, a backup made afterwards), on PostgreSQL and on
// the embedded PGlite (TEST_DB=pglite), while amounts and attendances stay as they were.
let t: TestServer;
let owner: SignedIn;
let admin: SignedIn;
let stranger: SignedIn;
let erased: { id: string; studentNumber: number };
let kept: { id: string };
const tckn = tcknSource(912);
const ERASED_TCKN = tckn();
const PERSONAL = [
  'Zerrin',
  'Karabulut',
  ERASED_TCKN,
  'zerrin@kvkk.example',
  '5449876543',
  '5448765432',
  'Çamlık Sk. 12',
  'Nevin Karabulut',
];
const api = () => orgApi(t, owner);

const binary = (r: request.Test) =>
  r.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

function expectNoPersonalData(text: string) {
  for (const p of PERSONAL) expect(text).not.toContain(p);
}

const figures = async () => ({
  balances: (await api().post('getStudentBalances', { id: erased.id })).body,
  payments: (await api().get('getPayments')).body,
  attendances: (await api().get('getAttendances')).body.attendances,
});

beforeAll(async () => {
  t = await startTestServer();
  [owner, admin, stranger] = await Promise.all([
    signUpOwner(t.http),
    signUpOwner(t.http),
    signUpOwner(t.http),
  ]);
  await addMember(t, owner.organizationId, admin.userId, ROLES.schoolAdmin);
  const course = await addCourse(t, owner, 'Viyola');
  const a = await api().post(
    'registerStudent',
    studentBody(ERASED_TCKN, {
      name: 'Zerrin',
      surname: 'Karabulut',
      email: 'zerrin@kvkk.example',
      phone: '5449876543',
      address: 'Çamlık Sk. 12',
      parent1Name: 'Nevin Karabulut',
      parent1Phone: '5448765432',
    }),
  );
  expect(a.status).toBe(200);
  erased = a.body;
  const b = await api().post('registerStudent', studentBody(tckn(), { name: 'Deniz', surname: 'Akgül' }));
  expect(b.status).toBe(200);
  kept = b.body;
  // An edit, so the log holds an entry of the student's own with the name and the stream a second event.
  expect(
    (
      await api().post('editStudent', {
        id: erased.id,
        ...studentBody(ERASED_TCKN, {
          name: 'Zerrin',
          surname: 'Karabulut',
          email: 'zerrin@kvkk.example',
          phone: '5449876543',
          address: 'Çamlık Sk. 12',
          parent1Name: 'Nevin Karabulut',
          parent1Phone: '5448765432',
          notes: 'Viyola seviyesi iyi',
        }),
      })
    ).status,
  ).toBe(200);
  for (const id of [erased.id, kept.id]) {
    const e = await api().post('addEnrollment', {
      studentId: id,
      courseId: course,
      price: 300,
      startDate: '2025-03-01',
    });
    expect(e.status).toBe(200);
  }
  const pay = await api().post('addPayment', {
    studentId: erased.id,
    courseId: course,
    amount: '450',
    method: 'cash',
  });
  expect(pay.status).toBe(200);
  const att = await api().post('addAttendance', {
    courseId: course,
    attendants: [erased.id, kept.id],
    day: 10,
    month: 3,
    year: 2025,
    hour: 18,
    minute: 30,
  });
  expect(att.status).toBe(200);
}, 300_000);
afterAll(async () => t?.close());

describe('eraseStudentPersonalData (KVKK)', () => {
  it('is the school-owner’s alone: a school-admin of the organisation is refused', async () => {
    const r = await orgApi(t, admin, owner.organizationId).post('eraseStudentPersonalData', {
      id: erased.id,
      confirmation: String(erased.studentNumber),
    });
    expect(r.status).toBe(403);
  });

  it('does not reach another organisation’s student', async () => {
    const r = await orgApi(t, stranger).post('eraseStudentPersonalData', {
      id: erased.id,
      confirmation: String(erased.studentNumber),
    });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('student.notFound');
  });

  it('asks for the student number as typed confirmation and erases nothing without it', async () => {
    const r = await api().post('eraseStudentPersonalData', { id: erased.id, confirmation: '00000' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'student.eraseConfirmMismatch',
      error: 'Yazılan numara öğrenci numarasıyla aynı değil.',
    });
    const list = await api().get('getStudents', { id: erased.id });
    expect(JSON.stringify(list.body)).toContain('Zerrin');
  });

  it('leaves no personal field of the student readable, keeps the amounts, and logs it without the name', async () => {
    const before = await figures();
    expect(JSON.stringify((await api().get('getStudents', { id: erased.id })).body)).toContain('Zerrin');

    const r = await api().post('eraseStudentPersonalData', {
      id: erased.id,
      confirmation: String(erased.studentNumber).padStart(5, '0'),
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: erased.id });

    const after = await figures();
    expect(after.balances).toEqual(before.balances);
    const amounts = (rows: Array<Record<string, unknown>>) => rows.map((p) => [p.id, p.amount]);
    expect(amounts(after.payments)).toEqual(amounts(before.payments));
    // The attendances are the same lessons with the same students; only the erased one's name changed.
    type Attendance = { students: Array<{ id: string; studentNumber: number }> } & Record<string, unknown>;
    const attendees = (rows: Attendance[]) =>
      rows.map(({ students, ...rest }) => ({
        ...rest,
        students: students.map((x) => ({ id: x.id, studentNumber: x.studentNumber })),
      }));
    expect(attendees(after.attendances)).toEqual(attendees(before.attendances));

    const name = `Silinmiş öğrenci #${String(erased.studentNumber).padStart(5, '0')}`;
    const full = await api().get('getStudents');
    const row = full.body.find((s: { id: string }) => s.id === erased.id);
    expect(row).toMatchObject({ name, surname: '', TCKN: '', email: null, phone: null, parent1Name: null });
    expect(row.studentNumber).toBe(erased.studentNumber);
    expect(full.body.find((s: { id: string }) => s.id === kept.id).name).toBe('Deniz');

    const answers = [
      full.body,
      (await api().get('getStudents', { view: 'list' })).body,
      (await api().get('getStudents', { id: erased.id })).body,
      (await api().get('getStudents', { q: 'zerrin' })).body,
      (await api().get('getStudents', { q: ERASED_TCKN })).body,
      (await api().get('getEnrollments')).body,
      after.payments,
      after.attendances,
      (await api().post('getStudentBalanceSheet', { id: erased.id })).body,
      (await api().get('getDashboard')).body,
    ];
    for (const a of answers) expectNoPersonalData(JSON.stringify(a));
    expect((await api().get('getStudents', { q: 'zerrin' })).body).toEqual([]);

    const logs = await request(t.http)
      .post(`/api/v1/orgs/${owner.organizationId}/requestOrgLogs`)
      .set(owner.auth)
      .send({});
    expect(logs.status).toBe(200);
    const logText = JSON.stringify(logs.body);
    expectNoPersonalData(logText);
    const entry = logs.body.logs.find((l: { action: string }) => l.action === 'erase_student_personal_data');
    expect(entry.details).toMatchObject({ studentDbId: erased.id, studentNumber: erased.studentNumber });
    expect(logSentence(entry.action, entry.details)).toBe(
      `${String(erased.studentNumber).padStart(5, '0')} numaralı öğrencinin kişisel verilerini sildi (KVKK).`,
    );
    expect(logText).toContain('Deniz');

    const zip = await binary(
      request(t.http).get(`/api/v1/orgs/${owner.organizationId}/exportOrganizationBackup`).set(owner.auth),
    );
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const events = strFromU8(files['events.jsonl']);
    expect(events).toContain('StudentPersonalDataErased');
    expect(events).toContain('Deniz');
    // The TCKN reservation's stream is named by the TCKN (docs/DECISIONS.md, "Erasure under KVKK": the one
    // place a personal value stays, as a stream id); every event's content is free of personal data.
    const lines = events
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { streamId: string; data: unknown; metadata: unknown });
    for (const l of lines) expectNoPersonalData(JSON.stringify([l.data, l.metadata]));
    expect(lines.filter((l) => l.streamId.includes(ERASED_TCKN)).map((l) => l.streamId)).toEqual([
      `student-tckn-${owner.organizationId}-${ERASED_TCKN}`,
    ]);
    for (const [path, content] of Object.entries(files)) {
      if (path.endsWith('.json')) expectNoPersonalData(strFromU8(content));
    }
  }, 120_000);

  it('refuses an edit that would bring the data back, and a repeated erasure changes nothing', async () => {
    const edit = await api().post('editStudent', { id: erased.id, ...studentBody(ERASED_TCKN) });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('student.erased');
    const again = await api().post('eraseStudentPersonalData', {
      id: erased.id,
      confirmation: String(erased.studentNumber),
    });
    expect(again.status).toBe(200);
  });

  it('gives the same read models when they are rebuilt from zero', async () => {
    const students = async () => (await api().get('getStudents')).body;
    const logs = async () =>
      (
        await request(t.http)
          .post(`/api/v1/orgs/${owner.organizationId}/requestOrgLogs`)
          .set(owner.auth)
          .send({})
      ).body;
    const [s0, l0] = [await students(), await logs()];
    const { persistence } = t.server.runtime;
    for (const p of allProjections.filter((x) => x.name === 'students' || x.name === 'audit_log')) {
      await rebuildProjection(persistence.projectionDb, persistence.store, p);
    }
    expect(await students()).toEqual(s0);
    expect(await logs()).toEqual(l0);
    expectNoPersonalData(JSON.stringify(await students()));
  }, 120_000);
});
