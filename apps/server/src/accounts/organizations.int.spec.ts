import { invitationStream } from '@okul/domain';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/token.service';
import { seedGlobalUser } from '../../test/support/seed-users';
import {
  lastMail,
  login,
  registrationForm,
  signUpOwner,
  startTestServer,
  projectionsCaughtUp,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let developer: SignedIn;
const org = (s: SignedIn, call: string) => `/api/v1/orgs/${s.organizationId}/${call}`;

beforeAll(async () => {
  t = await startTestServer({ PUBLIC_URL: 'https://kurspanel.test' });
  [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  developer = await seedGlobalUser(t, 1);
});
afterAll(async () => t?.close());

/** Invites a new address, accepts through the mailed link, and signs the new member in. */
async function newMember(by: SignedIn, orgRoleId: number, name = 'Zeynep Kaya'): Promise<SignedIn> {
  const email = registrationForm().email;
  const r = await request(t.http)
    .post(org(by, 'inviteUser'))
    .set(by.auth)
    .send({ email, name, orgId: by.organizationId, orgRoleId });
  expect(r.status).toBe(200);
  const { token } = lastMail(t.http, email, 'invite');
  expect(
    (
      await request(t.http)
        .post('/api/v1/acceptInvitation')
        .send({ email, token, newPassword: 'davet-sifre-1' })
    ).status,
  ).toBe(200);
  return login(t.http, email, 'davet-sifre-1');
}

describe('organisation settings and access', () => {
  it('renames the organisation (school-admin), refusing an empty name', async () => {
    const r = await request(t.http)
      .post(org(owner, 'editOrganization'))
      .set(owner.auth)
      .send({ name: '  Müzik Atölyesi ' });
    expect(r.status).toBe(200);
    const orgs = await request(t.http).get('/api/v1/getOrganizations').set(owner.auth);
    expect(orgs.body[0].organization.name).toBe('Müzik Atölyesi');
    const empty = await request(t.http)
      .post(org(owner, 'editOrganization'))
      .set(owner.auth)
      .send({ name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Kurum adı boş olamaz.');
    const foreign = await request(t.http)
      .post(org(owner, 'editOrganization'))
      .set(other.auth)
      .send({ name: 'Ele geçirildi' });
    expect(foreign.status).toBe(403);
  });

  it('lists every organisation for the developer only', async () => {
    const mine = await request(t.http).get('/api/v1/getAllOrganizations').set(owner.auth);
    expect(mine.status).toBe(403);
    const all = await request(t.http).get('/api/v1/getAllOrganizations').set(developer.auth);
    expect(all.status).toBe(200);
    const ids = all.body.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([owner.organizationId, other.organizationId]));
    expect(all.body.find((o: { id: string }) => o.id === owner.organizationId)).toMatchObject({
      ownerEmail: owner.email,
      memberCount: expect.any(Number),
      isMembershipActive: true,
      deactivated: false,
      orgRoleId: 1,
    });
  });

  it('a deactivated organisation refuses writes (403) until the developer opens it again', async () => {
    const s = await signUpOwner(t.http);
    expect((await request(t.http).post(org(s, 'deactivateOrganization')).set(s.auth).send({})).status).toBe(
      403,
    );
    const off = await request(t.http).post(org(s, 'deactivateOrganization')).set(developer.auth).send({});
    expect(off.status).toBe(200);
    const write = await request(t.http)
      .post(org(s, 'addCourse'))
      .set(s.auth)
      .send({ name: 'Piyano', courseExplanation: 'Bireysel' });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('Kurum erişime kapatılmış.');
    expect(
      (await request(t.http).get('/api/v1/getOrganizations').set(s.auth)).body[0].organization.deactivated,
    ).toBe(true);
    const on = await request(t.http).post(org(s, 'activateOrganization')).set(developer.auth).send();
    expect(on.status).toBe(200);
    expect(
      (
        await request(t.http)
          .post(org(s, 'addCourse'))
          .set(s.auth)
          .send({ name: 'Piyano', courseExplanation: 'Bireysel' })
      ).status,
    ).toBe(200);
  });

  it('an organisation without an active membership refuses writes with 402, reads still work', async () => {
    const s = await signUpOwner(t.http, {}, { pay: false });
    const write = await request(t.http)
      .post(org(s, 'addCourse'))
      .set(s.auth)
      .send({ name: 'Keman', courseExplanation: 'Grup' });
    expect(write.status).toBe(402);
    expect(write.body.error).toBe('Kurumunuzun üyeliği aktif değil. Lütfen ödemeyi tamamlayın.');
    expect(
      (
        await request(t.http)
          .post(org(s, 'inviteUser'))
          .set(s.auth)
          .send({ email: 'a@b.co', name: 'A', orgId: s.organizationId, orgRoleId: 4 })
      ).status,
    ).toBe(402);
    expect((await request(t.http).get(org(s, 'getCourses')).set(s.auth)).status).toBe(200);
    expect((await request(t.http).get(org(s, 'getOrganizationUsers')).set(s.auth)).status).toBe(200);
  });
});

describe('people and invitations', () => {
  it('invites a new address by e-mail; the link creates a verified, active member once', async () => {
    const email = registrationForm().email;
    const r = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email, name: 'Ali Demir', orgId: owner.organizationId, orgRoleId: 5 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, delivery: 'email', invitationId: expect.any(String) });
    const mail = lastMail(t.http, email, 'invite');
    expect(mail.subject).toBe("Müzik Atölyesi sizi KursPanel'e davet ediyor");
    expect(mail.text).toContain('Eğitmen rolüyle davet etti');
    expect(mail.links[0]).toContain('https://kurspanel.test/giris/invite?email=');

    const wrong = await request(t.http)
      .post('/api/v1/acceptInvitation')
      .send({ email, token: `${r.body.invitationId}.yanlis`, newPassword: 'davet-sifre-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Davet bağlantısı geçersiz ya da süresi dolmuş.');
    const otherEmail = await request(t.http)
      .post('/api/v1/acceptInvitation')
      .send({ email: 'baska@example.com', token: mail.token, newPassword: 'davet-sifre-1' });
    expect(otherEmail.status).toBe(400);
    const ok = await request(t.http)
      .post('/api/v1/acceptInvitation')
      .send({ email, token: mail.token, newPassword: 'davet-sifre-1' });
    expect(ok.status).toBe(200);
    const reused = await request(t.http)
      .post('/api/v1/acceptInvitation')
      .send({ email, token: mail.token, newPassword: 'baska-sifre-1' });
    expect(reused.status).toBe(400);

    const member = await login(t.http, email, 'davet-sifre-1');
    const profile = (await request(t.http).get('/api/v1/getProfile').set(member.auth)).body;
    expect(profile).toMatchObject({ name: 'Ali Demir', isEmailVerified: true, registrationStatus: 'active' });
    expect(member.organizationId).toBe(owner.organizationId);
    const users = await request(t.http).get(org(owner, 'getOrganizationUsers')).set(owner.auth);
    expect(users.body.find((u: { user: { email: string } }) => u.user.email === email)).toMatchObject({
      orgRoleId: 5,
      user: { name: 'Ali Demir' },
    });
    // an instructor sees what the role allows: not the users list (school-staff), not the invitations
    expect((await request(t.http).get(org(member, 'getOrganizationUsers')).set(member.auth)).status).toBe(
      403,
    );
    expect((await request(t.http).get(org(member, 'getCourses')).set(member.auth)).status).toBe(200);
    const logs = (
      await request(t.http)
        .post(org(owner, 'requestOrgLogs'))
        .set(owner.auth)
        .send({ action: 'accept_invitation' })
    ).body.logs;
    expect(logs.map((l: { userId: string }) => l.userId)).toContain(member.userId);
    const inbox = (await request(t.http).get('/api/v1/getMessages').set(owner.auth)).body;
    expect(inbox.find((m: { subject: string }) => m.subject === 'Davet kabul edildi')).toMatchObject({
      type: 'notification',
      isRead: false,
    });
  });

  it('refuses an expired invitation link', async () => {
    const email = registrationForm().email;
    const r = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email, name: 'Geç', orgId: owner.organizationId, orgRoleId: 4 });
    const wrongSecret = `${r.body.invitationId}.not-the-mailed-secret`;
    const past = new Date(Date.now() - 60_000).toISOString();
    // a second invitation, issued long ago, whose link has run out
    const invitationId = randomUUID();
    const staleToken = `${invitationId}.stale-${randomUUID()}`;
    const appended = await t.server.runtime.persistence.store.append(
      invitationStream(invitationId),
      [
        {
          id: randomUUID(),
          type: 'UserInvited',
          data: {
            invitationId,
            organizationId: owner.organizationId,
            organizationName: 'Müzik Atölyesi',
            email,
            name: 'Geç',
            orgRoleId: 4,
            invitedByUserId: owner.userId,
            invitedByName: 'Ayşe',
            invitedUserId: null,
            tokenHash: hashToken(staleToken),
            expiresAt: past,
            invitedAt: past,
          },
          metadata: {
            organizationId: owner.organizationId,
            userId: owner.userId,
            ipAddress: null,
            userAgent: null,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: past,
          },
        },
      ],
      'no_stream',
    );
    await projectionsCaughtUp(t, appended.lastPosition);
    expect(
      (
        await request(t.http)
          .post('/api/v1/acceptInvitation')
          .send({ email, token: staleToken, newPassword: 'davet-sifre-1' })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(t.http)
          .post('/api/v1/acceptInvitation')
          .send({ email, token: wrongSecret, newPassword: 'davet-sifre-1' })
      ).status,
    ).toBe(400);
  });

  it('invites an existing user through the inbox; accepting adds the membership, answering twice is refused', async () => {
    const invitee = await signUpOwner(t.http);
    const r = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email: invitee.email, name: '', orgId: owner.organizationId, orgRoleId: 4 });
    expect(r.body).toMatchObject({ success: true, delivery: 'inbox' });
    const again = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email: invitee.email, name: '', orgId: owner.organizationId, orgRoleId: 4 });
    expect(again.status).toBe(409);
    const inbox = (await request(t.http).get('/api/v1/getMessages').set(invitee.auth)).body;
    const item = inbox.find((m: { type: string }) => m.type === 'invitation');
    expect(item).toMatchObject({
      id: r.body.invitationId,
      subject: 'Kurum daveti: Müzik Atölyesi',
      isRead: false,
      responseStatus: 'pending',
      respondedAt: null,
      organizationId: owner.organizationId,
      createdAt: expect.any(String),
    });
    expect(item.body).toContain('Personel rolüyle davet etti');
    expect(
      (
        await request(t.http)
          .post('/api/v1/respondToOrgInvitation')
          .set(other.auth)
          .send({ messageId: item.id, accept: true })
      ).status,
    ).toBe(404);
    const ok = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(invitee.auth)
      .send({ messageId: item.id, accept: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      organizationId: owner.organizationId,
      responseStatus: 'accepted',
    });
    const twice = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(invitee.auth)
      .send({ messageId: item.id, accept: false });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Bu davet zaten yanıtlanmış.');
    const orgs = (await request(t.http).get('/api/v1/getOrganizations').set(invitee.auth)).body;
    expect(orgs.map((o: { organization: { id: string } }) => o.organization.id)).toContain(
      owner.organizationId,
    );
    const answered = (await request(t.http).get('/api/v1/getMessages').set(invitee.auth)).body.find(
      (m: { id: string }) => m.id === item.id,
    );
    expect(answered).toMatchObject({
      responseStatus: 'accepted',
      respondedAt: expect.any(String),
      isRead: true,
    });
    expect(
      (
        await request(t.http)
          .post(org(owner, 'inviteUser'))
          .set(owner.auth)
          .send({ email: invitee.email, name: '', orgId: owner.organizationId, orgRoleId: 4 })
      ).status,
    ).toBe(409);
    const logs = await request(t.http)
      .post(org(owner, 'requestOrgLogs'))
      .set(owner.auth)
      .send({ limit: 200 });
    expect(logs.body.logs.map((l: { action: string }) => l.action)).toEqual(
      expect.arrayContaining(['invite_user', 'accept_invitation', 'add_user_org_role', 'edit_organization']),
    );
  });

  it('an unverified user reads and answers an invitation (the account calls need no verified address)', async () => {
    const invitee = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const courses = await request(t.http).get(org(invitee, 'getCourses')).set(invitee.auth);
    expect(courses.body).toEqual({
      error: 'E-posta adresinizi doğrulamanız gerekiyor.',
      code: 'auth.emailNotVerified',
    });
    const r = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email: invitee.email, name: '', orgId: owner.organizationId, orgRoleId: 4 });
    expect(r.body).toMatchObject({ success: true, delivery: 'inbox' });
    const inbox = (await request(t.http).get('/api/v1/getMessages').set(invitee.auth)).body;
    expect(inbox.map((m: { id: string }) => m.id)).toContain(r.body.invitationId);
    const ok = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(invitee.auth)
      .send({ messageId: r.body.invitationId, accept: true });
    expect({ status: ok.status, body: ok.body }).toMatchObject({
      status: 200,
      body: { success: true, organizationId: owner.organizationId, responseStatus: 'accepted' },
    });
    const orgs = (await request(t.http).get('/api/v1/getOrganizations').set(invitee.auth)).body;
    expect(orgs.map((o: { organization: { id: string } }) => o.organization.id)).toContain(
      owner.organizationId,
    );
  });

  it('getAllOrganizations is an account call: an unverified developer lists them, others are refused by role', async () => {
    const unverifiedDeveloper = await seedGlobalUser(t, 1, { verified: false });
    const all = await request(t.http).get('/api/v1/getAllOrganizations').set(unverifiedDeveloper.auth);
    expect(all.status).toBe(200);
    expect(all.body.map((o: { id: string }) => o.id)).toContain(owner.organizationId);
    const unverified = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const refused = await request(t.http).get('/api/v1/getAllOrganizations').set(unverified.auth);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { error: 'Bu işlem için yetkiniz yok.', code: 'auth.forbidden' },
    });
  });

  it('a rejected invitation adds nothing and tells the inviter', async () => {
    const invitee = await signUpOwner(t.http);
    const r = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email: invitee.email, name: 'X', orgId: owner.organizationId, orgRoleId: 6 });
    const no = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(invitee.auth)
      .send({ messageId: r.body.invitationId, accept: false });
    expect(no.status).toBe(200);
    expect((await request(t.http).get('/api/v1/getOrganizations').set(invitee.auth)).body).toHaveLength(1);
    const inbox = (await request(t.http).get('/api/v1/getMessages').set(owner.auth)).body;
    expect(inbox.map((m: { subject: string }) => m.subject)).toContain('Davet reddedildi');
  });

  it('refuses roles that cannot be given, a foreign orgId and a non-admin inviter', async () => {
    for (const orgRoleId of [0, 1, 2, 7, 999]) {
      const r = await request(t.http)
        .post(org(owner, 'inviteUser'))
        .set(owner.auth)
        .send({ email: registrationForm().email, name: 'A', orgId: owner.organizationId, orgRoleId });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('Bu rol atanamaz.');
    }
    const mismatch = await request(t.http)
      .post(org(owner, 'inviteUser'))
      .set(owner.auth)
      .send({ email: registrationForm().email, name: 'A', orgId: other.organizationId, orgRoleId: 4 });
    expect(mismatch.status).toBe(400);
    const staff = await newMember(owner, 4, 'Personel Kişi');
    const byStaff = await request(t.http)
      .post(org(staff, 'inviteUser'))
      .set(staff.auth)
      .send({ email: registrationForm().email, name: 'A', orgId: owner.organizationId, orgRoleId: 4 });
    expect(byStaff.status).toBe(403);
    expect((await request(t.http).get(org(staff, 'getOrganizationUsers')).set(staff.auth)).status).toBe(200);
    // Read straight from the table, not through a read of the API: the audit log is waited for here.
    const { runner, persistence } = t.server.runtime;
    expect(await runner.waitFor(await persistence.store.headPosition())).toBe(true);
    const logs = await t.database.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'invite_user_failed' AND organization_id = $1`,
      [owner.organizationId],
    );
    expect(logs.rows[0].n).toBeGreaterThanOrEqual(6);
  });

  it("updates a member's role and name; the owner stays fixed; other organisations are out of reach", async () => {
    const member = await newMember(owner, 6, 'Öğrenci Bir');
    const r = await request(t.http)
      .post(org(owner, 'updateOrganizationUser'))
      .set(owner.auth)
      .send({ userId: member.userId, name: 'Öğrenci İki', orgRoleId: 3 });
    expect(r.status).toBe(200);
    const users = (await request(t.http).get(org(owner, 'getOrganizationUsers')).set(owner.auth)).body;
    expect(users.find((u: { user: { id: string } }) => u.user.id === member.userId)).toMatchObject({
      orgRoleId: 3,
      user: { name: 'Öğrenci İki' },
    });
    expect(users[0]).toMatchObject({ orgRoleId: 2, user: { id: owner.userId } });
    const ownerChange = await request(t.http)
      .post(org(owner, 'updateOrganizationUser'))
      .set(member.auth)
      .send({ userId: owner.userId, orgRoleId: 3 });
    expect(ownerChange.status).toBe(403);
    expect(ownerChange.body.error).toBe('Kurum sahibinin rolü değiştirilemez.');
    expect(
      (
        await request(t.http)
          .post(org(owner, 'updateOrganizationUser'))
          .set(owner.auth)
          .send({ userId: owner.userId, name: 'Ayşe Y.', orgRoleId: 2 })
      ).status,
    ).toBe(200);
    const global = await request(t.http)
      .post(org(owner, 'updateOrganizationUser'))
      .set(owner.auth)
      .send({ userId: member.userId, orgRoleId: 1 });
    expect(global.status).toBe(400);
    const stranger = await request(t.http)
      .post(org(owner, 'updateOrganizationUser'))
      .set(owner.auth)
      .send({ userId: other.userId, orgRoleId: 4 });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('Kullanıcı bu kurumun üyesi değil.');
    const foreign = await request(t.http)
      .post(org(owner, 'updateOrganizationUser'))
      .set(other.auth)
      .send({ userId: member.userId, orgRoleId: 4 });
    expect(foreign.status).toBe(403);
    expect((await request(t.http).get(org(owner, 'getOrganizationUsers')).set(other.auth)).status).toBe(403);
    const actions = (
      await request(t.http).post(org(owner, 'requestOrgLogs')).set(owner.auth).send({ limit: 200 })
    ).body.logs.map((l: { action: string }) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining(['update_org_user', 'edit_user', 'update_org_user_failed']),
    );
  });
});

describe('a user shared by two organisations', () => {
  it("one organisation's admin cannot rename them; the other still sees the old name", async () => {
    const shared = await newMember(owner, 4, 'Ortak Kişi');
    const invite = await request(t.http)
      .post(org(other, 'inviteUser'))
      .set(other.auth)
      .send({ email: shared.email, name: '', orgId: other.organizationId, orgRoleId: 4 });
    expect(invite.status).toBe(200);
    const accepted = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(shared.auth)
      .send({ messageId: invite.body.invitationId, accept: true });
    expect(accepted.status).toBe(200);

    const rename = await request(t.http)
      .post(org(owner, 'updateOrganizationUser'))
      .set(owner.auth)
      .send({ userId: shared.userId, name: 'Başka İsim', orgRoleId: 4 });
    expect(rename.status).toBe(409);
    expect(rename.body.error).toBe(
      'Bu kullanıcı başka kurumlarda da üye olduğu için adını yalnızca kendisi değiştirebilir.',
    );
    const seenByB = (await request(t.http).get(org(other, 'getOrganizationUsers')).set(other.auth)).body;
    expect(seenByB.find((u: { user: { id: string } }) => u.user.id === shared.userId).user.name).toBe(
      'Ortak Kişi',
    );
    // the role alone still changes, and the user renames themselves from their profile
    expect(
      (
        await request(t.http)
          .post(org(owner, 'updateOrganizationUser'))
          .set(owner.auth)
          .send({ userId: shared.userId, orgRoleId: 3 })
      ).status,
    ).toBe(200);
  });
});

describe('removing a member', () => {
  it("ends the membership at once: the user's open sessions lose the organisation, their others stay", async () => {
    const member = await newMember(owner, 4, 'Giden Kişi');
    const invite = await request(t.http)
      .post(org(other, 'inviteUser'))
      .set(other.auth)
      .send({ email: member.email, name: '', orgId: other.organizationId, orgRoleId: 4 });
    await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(member.auth)
      .send({ messageId: invite.body.invitationId, accept: true });
    const asMember = (s: SignedIn) => request(t.http).get(org(s, 'getOrganizationUsers')).set(member.auth);
    expect((await asMember(owner)).status).toBe(200);

    // a staff member may not remove anyone; the owner cannot be removed; another organisation's ids are out of reach
    expect(
      (
        await request(t.http)
          .post(org(owner, 'removeOrganizationUser'))
          .set(member.auth)
          .send({ userId: owner.userId })
      ).status,
    ).toBe(403);
    const ownerGone = await request(t.http)
      .post(org(owner, 'removeOrganizationUser'))
      .set(owner.auth)
      .send({ userId: owner.userId });
    expect(ownerGone.status).toBe(403);
    expect(ownerGone.body.error).toBe('Kurum sahibi kurumdan çıkarılamaz.');
    expect(
      (
        await request(t.http)
          .post(org(owner, 'removeOrganizationUser'))
          .set(owner.auth)
          .send({ userId: other.userId })
      ).status,
    ).toBe(404);

    const removed = await request(t.http)
      .post(org(owner, 'removeOrganizationUser'))
      .set(owner.auth)
      .send({ userId: member.userId });
    expect(removed.status).toBe(200);
    // the same access token, issued before the removal, no longer reaches the organisation
    expect((await asMember(owner)).status).toBe(403);
    expect((await asMember(other)).status).toBe(200);
    const orgs = (await request(t.http).get('/api/v1/getOrganizations').set(member.auth)).body;
    expect(orgs.map((o: { organization: { id: string } }) => o.organization.id)).toEqual([
      other.organizationId,
    ]);
    const users = (await request(t.http).get(org(owner, 'getOrganizationUsers')).set(owner.auth)).body;
    expect(users.some((u: { user: { id: string } }) => u.user.id === member.userId)).toBe(false);
    const logs = await request(t.http)
      .post(org(owner, 'requestOrgLogs'))
      .set(owner.auth)
      .send({ action: 'delete_user' });
    expect(JSON.stringify(logs.body)).toContain('Giden Kişi');
  });
});

describe('inbox', () => {
  it("lists messages newest first and marks one read, once, only one's own", async () => {
    const s = await signUpOwner(t.http);
    const inbox = (await request(t.http).get('/api/v1/getMessages').set(s.auth)).body;
    const welcome = inbox.find((m: { type: string }) => m.type === 'message');
    expect(welcome).toMatchObject({
      subject: "KursPanel'e hoş geldiniz",
      isRead: false,
      responseStatus: null,
    });
    expect(inbox.map((m: { type: string }) => m.type)).toEqual(
      expect.arrayContaining(['message', 'notification']),
    );
    expect(
      (
        await request(t.http)
          .post('/api/v1/markMessageAsRead')
          .set(other.auth)
          .send({ messageId: welcome.id })
      ).status,
    ).toBe(404);
    expect(
      (await request(t.http).post('/api/v1/markMessageAsRead').set(s.auth).send({ messageId: welcome.id }))
        .status,
    ).toBe(200);
    expect(
      (await request(t.http).post('/api/v1/markMessageAsRead').set(s.auth).send({ messageId: welcome.id }))
        .status,
    ).toBe(200);
    const after = (await request(t.http).get('/api/v1/getMessages').set(s.auth)).body.find(
      (m: { id: string }) => m.id === welcome.id,
    );
    expect(after.isRead).toBe(true);
    const notInvitation = await request(t.http)
      .post('/api/v1/respondToOrgInvitation')
      .set(s.auth)
      .send({ messageId: welcome.id, accept: true });
    expect(notInvitation.status).toBe(400);
    expect(notInvitation.body.error).toBe('Bu mesaj bir davet değil.');
  });
});
