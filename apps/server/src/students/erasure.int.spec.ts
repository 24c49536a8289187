import { randomUUID } from 'node:crypto';
import { ROLES, logSentence } from '@okul/domain';
import { allProjections, rebuildProjection } from '@okul/projections';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { registerBeforeKeyedTckn } from '../../test/support/before-keyed-tckn';
import {
  payWithMock,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

// KVKK erasure end to end: after it no personal field of the student is readable anywhere the
// organisation can look (answers, lists, search, logs, the SMS outbox, a backup made afterwards with its
// stream ids), on PostgreSQL and on the embedded PGlite (TEST_DB=pglite), while amounts, attendances and SMS
// credits stay as they were.
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
const SMS_TEXT = 'Zerrin Karabulut için yarın ders yok.';
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

type OutboxRow = { studentId: string; dest: string; msg: string } & Record<string, unknown>;
const outbox = async () => (await api().get('getSmsOutbox')).body as OutboxRow[];
const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};

const figures = async () => ({
  balances: (await api().post('getStudentBalances', { id: erased.id })).body,
  payments: (await api().get('getPayments')).body,
  attendances: (await api().get('getAttendances')).body.attendances,
});

beforeAll(async () => {
  t = await startTestServer({ SMS_LOCAL_DELIVERY_MS: '50', SMS_POLL_INTERVAL_MS: '50' });
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
      studentPhoneOptInStatus: 'ONAY',
    }),
  );
  expect(a.status).toBe(200);
  erased = a.body;
  const b = await api().post(
    'registerStudent',
    studentBody(tckn(), {
      name: 'Deniz',
      surname: 'Akgül',
      phone: '5321230001',
      studentPhoneOptInStatus: 'ONAY',
    }),
  );
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
          studentPhoneOptInStatus: 'ONAY',
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
  // An SMS to each of them: the campaign's event carries both phone numbers and texts in one.
  await payWithMock(t.http, owner, 'sms-credits-100');
  const sms = await api().post('sendSms', {
    messages: [
      { DBID: erased.id, destination: '5449876543', message: SMS_TEXT },
      { DBID: kept.id, destination: '5321230001', message: 'Deniz Akgül için yarın ders yok.' },
    ],
  });
  expect(sms.status).toBe(200);
  const delivered = await until(outbox, (rows) => rows.filter((m) => m.status === 'delivered').length === 2);
  expect(delivered.map((m) => m.status)).toEqual(['delivered', 'delivered']);
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

  it('holds the TCKN for its student: registering it again is refused before the erasure', async () => {
    const r = await api().post('registerStudent', studentBody(ERASED_TCKN, { name: 'Başka' }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'student.createInvalid',
      error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
      details: { tcknHolderId: erased.id },
    });
  });

  it('leaves no personal field of the student readable, keeps the amounts, and logs it without the name', async () => {
    const before = await figures();
    const outboxBefore = await outbox();
    expect(JSON.stringify(outboxBefore)).toContain(SMS_TEXT);
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

    // The outbox keeps every message with its status, size and credits; the erased student's phone number
    // and text are blank, the other student's untouched.
    const outboxAfter = await outbox();
    const blanked = (rows: OutboxRow[]) =>
      rows.map((m) => (m.studentId === erased.id ? { ...m, dest: '', msg: '' } : m));
    expect(outboxAfter).toEqual(blanked(outboxBefore));
    expect(outboxAfter.find((m) => m.studentId === kept.id)).toMatchObject({
      dest: '905321230001',
      msg: 'Deniz Akgül için yarın ders yok.',
    });

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
      outboxAfter,
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
    expect(events).toContain('Deniz Akgül için yarın ders yok.');
    // Nothing of the student anywhere in the history: not in an event's content, not in a stream id (the
    // TCKN reservation is named by a keyed hash), not in the SMS campaign that also went to Deniz.
    expectNoPersonalData(events);
    const lines = events
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { streamId: string; type: string; data: { studentId?: string } });
    const reservation = lines.filter((l) => l.type.startsWith('Tckn') && l.data.studentId === erased.id);
    expect(reservation.map((l) => l.type)).toEqual(['TcknReserved', 'TcknReleased']);
    expect(reservation[0].streamId).toMatch(
      new RegExp(`^student-tckn-ref-${owner.organizationId}-[0-9a-f]{64}$`),
    );
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
    const [s0, l0, o0] = [await students(), await logs(), await outbox()];
    const { persistence } = t.server.runtime;
    for (const p of allProjections.filter((x) => ['students', 'audit_log', 'sms'].includes(x.name))) {
      await rebuildProjection(persistence.projectionDb, persistence.store, p);
    }
    expect(await students()).toEqual(s0);
    expect(await logs()).toEqual(l0);
    expect(await outbox()).toEqual(o0);
    expectNoPersonalData(JSON.stringify([await students(), await outbox()]));
  }, 120_000);

  it('frees the TCKN with the erasure: the person can be registered again, as a new student', async () => {
    const again = await api().post('registerStudent', studentBody(ERASED_TCKN, { name: 'Zerrin' }));
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(erased.id);
    expect(again.body.studentNumber).not.toBe(erased.studentNumber);
    const third = await api().post('registerStudent', studentBody(ERASED_TCKN, { name: 'Üçüncü' }));
    expect(third.status).toBe(400);
    expect(third.body.details).toMatchObject({ tcknHolderId: again.body.id });
    // The erased student stays erased: the new registration is not linked to it.
    const row = (await api().get('getStudents', { id: erased.id })).body;
    expectNoPersonalData(JSON.stringify(row));
  });

  it('still refuses a TCKN held by a reservation made before the keyed stream names', async () => {
    const OLD_TCKN = tckn();
    const old = await registerBeforeKeyedTckn(
      t,
      owner,
      randomUUID(),
      studentBody(OLD_TCKN, { name: 'Eski' }),
    );
    const twice = await api().post('registerStudent', studentBody(OLD_TCKN, { name: 'Yeni' }));
    expect(twice.status).toBe(400);
    expect(twice.body.details).toMatchObject({ tcknHolderId: old.id });
    const imported = await api().post('importStudents', {
      fileName: 'liste.csv',
      rows: [{ line: 2, student: studentBody(OLD_TCKN, { name: 'Yeni' }) }],
    });
    expect(imported.status).toBe(200);
    expect(imported.body.rows).toEqual([
      expect.objectContaining({ line: 2, status: 'refused', code: 'student.createInvalid' }),
    ]);
    // Its holder moves to another TCKN: the old reservation is released where it is, and the TCKN is free.
    const NEXT_TCKN = tckn();
    const moved = await api().post('editStudent', {
      id: old.id,
      ...studentBody(NEXT_TCKN, { name: 'Eski' }),
    });
    expect(moved.status).toBe(200);
    const freed = await api().post('registerStudent', studentBody(OLD_TCKN, { name: 'Yeni' }));
    expect(freed.status).toBe(200);
    const taken = await api().post('registerStudent', studentBody(NEXT_TCKN, { name: 'Başka' }));
    expect(taken.body.details).toMatchObject({ tcknHolderId: old.id });
  });
});
