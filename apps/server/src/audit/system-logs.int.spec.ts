import { ROLES } from '@okul/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/support/school-fixtures';
import { seedGlobalUser } from '../../test/support/seed-users';
import {
  login,
  signUpOwner,
  startTestServer,
  projectionsCaughtUp,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
let developer: SignedIn;
let owner: SignedIn;
let schoolAdmin: SignedIn;
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Entry {
  id: string;
  action: string;
  userId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  sentence: string;
  device?: string;
}

const settle = () => projectionsCaughtUp(t);

const systemLogs = (s: SignedIn, body: object) =>
  request(t.http).post('/api/v1/requestSystemLogs').set(s.auth).send(body);

const activity = async (s: SignedIn, query: Record<string, string | number> = {}) => {
  const r = await request(t.http).get('/api/v1/getAccountActivity').set(s.auth).query(query);
  expect(r.status).toBe(200);
  return r.body as { logs: Entry[]; hasMore: boolean };
};

beforeAll(async () => {
  t = await startTestServer();
  developer = await seedGlobalUser(t, ROLES.developer);
  owner = await signUpOwner(t.http);
  schoolAdmin = await signUpOwner(t.http);
  await addMember(t, owner.organizationId, schoolAdmin.userId, ROLES.schoolAdmin);
  // The owner's own account actions: a refused login with their e-mail, then one from Firefox.
  await request(t.http)
    .post('/api/v1/login')
    .set('User-Agent', FIREFOX)
    .send({ email: owner.email, password: 'yanlis-sifre-9' });
  await request(t.http)
    .post('/api/v1/login')
    .set('User-Agent', FIREFOX)
    .send({ email: owner.email, password: owner.password });
  await settle();
  // Three accounts, two checkouts: minutes on a busy shared machine.
}, 240_000);
afterAll(async () => t?.close());

describe('requestSystemLogs (api.md 7.4)', () => {
  it('pages the account actions of no organisation for developers, with ip, user agent and sentence', async () => {
    const r = await systemLogs(developer, {});
    expect(r.status).toBe(200);
    const logs = r.body.logs as Entry[];
    const login = logs.find(
      (l) => l.action === 'login' && l.userId === owner.userId && l.userAgent === FIREFOX,
    );
    expect(login).toMatchObject({ sentence: 'Sisteme giriş yaptı.', ipAddress: expect.any(String) });
    expect(logs.some((l) => l.action === 'create_user')).toBe(true);
    // Organisation actions (the owner's checkout, organisation creation) are in İşlem Dökümü, not here.
    expect(logs.some((l) => l.action === 'create_organization' || l.action.startsWith('checkout'))).toBe(
      false,
    );

    const failed = await systemLogs(developer, { action: 'login_failed' });
    expect(failed.status).toBe(200);
    expect(failed.body.logs.length).toBeGreaterThan(0);
    expect(failed.body.logs.every((l: Entry) => l.action === 'login_failed')).toBe(true);
    expect(failed.body.logs[0].sentence).toMatch(/^Giriş denemesi başarısız oldu \(/);
  });

  it('pages by the last entry’s id, 50 by default', async () => {
    const first = await systemLogs(developer, { limit: 2 });
    expect(first.body.logs).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const next = await systemLogs(developer, { limit: 2, lastDoc: first.body.logs[1].id });
    expect(next.status).toBe(200);
    expect(BigInt(next.body.logs[0].id)).toBeLessThan(BigInt(first.body.logs[1].id));
    const all = await systemLogs(developer, {});
    expect(all.body.logs.length).toBeLessThanOrEqual(50);
  });

  it('refuses school owners, school admins and plain users', async () => {
    for (const s of [owner, schoolAdmin]) {
      const r = await systemLogs(s, {});
      expect({ status: r.status, body: r.body }).toEqual({
        status: 403,
        body: { error: 'Bu işlem için yetkiniz yok.', code: 'auth.forbidden' },
      });
    }
    const plain = await signUpOwner(t.http, {}, { verify: false, pay: false });
    expect((await systemLogs(plain, {})).status).toBe(403);
  });
});

describe('getAccountActivity (Ayarlar)', () => {
  it('shows the user their own logins with device, and refused logins with their e-mail, and no one else’s', async () => {
    const { logs } = await activity(owner);
    expect(logs.every((l) => l.userId === owner.userId || l.action === 'login_failed')).toBe(true);
    expect(logs.find((l) => l.action === 'login' && l.userAgent === FIREFOX)).toMatchObject({
      device: 'Firefox, Linux',
    });
    expect(logs.find((l) => l.action === 'login_failed')).toMatchObject({
      details: expect.objectContaining({ email: owner.email }),
      device: 'Firefox, Linux',
    });
    const others = await activity(schoolAdmin);
    expect(others.logs.some((l) => l.userAgent === FIREFOX)).toBe(false);
    expect(others.logs.every((l) => l.userId === schoolAdmin.userId || l.action === 'login_failed')).toBe(
      true,
    );
  });
});

describe('endAllSessions ("Bu ben değildim")', () => {
  it('asks for the password, then ends every session of the user, this one too', async () => {
    const me = await signUpOwner(t.http, {}, { pay: false });
    const phone = await login(t.http, me.email, me.password);
    const missing = await request(t.http).post('/api/v1/endAllSessions').set(me.auth).send({});
    expect(missing.body.code).toBe('account.currentPasswordMissing');
    const wrong = await request(t.http)
      .post('/api/v1/endAllSessions')
      .set(me.auth)
      .send({ currentPassword: 'yanlis-sifre-9' });
    expect(wrong.body.code).toBe('account.currentPasswordWrong');
    expect((await request(t.http).get('/api/v1/getProfile').set(phone.auth)).status).toBe(200);

    const r = await request(t.http)
      .post('/api/v1/endAllSessions')
      .set(me.auth)
      .send({ currentPassword: me.password });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, endedSessions: 2 });
    expect((await request(t.http).get('/api/v1/getProfile').set(phone.auth)).status).toBe(401);
    expect((await request(t.http).get('/api/v1/getProfile').set(me.auth)).status).toBe(401);

    await settle();
    const again = await login(t.http, me.email, me.password);
    const { logs } = await activity(again);
    expect(logs.filter((l) => l.action === 'end_all_sessions')).toHaveLength(2);
    expect(logs.some((l) => l.action === 'end_all_sessions_failed')).toBe(true);
  });
});
