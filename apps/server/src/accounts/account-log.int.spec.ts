import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMail,
  waitForMail,
  login,
  signUpOwner,
  startTestServer,
  projectionsCaughtUp,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
const UA = 'okul-account-log-test';

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
});
afterAll(async () => t?.close());

const settle = () => projectionsCaughtUp(t);

const orgLogs = async (action: string) => {
  await settle();
  const r = await request(t.http)
    .post(`/api/v1/orgs/${owner.organizationId}/requestOrgLogs`)
    .set(owner.auth)
    .send({ action });
  expect(r.status).toBe(200);
  return r.body.logs as {
    action: string;
    userId: string;
    details: Record<string, unknown>;
    ipAddress: string;
    userAgent: string;
  }[];
};

describe('log actions of the account calls (product.md 3)', () => {
  it('records login and login_failed with the caller’s ip and user agent', async () => {
    const bad = await request(t.http)
      .post('/api/v1/login')
      .set('User-Agent', UA)
      .send({ email: owner.email, password: 'yanlis-sifre' });
    expect(bad.status).toBe(401);
    const good = await request(t.http)
      .post('/api/v1/login')
      .set('User-Agent', UA)
      .send({ email: owner.email, password: owner.password });
    expect(good.status).toBe(200);
    await settle();
    const rows = (
      await t.database.db.query<{ action: string; ip_address: string | null; user_agent: string | null }>(
        `SELECT action, ip_address, user_agent FROM audit_log
          WHERE user_agent = $1 AND (user_id = $2 OR details->>'email' = $3) ORDER BY id`,
        [UA, owner.userId, owner.email],
      )
    ).rows;
    expect(rows.map((r) => r.action)).toEqual(['login_failed', 'login']);
    for (const r of rows) expect(r.ip_address).toEqual(expect.any(String));
  });

  it('records invite_user, and invite_user_failed / update_org_user_failed with the reason', async () => {
    const org = (call: string) => `/api/v1/orgs/${owner.organizationId}/${call}`;
    const refused = await request(t.http)
      .post(org('inviteUser'))
      .set(owner.auth)
      .set('User-Agent', UA)
      .send({ email: 'patron@example.com', name: '', orgId: owner.organizationId, orgRoleId: 2 });
    expect(refused.status).toBe(400);
    const sent = await request(t.http)
      .post(org('inviteUser'))
      .set(owner.auth)
      .set('User-Agent', UA)
      .send({ email: 'egitmen-log@example.com', name: 'Ece', orgId: owner.organizationId, orgRoleId: 5 });
    expect(sent.status).toBe(200);
    const ownerFixed = await request(t.http)
      .post(org('updateOrganizationUser'))
      .set(owner.auth)
      .set('User-Agent', UA)
      .send({ userId: owner.userId, orgRoleId: 3 });
    expect(ownerFixed.status).toBe(403);

    const [failedInvite] = await orgLogs('invite_user_failed');
    expect(failedInvite).toMatchObject({
      userId: owner.userId,
      userAgent: UA,
      ipAddress: expect.any(String),
      details: { email: 'patron@example.com', reason: 'Bu rol atanamaz.' },
    });
    const [invite] = await orgLogs('invite_user');
    expect(invite).toMatchObject({ userAgent: UA, details: { email: 'egitmen-log@example.com' } });
    const [failedUpdate] = await orgLogs('update_org_user_failed');
    expect(failedUpdate).toMatchObject({
      userAgent: UA,
      details: { reason: 'Kurum sahibinin rolü değiştirilemez.' },
    });
  });

  it('never stores a password or a token: not in events, not in the log', async () => {
    const fresh = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const verifyToken = lastMail(t.http, fresh.email, 'verify').token;
    expect(
      (await request(t.http).post('/api/v1/requestResetPassword').send({ email: fresh.email })).status,
    ).toBe(200);
    const resetToken = (await waitForMail(t.http, fresh.email, 'reset')).token;
    const newPassword = 'baska-gizli-sifre-9';
    const reset = await request(t.http)
      .post('/api/v1/resetPassword')
      .send({ email: fresh.email, token: resetToken, newPassword });
    expect(reset.status).toBe(200);
    const again = await login(t.http, fresh.email, newPassword);
    const refreshToken = decodeURIComponent(again.cookie.split('=').slice(1).join('='));
    const invited = await request(t.http)
      .post(`/api/v1/orgs/${owner.organizationId}/inviteUser`)
      .set(owner.auth)
      .send({ email: 'gizli-davet@example.com', name: '', orgId: owner.organizationId, orgRoleId: 6 });
    expect(invited.status).toBe(200);
    const inviteToken = lastMail(t.http, 'gizli-davet@example.com', 'invite').token;
    await settle();

    const secrets = [
      fresh.password,
      newPassword,
      verifyToken,
      resetToken,
      refreshToken,
      inviteToken,
      again.token,
    ];
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(8);
    const anyOf = (column: string) =>
      secrets.map((_, i) => `position($${i + 1} IN ${column}) > 0`).join(' OR ');
    // the same search finds what is meant to be there (the address), so a miss below means something
    const control = await t.database.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE position($1 IN data::text) > 0`,
      [fresh.email],
    );
    expect(Number(control.rows[0].n)).toBeGreaterThan(0);
    const stored = await t.database.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE ${anyOf('data::text || metadata::text')}`,
      secrets,
    );
    expect(Number(stored.rows[0].n)).toBe(0);
    const logged = await t.database.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM audit_log WHERE ${anyOf('details::text')}`,
      secrets,
    );
    expect(Number(logged.rows[0].n)).toBe(0);
  });
});
