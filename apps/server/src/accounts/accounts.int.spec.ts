import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  registrationForm,
  signUpOwner,
  startTestServer,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('refresh_token='))
    ?.split(';')[0] ?? '';

describe('preregister and login', () => {
  it('creates the user as school-owner of a new organisation, pending payment', async () => {
    const s = await signUpOwner(t.http, {}, { verify: false, pay: false });
    const profile = await request(t.http).get('/api/v1/getProfile').set(s.auth);
    expect(profile.body).toMatchObject({
      email: s.email,
      registrationStatus: 'pending_payment',
      isEmailVerified: false,
      globalRoleId: null,
    });
    const orgs = await request(t.http).get('/api/v1/getOrganizations').set(s.auth);
    expect(orgs.body).toHaveLength(1);
    expect(orgs.body[0].organizationUser).toMatchObject({ orgRoleId: 2, isActive: true, userId: s.userId });
    expect(orgs.body[0].organization).toMatchObject({ isMembershipActive: false, deactivated: false });
  });

  it.each([
    [{ name: '' }, 'Lütfen tüm alanları doldurun.', 'registration.missingFields', 'name'],
    [{ tckn: '12345678901' }, 'Geçerli bir TCKN giriniz.', 'registration.tcknInvalid', 'tckn'],
    [{ vkn: '1234567891' }, 'Geçerli bir VKN giriniz.', 'registration.vknInvalid', 'vkn'],
    [{ vkn: '' }, 'Lütfen tüm alanları doldurun.', 'registration.missingFields', 'vkn'],
    [{ employeeCount: '5a' }, 'Lütfen tüm alanları doldurun.', 'registration.missingFields', 'employeeCount'],
  ])('refuses %j', async (override, error, code, field) => {
    const r = await request(t.http).post('/api/v1/preregister').send(registrationForm(override));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error, code, details: { field } });
  });

  it('needs no VKN for an association or a person, and keeps none that was sent for them', async () => {
    const r = await request(t.http)
      .post('/api/v1/preregister')
      .send(registrationForm({ companyType: 'ngo', vkn: '' }));
    expect(r.status).toBe(200);
    const form = registrationForm({ companyType: 'none', vkn: '123' });
    expect((await request(t.http).post('/api/v1/preregister').send(form)).status).toBe(200);
    const created = await t.database.db.query<{ vkn: string | null; company_type: string }>(
      `SELECT data->>'vkn' AS vkn, data->>'companyType' AS company_type FROM events
        WHERE type = 'OrganizationCreated' AND data->>'name' = $1`,
      [form.organizationName],
    );
    expect(created.rows).toEqual([{ vkn: null, company_type: 'none' }]);
  });

  it('refuses a duplicate e-mail, also when two registrations race', async () => {
    const form = registrationForm();
    const [a, b] = await Promise.all([
      request(t.http).post('/api/v1/preregister').send(form),
      request(t.http)
        .post('/api/v1/preregister')
        .send({ ...form, organizationName: 'Başka Kurs' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await request(t.http).post('/api/v1/preregister').send(form);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Bu e-posta adresi ile kayıtlı bir kullanıcı zaten var.');
  });

  it('refuses the most common passwords with the catalogue message', async () => {
    for (const password of ['123456', 'password', 'abcdefg']) {
      const r = await request(t.http).post('/api/v1/preregister').send(registrationForm({ password }));
      expect(r.status).toBe(400);
      expect(r.body.error).toContain(
        'Bu şifre çok yaygın ve kolay tahmin edilir; daha güçlü bir şifre seçin.',
      );
    }
  });

  it('refuses a wrong password with one message for unknown and wrong', async () => {
    const s = await signUpOwner(t.http);
    const wrong = await request(t.http)
      .post('/api/v1/login')
      .send({ email: s.email, password: 'yanlis-sifre' });
    const unknown = await request(t.http)
      .post('/api/v1/login')
      .send({ email: 'nobody@example.com', password: 'x' });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toBe('E-posta adresi veya şifre hatalı.');
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; reusing an old one revokes the session', async () => {
    const s = await signUpOwner(t.http);
    const first = await request(t.http).post('/api/v1/refresh').set('Cookie', s.cookie);
    expect(first.status).toBe(200);
    expect(first.body.accessToken).toEqual(expect.any(String));
    const rotated = cookieOf(first);
    expect(rotated).not.toBe(s.cookie);
    const second = await request(t.http).post('/api/v1/refresh').set('Cookie', rotated);
    expect(second.status).toBe(200);
    // the first cookie was already used: presenting it again means it leaked
    const reuse = await request(t.http).post('/api/v1/refresh').set('Cookie', s.cookie);
    expect(reuse.status).toBe(401);
    const afterRevoke = await request(t.http).post('/api/v1/refresh').set('Cookie', cookieOf(second));
    expect(afterRevoke.status).toBe(401);
    const profile = await request(t.http)
      .get('/api/v1/getProfile')
      .set({ Authorization: `Bearer ${second.body.accessToken}` });
    expect(profile.status).toBe(401);
  });

  it('refuses a refresh without a cookie or with one that names no session, and clears the cookie', async () => {
    const none = await request(t.http).post('/api/v1/refresh');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('auth.refreshInvalid');
    const forged = await request(t.http)
      .post('/api/v1/refresh')
      .set('Cookie', 'refresh_token=not-a-session.x');
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('auth.refreshInvalid');
    const cleared = ([] as string[]).concat(forged.headers['set-cookie'] ?? []).join(';');
    expect(cleared).toMatch(/refresh_token=;/);
  });

  it('sets the refresh cookie httpOnly and scoped to the API', async () => {
    const form = registrationForm();
    await request(t.http).post('/api/v1/preregister').send(form);
    const r = await request(t.http)
      .post('/api/v1/login')
      .send({ email: form.email, password: form.password });
    const raw = ([] as string[]).concat(r.headers['set-cookie'] ?? []).join(';');
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Path=\/api\/v1/);
  });

  it('logout ends the session: its access token stops working', async () => {
    const s = await signUpOwner(t.http);
    const out = await request(t.http).post('/api/v1/logout').set(s.auth).send({});
    expect(out.status).toBe(200);
    expect((await request(t.http).get('/api/v1/getProfile').set(s.auth)).status).toBe(401);
    expect((await request(t.http).post('/api/v1/refresh').set('Cookie', s.cookie)).status).toBe(401);
    const again = await login(t.http, s.email, s.password);
    expect((await request(t.http).get('/api/v1/getProfile').set(again.auth)).status).toBe(200);
  });
});
