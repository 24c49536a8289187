import { RequestMethod, type Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig, ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, studentBody, tcknSource } from '../../../test/support/school-fixtures';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';
import { IdempotentWrites } from './idempotent-responses';

/** A POST repeated with its Idempotency-Key after a lost answer gets the first answer, and stores nothing twice. */
describe('repeated writes with the same Idempotency-Key', () => {
  let t: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  const tckn = tcknSource(91);

  beforeAll(async () => {
    t = await startTestServer();
    [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  });
  afterAll(async () => t?.close());

  it('is on every POST route and on no read, which runs without any interceptor', () => {
    expect(t.server.app.get(ApplicationConfig).getGlobalInterceptors()).toEqual([]);
    const routes = { post: 0, read: 0 };
    for (const mod of t.server.app.get(ModulesContainer).values()) {
      for (const wrapper of mod.controllers.values()) {
        const cls = wrapper.metatype as Type;
        for (const name of Object.getOwnPropertyNames(cls.prototype)) {
          const handler = Object.getOwnPropertyDescriptor(cls.prototype, name)?.value as object;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (method === undefined) continue;
          const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[]) ?? [];
          if (method === RequestMethod.POST) {
            expect(interceptors, `${cls.name}.${name}`).toEqual([IdempotentWrites]);
            routes.post++;
          } else {
            expect(interceptors, `${cls.name}.${name}`).toEqual([]);
            routes.read++;
          }
        }
      }
    }
    expect(routes.post).toBeGreaterThan(50);
    expect(routes.read).toBeGreaterThan(20);
  });

  const post = (s: SignedIn, call: string, body: object, key?: string) => {
    const r = request(t.http).post(`/api/v1/orgs/${s.organizationId}/${call}`).set(s.auth);
    return (key ? r.set('Idempotency-Key', key) : r).send(body);
  };
  const students = async (s: SignedIn) =>
    (await request(t.http).get(`/api/v1/orgs/${s.organizationId}/getStudents`).set(s.auth)).body as unknown[];

  it('answers a repeated registerStudent as the first time, with one student stored', async () => {
    const body = studentBody(tckn());
    const first = await post(owner, 'registerStudent', body, 'kayit-1');
    expect(first.status).toBe(200);
    const again = await post(owner, 'registerStudent', body, 'kayit-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await students(owner)).toHaveLength(1);
    // a new request (another key) is decided anew: the TCKN is taken now
    const fresh = await post(owner, 'registerStudent', body, 'kayit-2');
    expect(fresh.status).toBe(400);
    expect(fresh.body.error).toContain('TCKN zaten kayıtlı');
  });

  it('answers a repeated delete of a payment as the first time, and the payment is deleted once', async () => {
    const student = (await post(owner, 'registerStudent', studentBody(tckn()))).body as { id: string };
    const courseId = await addCourse(t, owner, 'Keman');
    const paid = await post(owner, 'addPayment', {
      studentId: student.id,
      courseId,
      amount: '300',
      method: 'cash',
    });
    expect(paid.status).toBe(200);
    const first = await post(owner, 'deletePayment', { id: paid.body.id }, 'sil-1');
    expect(first.status).toBe(200);
    const again = await post(owner, 'deletePayment', { id: paid.body.id }, 'sil-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const logs = await post(owner, 'requestOrgLogs', { action: 'soft_delete_payment', limit: 50 });
    expect(logs.status).toBe(200);
    const entries = (logs.body.logs ?? logs.body) as unknown[];
    expect(entries).toHaveLength(1);
  });

  it('keeps keys apart per user: another owner using the same key writes their own student', async () => {
    const mine = await post(owner, 'registerStudent', studentBody(tckn()), 'ortak-anahtar');
    const theirs = await post(other, 'registerStudent', studentBody(tckn()), 'ortak-anahtar');
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toEqual(mine.body);
    expect(await students(other)).toHaveLength(1);
  });

  it('answers a repeated account call as the first time: an invitation answered once stays answered', async () => {
    const invitee = await signUpOwner(t.http);
    const invited = await post(owner, 'inviteUser', {
      email: invitee.email,
      name: '',
      orgId: owner.organizationId,
      orgRoleId: 4,
    });
    expect(invited.status).toBe(200);
    const respond = () =>
      request(t.http)
        .post('/api/v1/respondToOrgInvitation')
        .set(invitee.auth)
        .set('Idempotency-Key', 'davet-cevap-1')
        .send({ messageId: invited.body.invitationId, accept: true });
    const first = await respond();
    expect(first.status).toBe(200);
    const again = await respond();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('does not keep a refusal: the same key may succeed once the request is put right', async () => {
    const bad = await post(owner, 'registerStudent', studentBody(tckn(), { name: '' }), 'duzelt-1');
    expect(bad.status).toBe(400);
    const good = await post(owner, 'registerStudent', studentBody(tckn()), 'duzelt-1');
    expect(good.status).toBe(200);
  });

  const lessonSetup = async () => {
    const student = (await post(owner, 'registerStudent', studentBody(tckn()))).body as { id: string };
    const courseId = await addCourse(t, owner, `Ders ${Math.random().toString(36).slice(2, 8)}`);
    const enrolled = await post(owner, 'addEnrollment', {
      studentId: student.id,
      courseId,
      price: 200,
      startDate: '2025-02-01',
    });
    expect(enrolled.status).toBe(200);
    return { studentId: student.id, courseId };
  };
  const lesson = (courseId: string, studentId: string) => ({
    courseId,
    attendants: [studentId],
    day: 3,
    month: 3,
    year: 2025,
    hour: 10,
    minute: 0,
  });
  const attendanceCount = async (courseId: string) =>
    (
      await request(t.http)
        .get(`/api/v1/orgs/${owner.organizationId}/getAttendances`)
        .query({ courseId })
        .set(owner.auth)
    ).body;

  it('two copies of one addAttendance at once: the second waits for the first and answers the same', async () => {
    const { studentId, courseId } = await lessonSetup();
    const body = lesson(courseId, studentId);
    const [a, b] = await Promise.all([
      post(owner, 'addAttendance', body, 'yoklama-ayni-an'),
      post(owner, 'addAttendance', body, 'yoklama-ayni-an'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    const list = await attendanceCount(courseId);
    expect(list.total ?? list.attendances?.length ?? list.length).toBe(1);
  });

  it('a retry after a crash (events stored, no answer kept) answers what the first attempt answered', async () => {
    const { studentId, courseId } = await lessonSetup();
    const body = lesson(courseId, studentId);
    const first = await post(owner, 'addAttendance', body, 'yoklama-cokme');
    expect(first.status).toBe(200);
    const newStudent = studentBody(tckn());
    const student = await post(owner, 'registerStudent', newStudent, 'kayit-cokme');
    expect(student.status).toBe(200);
    const paid = await post(owner, 'addPayment', { studentId, courseId, amount: '50' }, 'odeme-cokme');
    expect(paid.status).toBe(200);
    // The process died after storing the events: either before its claim was answered, or before anything
    // of the key was kept at all.
    const db = t.server.runtime.persistence.db;
    await db.query(
      `UPDATE idempotent_responses SET status = NULL, body = NULL, claimed_at = now() - interval '1 hour'
        WHERE key LIKE '%:yoklama-cokme'`,
    );
    await db.query(
      `DELETE FROM idempotent_responses WHERE key LIKE '%:kayit-cokme' OR key LIKE '%:odeme-cokme'`,
    );
    // someone else records another lesson meanwhile: the retry still gets its own code back
    expect((await post(owner, 'addAttendance', { ...body, day: 4 })).status).toBe(200);
    const again = await post(owner, 'addAttendance', body, 'yoklama-cokme');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const studentAgain = await post(owner, 'registerStudent', newStudent, 'kayit-cokme');
    expect(studentAgain.status).toBe(200);
    expect(studentAgain.body).toEqual(student.body);
    const paidAgain = await post(owner, 'addPayment', { studentId, courseId, amount: '50' }, 'odeme-cokme');
    expect(paidAgain.status).toBe(200);
    expect(paidAgain.body).toEqual(paid.body);
    const list = await attendanceCount(courseId);
    expect(list.total ?? list.attendances?.length ?? list.length).toBe(2);
  });

  it('refuses the same key on another route or with another body (422), changing nothing', async () => {
    const { studentId, courseId } = await lessonSetup();
    const paid = await post(owner, 'addPayment', { studentId, courseId, amount: '100' }, 'odeme-anahtar');
    expect(paid.status).toBe(200);
    const edit = await post(owner, 'editPayment', { id: paid.body.id, amount: '120' }, 'odeme-anahtar');
    expect(edit.status).toBe(422);
    expect(edit.body.error).toBe(
      'Bu Idempotency-Key başka bir istek için kullanılmış. Her yeni istek için yeni bir anahtar gönderin.',
    );
    const other = await post(owner, 'addPayment', { studentId, courseId, amount: '999' }, 'odeme-anahtar');
    expect(other.status).toBe(422);
    const same = await post(owner, 'addPayment', { studentId, courseId, amount: '100' }, 'odeme-anahtar');
    expect(same.status).toBe(200);
    expect(same.body).toEqual(paid.body);
  });
});
