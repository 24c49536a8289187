import { userStream } from '@okul/domain';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/token.service';
import { RequestPasswordResetHandler } from './account-email.commands';
import { seedGlobalUser } from '../../test/support/seed-users';
import {
  lastMail,
  waitForMail,
  login,
  registrationForm,
  sentMails,
  signUpOwner,
  startTestServer,
  projectionsCaughtUp,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ PUBLIC_URL: 'https://kurspanel.test' });
});
afterAll(async () => t?.close());

const profileOf = async (s: SignedIn) => (await request(t.http).get('/api/v1/getProfile').set(s.auth)).body;
const auditActions = async (userId: string) =>
  (
    await t.database.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE user_id = $1 ORDER BY id`,
      [userId],
    )
  ).rows.map((r) => r.action);

/** A token whose hash is in the user's stream but whose expiry has passed (as if issued yesterday). */
async function craftExpiredToken(
  userId: string,
  email: string,
  type: 'EmailVerificationRequested' | 'PasswordResetRequested',
): Promise<string> {
  const token = `expired-${randomUUID()}`;
  const past = new Date(Date.now() - 60_000).toISOString();
  const r = await t.server.runtime.persistence.store.append(
    userStream(userId),
    [
      {
        id: randomUUID(),
        type,
        data: { userId, email, tokenHash: hashToken(token), expiresAt: past, requestedAt: past },
        metadata: {
          organizationId: null,
          userId,
          ipAddress: null,
          userAgent: null,
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: past,
        },
      },
    ],
    'any',
  );
  await projectionsCaughtUp(t, r.lastPosition);
  return token;
}

describe('e-mail verification', () => {
  it('mails a Turkish link at registration; the link verifies once', async () => {
    const s = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const mail = lastMail(t.http, s.email, 'verify');
    expect(mail.subject).toBe('KursPanel e-posta adresinizi doğrulayın');
    expect(mail.text).toContain('Merhaba Ayşe,');
    expect(mail.html).toContain('E-posta adresimi doğrula');
    expect(mail.links[0]).toBe(
      `https://kurspanel.test/giris/verify?email=${encodeURIComponent(s.email)}&token=${mail.token}`,
    );

    const wrong = await request(t.http)
      .post('/api/v1/verifyEmail')
      .send({ email: s.email, token: 'yanlis-token' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(
      'Email adresiniz doğrulanamadı. Bağlantının süresi dolmuş ya da adresiniz zaten doğrulanmış olabilir.',
    );
    const ok = await request(t.http).post('/api/v1/verifyEmail').send({ email: s.email, token: mail.token });
    expect(ok.status).toBe(200);
    expect((await profileOf(s)).isEmailVerified).toBe(true);
    const reused = await request(t.http)
      .post('/api/v1/verifyEmail')
      .send({ email: s.email, token: mail.token });
    expect(reused.status).toBe(400);
    expect(await auditActions(s.userId)).toEqual(
      expect.arrayContaining(['create_user', 'request_email_verification', 'verify_email']),
    );
    const failed = await t.database.db.query(
      `SELECT details FROM audit_log WHERE action = 'verify_email_failed' AND details->>'email' = $1`,
      [s.email],
    );
    expect(failed.rowCount).toBe(2);
    expect(JSON.stringify(failed.rows)).not.toContain(mail.token);
  });

  it('refuses an expired token and accepts a resent one; an older link dies with the resend', async () => {
    const s = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const first = lastMail(t.http, s.email, 'verify');
    const expired = await craftExpiredToken(s.userId, s.email, 'EmailVerificationRequested');
    const r = await request(t.http).post('/api/v1/verifyEmail').send({ email: s.email, token: expired });
    expect(r.status).toBe(400);
    const resend = await request(t.http)
      .post('/api/v1/requestEmailVerification')
      .set(s.auth)
      .send({ email: s.email });
    expect(resend.status).toBe(200);
    const second = lastMail(t.http, s.email, 'verify');
    expect(second.token).not.toBe(first.token);
    expect(
      (await request(t.http).post('/api/v1/verifyEmail').send({ email: s.email, token: first.token })).status,
    ).toBe(400);
    expect(
      (await request(t.http).post('/api/v1/verifyEmail').send({ email: s.email, token: second.token }))
        .status,
    ).toBe(200);
    const again = await request(t.http).post('/api/v1/requestEmailVerification').set(s.auth).send({});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('E-posta adresiniz zaten doğrulanmış.');
  });

  it('a resend retried after a crash answers the same and mails no link that was never stored', async () => {
    const s = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const key = `dogrulama-cokme-${randomUUID()}`;
    const send = () =>
      request(t.http)
        .post('/api/v1/requestEmailVerification')
        .set(s.auth)
        .set('Idempotency-Key', key)
        .send({});
    const first = await send();
    expect(first.status).toBe(200);
    const mails = () => sentMails(t).filter((m) => m.to === s.email).length;
    const before = mails();
    // The process died after storing the request's event, before its answer was kept.
    await t.server.runtime.persistence.db.query(`DELETE FROM idempotent_responses WHERE key = $1`, [
      `${s.userId}:${key}`,
    ]);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(mails()).toBe(before);
    const { token } = lastMail(t.http, s.email, 'verify');
    expect((await request(t.http).post('/api/v1/verifyEmail').send({ email: s.email, token })).status).toBe(
      200,
    );
  });

  it("resends only to the caller's own address, and not too often", async () => {
    const s = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const other = await request(t.http)
      .post('/api/v1/requestEmailVerification')
      .set(s.auth)
      .send({ email: 'baskasi@example.com' });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('E-posta adresi hesabınızdaki adresle eşleşmiyor.');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await request(t.http).post('/api/v1/requestEmailVerification').set(s.auth).send({})).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('keeps an unverified user to the account calls (403 elsewhere)', async () => {
    const s = await signUpOwner(t.http, {}, { verify: false, pay: true });
    for (const path of [
      '/api/v1/getProfile',
      '/api/v1/getSessions',
      '/api/v1/getOrganizations',
      '/api/v1/getMessages',
    ]) {
      expect((await request(t.http).get(path).set(s.auth)).status).toBe(200);
    }
    const courses = await request(t.http).get(`/api/v1/orgs/${s.organizationId}/getCourses`).set(s.auth);
    expect(courses.status).toBe(403);
    expect(courses.body.error).toBe('E-posta adresinizi doğrulamanız gerekiyor.');
    const write = await request(t.http)
      .post(`/api/v1/orgs/${s.organizationId}/editOrganization`)
      .set(s.auth)
      .send({ name: 'Yeni' });
    expect(write.status).toBe(403);
    const token = lastMail(t.http, s.email, 'verify').token;
    await request(t.http).post('/api/v1/verifyEmail').send({ email: s.email, token });
    expect(
      (await request(t.http).get(`/api/v1/orgs/${s.organizationId}/getCourses`).set(s.auth)).status,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and mails nothing to them', async () => {
    const before = sentMails(t).length;
    const r = await request(t.http).post('/api/v1/requestResetPassword').send({ email: 'kimse@example.com' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
    expect(sentMails(t).length).toBe(before);
    const bad = await request(t.http).post('/api/v1/requestResetPassword').send({ email: 'gecersiz' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Geçersiz e-mail adresi');
  });

  it('answers a known and an unknown address the same, even when the mail server fails', async () => {
    // A mail server that refuses connections: the known address's mail cannot go, and must not show.
    const broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const known = await signUpOwner(broken.http, {}, { verify: false, pay: false });
      await projectionsCaughtUp(broken);
      const ask = (email: string) =>
        request(broken.http).post('/api/v1/requestResetPassword').send({ email });
      const [a, b] = [await ask(known.email), await ask(`kimse-${randomUUID()}@example.com`)];
      expect([a.status, a.body]).toEqual([200, { success: true }]);
      expect([b.status, b.body]).toEqual([a.status, a.body]);
      expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    } finally {
      await broken.close();
    }
  });

  it('resets once with the mailed link, signs out every session, and the old password stops working', async () => {
    const s = await signUpOwner(t.http);
    const second = await login(t.http, s.email, s.password);
    expect((await request(t.http).post('/api/v1/requestResetPassword').send({ email: s.email })).status).toBe(
      200,
    );
    const mail = await waitForMail(t.http, s.email, 'reset');
    expect(mail.subject).toBe('KursPanel şifre sıfırlama isteği');
    expect(mail.links[0]).toContain('https://kurspanel.test/giris/reset?email=');
    const wrong = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: s.email, token: 'x', newPassword: 'yeni-sifre-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(
      'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
    );
    const short = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: s.email, token: mail.token, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Şifre en az 6 karakter olmalıdır.');
    const ok = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: s.email, token: mail.token, newPassword: 'yeni-sifre-1' });
    expect(ok.status).toBe(200);
    expect((await request(t.http).get('/api/v1/getProfile').set(s.auth)).status).toBe(401);
    expect((await request(t.http).get('/api/v1/getProfile').set(second.auth)).status).toBe(401);
    expect(
      (await request(t.http).post('/api/v1/login').send({ email: s.email, password: s.password })).status,
    ).toBe(401);
    const fresh = await login(t.http, s.email, 'yeni-sifre-1');
    expect((await profileOf(fresh)).passwordChangedAt).toEqual(expect.any(String));
    const reused = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: s.email, token: mail.token, newPassword: 'baska-sifre-1' });
    expect(reused.status).toBe(400);
    expect(await auditActions(s.userId)).toEqual(
      expect.arrayContaining(['password_reset_request', 'password_reset']),
    );
  });

  it('a reset request retried with its Idempotency-Key mails no link that was never stored', async () => {
    const s = await signUpOwner(t.http);
    const key = `sifirlama-${randomUUID()}`;
    const ask = () =>
      request(t.http)
        .post('/api/v1/requestResetPassword')
        .set('Idempotency-Key', key)
        .send({ email: s.email });
    const resets = t.server.app.get(RequestPasswordResetHandler);
    const mails = () => sentMails(t).filter((m) => m.to === s.email && m.links[0]?.includes('/giris/reset?'));
    expect((await ask()).status).toBe(200);
    await resets.settled();
    expect(mails()).toHaveLength(1);
    const again = await ask();
    expect([again.status, again.body]).toEqual([200, { success: true }]);
    await resets.settled();
    expect(mails()).toHaveLength(1);
    const ok = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: s.email, token: lastMail(t.http, s.email, 'reset').token, newPassword: 'yeni-sifre-1' });
    expect(ok.status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const s = await signUpOwner(t.http);
    const expired = await craftExpiredToken(s.userId, s.email, 'PasswordResetRequested');
    const r = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: s.email, token: expired, newPassword: 'yeni-sifre-1' });
    expect(r.status).toBe(400);
    expect(
      (await request(t.http).post('/api/v1/login').send({ email: s.email, password: s.password })).status,
    ).toBe(200);
  });
});

