import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../test/support/test-db';
import {
  lastMail,
  login,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';
import { StartSessionCommand } from './accounts.commands';

let t: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own ip (X-Forwarded-For), small limits keep it quick.
  t = await startTestServer({
    TRUST_PROXY: 'true',
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
    LOGIN_MAX_ATTEMPTS_PER_IP: '5',
  });
});
afterAll(async () => t?.close());

const loginFrom = (ip: string, email: string, password: string) =>
  request(t.http)
    .post('/api/v1/login')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', 'Firefox/140')
    .send({ email, password });

describe('sessions', () => {
  it('lists the live sessions with the current one marked, and ends another one', async () => {
    const s = await signUpOwner(t.http);
    const phone = await loginFrom('10.0.0.7', s.email, s.password);
    const list = await request(t.http).get('/api/v1/getSessions').set(s.auth);
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const current = list.body.sessions.find((x: { isCurrent: boolean }) => x.isCurrent);
    expect(list.body.currentSessionId).toBe(current.sessionId);
    const other = list.body.sessions.find((x: { isCurrent: boolean }) => !x.isCurrent);
    expect(other).toMatchObject({
      ipAddress: '10.0.0.7',
      userAgent: 'Firefox/140',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    // ending another session asks for the password: an access token alone is not enough
    const bare = await request(t.http)
      .post('/api/v1/logout')
      .set(s.auth)
      .send({ sessionId: other.sessionId });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe('Mevcut şifrenizi girin.');
    const wrong = await request(t.http)
      .post('/api/v1/logout')
      .set(s.auth)
      .send({ sessionId: other.sessionId, currentPassword: 'yanlis-sifre' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Mevcut şifreniz hatalı.');
    expect(
      (
        await request(t.http)
          .get('/api/v1/getProfile')
          .set({ Authorization: `Bearer ${phone.body.access_token}` })
      ).status,
    ).toBe(200);
    const end = await request(t.http)
      .post('/api/v1/logout')
      .set(s.auth)
      .send({ sessionId: other.sessionId, currentPassword: s.password });
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({ success: true, wasCurrent: false });
    expect(
      (
        await request(t.http)
          .get('/api/v1/getProfile')
          .set({ Authorization: `Bearer ${phone.body.access_token}` })
      ).status,
    ).toBe(401);
    expect((await request(t.http).get('/api/v1/getProfile').set(s.auth)).status).toBe(200);
    const after = await request(t.http).get('/api/v1/getSessions').set(s.auth);
    expect(after.body.sessions).toHaveLength(1);
  });

  it("cannot end someone else's session", async () => {
    const a = await signUpOwner(t.http);
    const b = await signUpOwner(t.http);
    const bs = (await request(t.http).get('/api/v1/getSessions').set(b.auth)).body.currentSessionId;
    const r = await request(t.http)
      .post('/api/v1/logout')
      .set(a.auth)
      .send({ sessionId: bs, currentPassword: a.password });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('Oturum bulunamadı.');
    expect((await request(t.http).get('/api/v1/getProfile').set(b.auth)).status).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  const startedDaysAgo = async (userId: string, days: number) => {
    const then = new Date(Date.now() - days * 86_400_000);
    return t.server.app.get(CommandBus).execute(
      new StartSessionCommand(
        {
          organizationId: null,
          userId,
          ipAddress: null,
          userAgent: 'test',
          correlationId: randomBytes(16).toString('hex'),
          idempotencyKey: null,
          now: then,
        },
        userId,
      ),
    );
  };

  it('refreshing never extends a session past 30 days from sign-in', async () => {
    const s = await signUpOwner(t.http);
    const old = await startedDaysAgo(s.userId, 29);
    const r = await request(t.http)
      .post('/api/v1/refresh')
      .set('Cookie', `refresh_token=${old.refreshToken}`);
    expect(r.status).toBe(200);
    const sessions = await request(t.http).get('/api/v1/getSessions').set(s.auth);
    const refreshed = sessions.body.sessions.find(
      (x: { sessionId: string }) => x.sessionId === old.sessionId,
    );
    const absoluteEnd = Date.now() - 29 * 86_400_000 + 30 * 86_400_000;
    expect(Date.parse(refreshed.expiresAt)).toBeLessThanOrEqual(absoluteEnd + 1000);
    expect(Date.parse(refreshed.expiresAt)).toBeLessThan(Date.now() + 2 * 86_400_000);
    const cookie = ([] as string[]).concat(r.headers['set-cookie'] ?? []).join(';');
    const expires = /Expires=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(Date.parse(expires)).toBeLessThanOrEqual(absoluteEnd + 1000);
  });

  it('a session older than its lifetime is refused, and its access token stops working', async () => {
    const s = await signUpOwner(t.http);
    const old = await startedDaysAgo(s.userId, 31);
    const r = await request(t.http)
      .post('/api/v1/refresh')
      .set('Cookie', `refresh_token=${old.refreshToken}`);
    expect(r.status).toBe(401);
    const profile = await request(t.http)
      .get('/api/v1/getProfile')
      .set({ Authorization: `Bearer ${old.accessToken}` });
    expect(profile.status).toBe(401);
  });
});

describe('updateProfile', () => {
  it('changes the name alone', async () => {
    const s = await signUpOwner(t.http);
    const r = await request(t.http).post('/api/v1/updateProfile').set(s.auth).send({ name: 'Fatma' });
    expect(r.status).toBe(200);
    expect((await request(t.http).get('/api/v1/getProfile').set(s.auth)).body.name).toBe('Fatma');
    const long = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ name: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('İsim en fazla 50 karakter olabilir.');
    const empty = await request(t.http).post('/api/v1/updateProfile').set(s.auth).send({});
    expect(empty.status).toBe(400);
  });

  it('a new e-mail must be verified again; the old address is free for others', async () => {
    const s = await signUpOwner(t.http);
    const taken = await signUpOwner(t.http);
    const clash = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ email: taken.email, currentPassword: s.password });
    expect(clash.status).toBe(409);
    const newEmail = `yeni-${Date.now()}@example.com`;
    // a stolen access token alone cannot move the account to another address
    const withoutPassword = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ email: newEmail });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.error).toBe('Mevcut şifrenizi girin.');
    const wrongPassword = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ email: newEmail, currentPassword: 'yanlis' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error).toBe('Mevcut şifreniz hatalı.');
    const r = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ email: newEmail.toUpperCase(), currentPassword: s.password });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, emailVerificationSent: true });
    const profile = (await request(t.http).get('/api/v1/getProfile').set(s.auth)).body;
    expect(profile).toMatchObject({ email: newEmail, isEmailVerified: false });
    // unverified again: only account calls until the new link is used
    expect(
      (await request(t.http).get(`/api/v1/orgs/${s.organizationId}/getCourses`).set(s.auth)).status,
    ).toBe(403);
    const { token } = lastMail(t.http, newEmail, 'verify');
    expect((await request(t.http).post('/api/v1/verifyEmail').send({ email: newEmail, token })).status).toBe(
      200,
    );
    expect(
      (await request(t.http).get(`/api/v1/orgs/${s.organizationId}/getCourses`).set(s.auth)).status,
    ).toBe(200);
    expect(
      (await request(t.http).post('/api/v1/login').send({ email: newEmail, password: s.password })).status,
    ).toBe(200);
    // the old address can be registered again
    const reuse = await request(t.http)
      .post('/api/v1/register')
      .send({ email: s.email, password: 'gizli-sifre-1', name: 'Yeni Sahip' });
    expect(reuse.status).toBe(200);
  });

  it('a new password ends the other sessions but keeps this one', async () => {
    const s = await signUpOwner(t.http);
    const other = await login(t.http, s.email, s.password);
    const noCurrent = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ password: 'yeni-sifre-1' });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body.error).toBe('Mevcut şifrenizi girin.');
    const wrongCurrent = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ password: 'yeni-sifre-1', currentPassword: 'yanlis' });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.error).toBe('Mevcut şifreniz hatalı.');
    const r = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ password: 'yeni-sifre-1', currentPassword: s.password });
    expect(r.status).toBe(200);
    expect(r.body.endedSessions).toBe(1);
    expect((await request(t.http).get('/api/v1/getProfile').set(s.auth)).status).toBe(200);
    expect((await request(t.http).get('/api/v1/getProfile').set(other.auth)).status).toBe(401);
    expect(
      (await request(t.http).post('/api/v1/login').send({ email: s.email, password: s.password })).status,
    ).toBe(401);
    expect(
      (await request(t.http).post('/api/v1/login').send({ email: s.email, password: 'yeni-sifre-1' })).status,
    ).toBe(200);
    const logs = await t.database.db.query(
      `SELECT action, details FROM audit_log WHERE user_id = $1 AND action = 'update_profile'`,
      [s.userId],
    );
    expect(logs.rowCount).toBe(1);
    expect(JSON.stringify(logs.rows)).not.toContain('yeni-sifre-1');
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many failures for one account, even with the right password', async () => {
    const s: SignedIn = await signUpOwner(t.http);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await loginFrom(`10.1.0.${i + 1}`, s.email, 'yanlis')).status);
    const blocked = await loginFrom('10.1.0.9', s.email, s.password);
    expect(statuses).toEqual([401, 401, 401]);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Çok fazla giriş denemesi yapıldı. Lütfen biraz sonra tekrar deneyin.');
    const logged = await t.database.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'login_failed' AND details->>'email' = $1`,
      [s.email],
    );
    expect(logged.rows[0].n).toBe(4);
    // the counters live in Redis under this server's prefix, shared by every API instance; every attempt counts
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.get(`${t.server.runtime.config.RATE_LIMIT_PREFIX}:login:account:${s.email}`)).toBe(
        '4',
      );
    } finally {
      redis.disconnect();
    }
  });

  it('answers 429 after too many failures from one ip, whatever the account', async () => {
    const a = await signUpOwner(t.http);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await loginFrom('10.2.0.1', `kimse${i}@example.com`, 'yanlis')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await loginFrom('10.2.0.1', a.email, a.password)).status).toBe(429);
    expect((await loginFrom('10.2.0.2', a.email, a.password)).status).toBe(200);
  });

  it('parallel wrong passwords are counted before they are checked: only the limit is ever verified', async () => {
    const s = await signUpOwner(t.http);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginFrom(`10.4.${i}.1`, s.email, `yanlis-${i}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((x) => x === 401)).toHaveLength(3);
    expect(statuses.filter((x) => x === 429)).toHaveLength(27);
  });

  it('the current password asked by updateProfile is throttled per user, also in parallel', async () => {
    const s = await signUpOwner(t.http);
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        request(t.http)
          .post('/api/v1/updateProfile')
          .set(s.auth)
          .send({ password: 'yeni-sifre-1', currentPassword: `yanlis-${i}` })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((x) => x === 400)).toHaveLength(3);
    expect(statuses.filter((x) => x === 429)).toHaveLength(22);
    const right = await request(t.http)
      .post('/api/v1/updateProfile')
      .set(s.auth)
      .send({ password: 'yeni-sifre-1', currentPassword: s.password });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe(
      'Çok fazla hatalı şifre denemesi yapıldı. Lütfen biraz sonra tekrar deneyin.',
    );
  });

  it("a success clears the account's count", async () => {
    const s = await signUpOwner(t.http);
    for (let i = 0; i < 2; i++) expect((await loginFrom(`10.3.0.${i}`, s.email, 'yanlis')).status).toBe(401);
    expect((await loginFrom('10.3.0.9', s.email, s.password)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await loginFrom(`10.3.1.${i}`, s.email, 'yanlis')).status).toBe(401);
    expect((await loginFrom('10.3.1.9', s.email, s.password)).status).toBe(200);
  });
});
