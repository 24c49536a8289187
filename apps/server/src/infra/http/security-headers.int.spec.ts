import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registrationForm,
  signUpOwner,
  startTestServer,
  type TestServer,
} from '../../../test/support/test-server';
import { helmetOptions } from '../../app';

let t: TestServer;
let prod: TestServer;
beforeAll(async () => {
  [t, prod] = await Promise.all([
    startTestServer(),
    startTestServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://kurspanel.test',
    }),
  ]);
});
afterAll(async () => Promise.all([t?.close(), prod?.close()]));

describe('security headers', () => {
  it('every answer carries the CSP, nosniff and no-referrer; API answers are never stored', async () => {
    const r = await request(t.http).get('/api/v1/publicInfo');
    expect(r.status).toBe(200);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['strict-transport-security']).toBeUndefined();
    expect((await request(prod.http).get('/api/v1/publicInfo')).headers['strict-transport-security']).toMatch(
      /max-age=31536000/,
    );
  });
});

describe('the headers helmet makes, set once per answer', () => {
  /** helmet itself run on a bare Node response, as it would run for each request. */
  const helmetHeaders = (server: TestServer) => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    let passed = false;
    helmet(helmetOptions(server.server.runtime.config, [], []))(res.req, res, (err) => {
      if (err) throw err;
      passed = true;
    });
    expect(passed).toBe(true);
    return res.getHeaders();
  };

  it.each([
    ['development', () => t],
    ['production', () => prod],
  ])('are those of helmet, in its order, on API answers, refusals and unknown paths (%s)', async (_, of) => {
    const server = of();
    const expected = helmetHeaders(server);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    for (const path of ['/api/v1/publicInfo', '/api/v1/orgs/x/getStudents', '/api/v1/nothing-here']) {
      const r = await request(server.http).get(path);
      // the headers in the order they went out
      const raw = (r as unknown as { res: IncomingMessage }).res.rawHeaders;
      const names = raw.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      const own = names.filter((n) => n in expected);
      expect(own, path).toEqual(Object.keys(expected));
      for (const [name, value] of Object.entries(expected)) expect(r.headers[name], name).toBe(String(value));
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('cookie-authenticated calls', () => {
  it('refuse refresh and logout sent from another site', async () => {
    const s = await signUpOwner(t.http);
    const foreign = await request(t.http)
      .post('/api/v1/refresh')
      .set('Origin', 'https://evil.example')
      .set('Cookie', s.cookie);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('Bu istek başka bir siteden geldiği için reddedildi.');
    const out = await request(t.http)
      .post('/api/v1/logout')
      .set('Origin', 'https://evil.example')
      .set(s.auth)
      .send({});
    expect(out.status).toBe(403);
    // our own page (same host) refreshes as before
    const host = (t.server.app.getHttpServer().address() as { port: number }).port;
    const own = await request(t.http)
      .post('/api/v1/refresh')
      .set('Origin', `http://127.0.0.1:${host}`)
      .set('Host', `127.0.0.1:${host}`)
      .set('Cookie', s.cookie);
    expect(own.status).toBe(200);
  });

  it('in production the refresh cookie is a __Host- cookie: Secure, path /', async () => {
    const form = registrationForm();
    expect((await request(prod.http).post('/api/v1/preregister').send(form)).status).toBe(200);
    const r = await request(prod.http)
      .post('/api/v1/login')
      .send({ email: form.email, password: form.password });
    expect(r.status).toBe(200);
    const raw = ([] as string[]).concat(r.headers['set-cookie'] ?? []).join(';');
    expect(raw).toMatch(/^__Host-refresh_token=/);
    expect(raw).toMatch(/Path=\/;/);
    expect(raw).toMatch(/Secure/);
    expect(raw).not.toMatch(/Domain=/);
  });
});