describe('register', () => {
  it('creates a user without a role and mails the verification link; a duplicate is refused', async () => {
    const email = registrationForm().email;
    const r = await request(t.http)
      .post('/api/v1/register')
      .send({ email, password: 'gizli-sifre-1', name: 'Mehmet' });
    expect(r.status).toBe(200);
    expect(lastMail(t.http, email, 'verify').text).toContain('Merhaba Mehmet,');
    const s = await login(t.http, email, 'gizli-sifre-1');
    expect(await profileOf(s)).toMatchObject({
      email,
      name: 'Mehmet',
      globalRoleId: null,
      isEmailVerified: false,
      registrationStatus: 'pending_payment',
    });
    const dup = await request(t.http)
      .post('/api/v1/register')
      .send({ email, password: 'gizli-sifre-1', name: 'Mehmet' });
    expect(dup.status).toBe(409);
    const unknown = await request(t.http)
      .post('/api/v1/register')
      .send({ email: 'x@example.com', password: 'gizli-sifre-1', name: 'X', extra: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Tanınmayan alan: extra');
  });

  it('grants a global role only to callers holding one at least as privileged', async () => {
    const anonymous = await request(t.http)
      .post('/api/v1/register')
      .send({ email: registrationForm().email, password: 'gizli-sifre-1', name: 'A', globalRoleId: 1 });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error).toBe('Bu genel rolü verme yetkiniz yok.');
    const owner = await signUpOwner(t.http);
    const byOwner = await request(t.http)
      .post('/api/v1/register')
      .set(owner.auth)
      .send({ email: registrationForm().email, password: 'gizli-sifre-1', name: 'B', globalRoleId: 1 });
    expect(byOwner.status).toBe(403);
    const developer = await seedGlobalUser(t, 1);
    const toAdmin = await request(t.http)
      .post('/api/v1/register')
      .set(developer.auth)
      .send({ email: registrationForm().email, password: 'gizli-sifre-1', name: 'C', globalRoleId: 0 });
    expect(toAdmin.status).toBe(403);
    const email = registrationForm().email;
    const ok = await request(t.http)
      .post('/api/v1/register')
      .set(developer.auth)
      .send({ email, password: 'gizli-sifre-1', name: 'D', globalRoleId: 1 });
    expect(ok.status).toBe(200);
    expect(await profileOf(await login(t.http, email, 'gizli-sifre-1'))).toMatchObject({
      globalRoleId: 1,
      registrationStatus: 'active',
    });
    const notGlobal = await request(t.http)
      .post('/api/v1/register')
      .set(developer.auth)
      .send({ email: registrationForm().email, password: 'gizli-sifre-1', name: 'E', globalRoleId: 3 });
    expect(notGlobal.status).toBe(400);
  });
});
