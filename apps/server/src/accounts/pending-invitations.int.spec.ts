import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMail,
  login,
  registrationForm,
  sentMails,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
const org = (s: SignedIn, call: string) => `/api/v1/orgs/${s.organizationId}/${call}`;
const REVOKED = 'Bu davet kurum tarafından iptal edilmiş. Lütfen kurumunuzdan yeni bir davet isteyin.';

beforeAll(async () => {
  t = await startTestServer({ PUBLIC_URL: 'https://kurspanel.test' });
  [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
});
afterAll(async () => t?.close());

async function invite(by: SignedIn, email: string, orgRoleId = 5, name = 'Deniz Yılmaz') {
  const r = await request(t.http)
    .post(org(by, 'inviteUser'))
    .set(by.auth)
    .send({ email, name, orgId: by.organizationId, orgRoleId });
  expect(r.status).toBe(200);
  return r.body.invitationId as string;
}

const pending = async (s: SignedIn) => {
  const r = await request(t.http).get(org(s, 'getPendingInvitations')).set(s.auth);
  expect(r.status).toBe(200);
  return r.body as Array<{ id: string; email: string } & Record<string, unknown>>;
};
const call = (s: SignedIn, route: 'resendInvitation' | 'revokeInvitation', invitationId: unknown) =>
  request(t.http).post(org(s, route)).set(s.auth).send({ invitationId });
const accept = (email: string, token: string) =>
  request(t.http).post('/api/v1/acceptInvitation').send({ email, token, newPassword: 'davet-sifre-1' });

/** A member of the owner's organisation with the given role, through an accepted invitation. */
async function member(orgRoleId: number): Promise<SignedIn> {
  const email = registrationForm().email;
  await invite(owner, email, orgRoleId);
  expect((await accept(email, lastMail(t.http, email, 'invite').token)).status).toBe(200);
  return login(t.http, email, 'davet-sifre-1');
}

describe('pending invitations', () => {
  it('lists who was invited, by whom, with which role, when and until when', async () => {
    const email = registrationForm().email;
    const id = await invite(owner, email, 5, 'Deniz Yılmaz');
    const invitee = await signUpOwner(t.http);
    const inboxId = await invite(owner, invitee.email, 4, '');
    const list = await pending(owner);
    const ownerName = (await request(t.http).get('/api/v1/getProfile').set(owner.auth)).body.name;
    expect(list.find((i) => i.id === id)).toEqual({
      id,
      email,
      name: 'Deniz Yılmaz',
      orgRoleId: 5,
      delivery: 'email',
      invitedByUserId: owner.userId,
      invitedByName: expect.stringContaining(ownerName),
      invitedAt: expect.any(String),
      lastSentAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(list.find((i) => i.id === id)!.expiresAt as string)).toBeGreaterThan(Date.now());
    expect(list.find((i) => i.id === inboxId)).toMatchObject({
      email: invitee.email,
      orgRoleId: 4,
      delivery: 'inbox',
      expiresAt: null,
    });
    // the most recently sent first
    expect(list.findIndex((i) => i.id === inboxId)).toBeLessThan(list.findIndex((i) => i.id === id));
    // another organisation sees none of them
    expect((await pending(other)).map((i) => i.id)).not.toEqual(expect.arrayContaining([id]));
    expect((await pending(other)).map((i) => i.id)).not.toContain(inboxId);
  });

  it('resends an e-mail invitation with a new link; the old link stops working, the new one joins once', async () => {
    const email = registrationForm().email;
    const id = await invite(owner, email);
    const first = lastMail(t.http, email, 'invite');
    const before = (await pending(owner)).find((i) => i.id === id)!;

    const r = await call(owner, 'resendInvitation', id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id, expiresAt: expect.any(String) });
    const second = lastMail(t.http, email, 'invite');
    expect(second.token).not.toBe(first.token);
    expect(second.subject).toBe(first.subject);
    const after = (await pending(owner)).find((i) => i.id === id)!;
    expect(after.expiresAt).toBe(r.body.expiresAt);
    expect(Date.parse(after.lastSentAt as string)).toBeGreaterThan(Date.parse(before.lastSentAt as string));
    expect(after.invitedAt).toBe(before.invitedAt);

    const old = await accept(email, first.token);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({
      code: 'invitation.tokenReplaced',
      error:
        'Bu davet bağlantısı yenilendi. Lütfen e-postanıza gönderilen en son davet bağlantısını kullanın.',
    });
    expect((await accept(email, second.token)).status).toBe(200);
    expect((await pending(owner)).map((i) => i.id)).not.toContain(id);

    // an accepted invitation is neither sent again nor revoked
    expect((await call(owner, 'resendInvitation', id)).body.code).toBe('invitation.alreadyAnswered');
    const revoke = await call(owner, 'revokeInvitation', id);
    expect(revoke.status).toBe(409);
    expect(revoke.body).toEqual({
      error: 'Kabul edilmiş bir davet iptal edilemez.',
      code: 'invitation.acceptedNotRevocable',
    });
  });

  it('a resend retried with the same Idempotency-Key answers the same and mails one link', async () => {
    const email = registrationForm().email;
    const id = await invite(owner, email);
    const mails = () => sentMails(t).filter((m) => m.to === email).length;
    const before = mails();
    const send = () =>
      request(t.http)
        .post(org(owner, 'resendInvitation'))
        .set(owner.auth)
        .set('Idempotency-Key', `resend-${id}`)
        .send({ invitationId: id });
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(mails()).toBe(before + 1);
    expect((await accept(email, lastMail(t.http, email, 'invite').token)).status).toBe(200);
  });

  it('an invitation retried after a crash answers the same and mails no link that was never stored', async () => {
    const email = registrationForm().email;
    const key = `davet-cokme-${email}`;
    const send = () =>
      request(t.http)
        .post(org(owner, 'inviteUser'))
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send({ email, name: 'Deniz Yılmaz', orgId: owner.organizationId, orgRoleId: 5 });
    const first = await send();
    expect(first.status).toBe(200);
    const mails = () => sentMails(t).filter((m) => m.to === email).length;
    expect(mails()).toBe(1);
    // The process died after storing the invitation, before its answer was kept.
    await t.server.runtime.persistence.db.query(`DELETE FROM idempotent_responses WHERE key = $1`, [
      `${owner.userId}:${key}`,
    ]);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(mails()).toBe(1);
    expect((await accept(email, lastMail(t.http, email, 'invite').token)).status).toBe(200);
  });

  it('revokes an e-mail invitation: it leaves the list and its link answers that it was revoked', async () => {
    const email = registrationForm().email;
    const id = await invite(owner, email);
    const { token } = lastMail(t.http, email, 'invite');
    const r = await call(owner, 'revokeInvitation', id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id });
    expect((await pending(owner)).map((i) => i.id)).not.toContain(id);

    const link = await accept(email, token);
    expect(link.status).toBe(410);
    expect(link.body).toEqual({ error: REVOKED, code: 'invitation.revoked' });
    const again = await call(owner, 'revokeInvitation', id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Bu davet zaten iptal edilmiş.');
    expect((await call(owner, 'resendInvitation', id)).status).toBe(409);

    // İşlem Dökümü: the revocation and the refused second one, with the address
    const logs = async (action: string) =>
      (await request(t.http).post(org(owner, 'requestOrgLogs')).set(owner.auth).send({ action })).body.logs;
    expect((await logs('revoke_invitation'))[0]).toMatchObject({
      userId: owner.userId,
      details: { email },
    });
    expect((await logs('revoke_invitation_failed'))[0].details.reason).toBe('Bu davet zaten iptal edilmiş.');
    expect((await logs('resend_invitation_failed')).length).toBeGreaterThan(0);
  });

  it('revokes an inbox invitation: the invitee sees it revoked and can no longer answer it', async () => {
    const invitee = await signUpOwner(t.http);
    const id = await invite(owner, invitee.email, 4, '');
    const resend = await call(owner, 'resendInvitation', id);
    expect(resend.status).toBe(409);
    expect(resend.body.code).toBe('invitation.inboxNotResendable');
    expect((await call(owner, 'revokeInvitation', id)).status).toBe(200);

    const inbox = (await request(t.http).get('/api/v1/getMessages').set(invitee.auth)).body;
    expect(inbox.find((m: { id: string }) => m.id === id)).toMatchObject({
      type: 'invitation',
      responseStatus: 'revoked',
      respondedAt: expect.any(String),
    });
    const answer = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(invitee.auth)
      .send({ messageId: id, accept: true });
    expect(answer.status).toBe(410);
    expect(answer.body.error).toBe(REVOKED);
    // a revoked invitation no longer blocks a new one to the same person
    await invite(owner, invitee.email, 4, '');
  });

  it('only those who may invite list, resend and revoke', async () => {
    const email = registrationForm().email;
    const id = await invite(owner, email);
    const [admin, staff] = [await member(3), await member(4)];
    expect((await pending(admin)).map((i) => i.id)).toContain(id);
    for (const s of [staff]) {
      expect((await request(t.http).get(org(s, 'getPendingInvitations')).set(s.auth)).status).toBe(403);
      expect((await call(s, 'resendInvitation', id)).status).toBe(403);
      expect((await call(s, 'revokeInvitation', id)).status).toBe(403);
    }
    expect((await call(admin, 'resendInvitation', id)).status).toBe(200);
    expect((await call(admin, 'revokeInvitation', id)).status).toBe(200);
  });

  it("another organisation's invitation is out of reach", async () => {
    const email = registrationForm().email;
    const id = await invite(owner, email);
    // through one's own organisation: not found
    for (const route of ['resendInvitation', 'revokeInvitation'] as const) {
      const r = await call(other, route, id);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'Davet bulunamadı.', code: 'invitation.notFound' });
    }
    // through the other organisation's path: not a member
    expect((await request(t.http).get(org(owner, 'getPendingInvitations')).set(other.auth)).status).toBe(403);
    expect(
      (await request(t.http).post(org(owner, 'revokeInvitation')).set(other.auth).send({ invitationId: id }))
        .status,
    ).toBe(403);
    // still pending, and its link still works
    expect((await pending(owner)).map((i) => i.id)).toContain(id);
    expect((await accept(email, lastMail(t.http, email, 'invite').token)).status).toBe(200);
  });

  it('refuses a malformed invitation id with a Turkish message', async () => {
    for (const invitationId of ['x', 42, null]) {
      const r = await call(owner, 'revokeInvitation', invitationId);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('Davet bulunamadı.');
    }
    const nul = await call(owner, 'revokeInvitation', 'a\u0000b');
    expect(nul.status).toBe(400);
    expect(nul.body.error).toBe('Geçersiz karakter içeren alan: invitationId');
    const extra = await request(t.http)
      .post(org(owner, 'resendInvitation'))
      .set(owner.auth)
      .send({ invitationId: '00000000-0000-4000-8000-000000000000', more: 1 });
    expect(extra.status).toBe(400);
    const unknown = await call(owner, 'resendInvitation', '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});
