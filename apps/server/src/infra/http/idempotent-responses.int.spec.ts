import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, studentBody, tcknSource } from '../../../test/support/school-fixtures';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';

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
});
