import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
const logs = (body: object) =>
  request(t.http).post(`/api/v1/orgs/${owner.organizationId}/requestOrgLogs`).set(owner.auth).send(body);

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
  for (let i = 1; i <= 55; i++) {
    const r = await request(t.http)
      .post(`/api/v1/orgs/${owner.organizationId}/addCourse`)
      .set(owner.auth)
      .set('User-Agent', 'okul-audit-test')
      .send({ name: `Kurs ${i}`, courseExplanation: 'Açıklama' });
    if (r.status !== 200) throw new Error(`addCourse ${i}: ${r.status}`);
  }
  await request(t.http)
    .post(`/api/v1/orgs/${owner.organizationId}/addCourse`)
    .set(owner.auth)
    .set('User-Agent', 'okul-audit-test')
    .send({ name: 'Eksik' });
  // 57 writes in a row: on a busy machine this takes longer than the default hook time
}, 240_000);
afterAll(async () => t?.close());

describe('requestOrgLogs (api.md 7.3 Logs)', () => {
  it('answers 50 entries a page, newest first, then continues after the id of the last one', async () => {
    const first = await logs({});
    expect(first.status).toBe(200);
    expect(first.body.logs).toHaveLength(50);
    expect(first.body.hasMore).toBe(true);
    const ids = first.body.logs.map((l: { id: string }) => BigInt(l.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
    const next = await logs({ lastDoc: first.body.logs[49].id });
    expect(next.status).toBe(200);
    expect(BigInt(next.body.logs[0].id)).toBeLessThan(ids[49]);
    const seen = [...first.body.logs, ...next.body.logs].map((l: { id: string }) => l.id);
    expect(new Set(seen).size).toBe(seen.length);
    // registration, e-mail verification, login, payment and 56 course actions: all of them, each once
    expect(next.body.hasMore).toBe(false);
    expect(seen.length).toBeGreaterThan(56);
  });

  it('starts over from the newest entry when the reset flag is sent, whatever lastDoc says', async () => {
    const first = await logs({ limit: 5 });
    const reset = await logs({ limit: 5, lastDoc: first.body.logs[4].id, reset: true });
    expect(reset.status).toBe(200);
    expect(reset.body.logs.map((l: { id: string }) => l.id)).toEqual(
      first.body.logs.map((l: { id: string }) => l.id),
    );
    const paged = await logs({ limit: 5, lastDoc: first.body.logs[4].id, reset: false });
    expect(paged.body.logs[0].id).not.toBe(first.body.logs[0].id);
  });

  it('records a refused action as <action>_failed with the reason, ip and user agent, and filters by action', async () => {
    const failed = await logs({ action: 'add_course_failed' });
    expect(failed.status).toBe(200);
    expect(failed.body.logs).toHaveLength(1);
    expect(failed.body.logs[0]).toMatchObject({
      action: 'add_course_failed',
      userId: owner.userId,
      details: { reason: 'açıklama eksik' },
      ipAddress: expect.any(String),
      userAgent: 'okul-audit-test',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const added = await logs({ action: 'add_course' });
    expect(added.body.logs).toHaveLength(50);
    expect(added.body.logs.every((l: { action: string }) => l.action === 'add_course')).toBe(true);
    expect(added.body.logs[0].details).toMatchObject({ name: 'Kurs 55', courseId: expect.any(String) });
  });

  it('names the student and the course as they were called then, and shows IPv4 without ::ffff:', async () => {
    const api = orgApi(t, owner);
    const courseId = await addCourse(t, owner, 'Piyano');
    const body = studentBody(tcknSource(31)(), { name: 'Ali', surname: 'Yılmaz' });
    const reg = await api.post('registerStudent', body);
    const studentId: string = reg.body.id ?? reg.body.student?.id;
    expect((await api.post('addEnrollment', { studentId, courseId, price: 1500 })).status).toBe(200);
    const paid = await api.post('addPayment', { studentId, courseId, amount: '1500', method: 'cash' });
    expect(paid.status).toBe(200);
    // renamed later: the earlier entries keep the names of their time, the later ones the new names
    expect((await api.post('editStudent', { id: studentId, ...body, name: 'Veli' })).status).toBe(200);
    expect(
      (await api.post('editCourse', { id: courseId, name: 'Keman', courseExplanation: 'Açıklama' })).status,
    ).toBe(200);
    expect((await api.post('deletePayment', { id: paid.body.id })).status).toBe(200);

    // The log is a read model: on a loaded machine it may take seconds to catch up.
    const entry = async (action: string) => {
      const end = Date.now() + 30_000;
      while (Date.now() < end) {
        const r = await logs({ action, limit: 1 });
        if (r.body.logs?.[0]) return r.body.logs[0];
        await new Promise((res) => setTimeout(res, 25));
      }
      throw new Error(`no ${action} entry`);
    };
    const enrolled = await entry('add_enrollment');
    expect(enrolled.details).toMatchObject({ studentName: 'Ali Yılmaz', courseName: 'Piyano' });
    expect((await entry('add_payment')).details).toMatchObject({
      studentName: 'Ali Yılmaz',
      courseName: 'Piyano',
    });
    expect((await entry('soft_delete_payment')).details).toMatchObject({
      studentName: 'Veli Yılmaz',
      courseName: 'Keman',
      amount: 150000,
    });
    // supertest connects over 127.0.0.1, which a dual-stack socket reports as ::ffff:127.0.0.1
    expect(enrolled.ipAddress).toBe('127.0.0.1');
  });

  it('refuses malformed paging and unknown fields with a Turkish error', async () => {
    for (const body of [{ lastDoc: 'abc' }, { limit: 'x' }, { limit: 1000 }, { reset: 'yes' }]) {
      const bad = await logs(body);
      expect(bad.status).toBe(400);
      // zod's own wording would be English ("Invalid input: ..."): the server answers in Turkish
      expect(bad.body.error).toMatch(/^(Geçersiz|Çok)/);
    }
    const unknown = await logs({ page: 2 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'Tanınmayan alan: page',
      code: 'common.unknownField',
      details: { fields: ['page'] },
    });
  });
});
