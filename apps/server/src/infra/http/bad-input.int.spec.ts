import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, orgApi, studentBody, tcknSource } from '../../../test/support/school-fixtures';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';

/**
 * Bad input answers 4xx with a Turkish message on every route, never 5xx: generated over every POST and GET
 * route the server registers (NUL, lone surrogates, unknown or broken Content-Encoding, oversized, malformed and
 * deeply nested bodies), and field by field over the main forms (each text replaced by NUL, a lone surrogate
 * or 100,000 characters).
 */
let t: TestServer;
let owner: SignedIn;
let courseId: string;
let studentId: string;
const answers: Array<{ what: string; status: number; body: unknown }> = [];

interface Route {
  method: 'get' | 'post';
  path: string;
}

/** Every route of the Express router Nest filled, with its parameters replaced by this owner's values. */
function routes(): Route[] {
  const appInstance = t.server.app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  const out: Route[] = [];
  for (const layer of appInstance.router.stack) {
    const r = layer.route;
    if (!r || !r.path.startsWith('/api')) continue;
    const path = r.path
      .replace(/:orgId\b|:organizationId\b/g, owner.organizationId)
      .replace(/:\w+/g, randomUUID());
    if (r.methods.post) out.push({ method: 'post', path });
    if (r.methods.get) out.push({ method: 'get', path });
  }
  return out;
}

function record(what: string, r: request.Response) {
  answers.push({ what, status: r.status, body: r.body });
  return r;
}

const TURKISH = /[a-zçğıöşü]/i;

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
  courseId = await addCourse(t, owner, 'Matematik');
  const s = await orgApi(t, owner).post('registerStudent', studentBody(tcknSource(7)()));
  studentId = s.body.id ?? s.body.student?.id;
});

afterAll(async () => {
  const fives = answers.filter((a) => a.status >= 500);
  console.log(`[bad input] ${answers.length} requests, ${fives.length} answered 5xx`);
  await t?.close();
});

describe('bad input on every registered route', () => {
  it('finds the routes', () => {
    expect(routes().filter((r) => r.method === 'post').length).toBeGreaterThan(40);
  });

  it('refuses NUL and lone surrogates in any body with 400 and a Turkish message', async () => {
    for (const r of routes().filter((x) => x.method === 'post')) {
      for (const raw of [
        '{"name":"a\\u0000b"}',
        '{"notes":"x\\ud800"}',
        '{"x":["\\udc00"]}',
        '{"a\\u0000":1}',
      ]) {
        const res = record(
          `${r.path} ${raw}`,
          await request(t.http)
            .post(r.path)
            .set(owner.auth)
            .set('Content-Type', 'application/json')
            .send(raw),
        );
        expect(res.status, `${r.path} ${raw}`).toBe(400);
        expect(res.body.error).toMatch(TURKISH);
      }
    }
  });

  it('refuses a NUL in any query with 400 (getAttendances?q=%00 among them)', async () => {
    for (const r of routes().filter((x) => x.method === 'get')) {
      const res = record(`${r.path}?q=%00`, await request(t.http).get(`${r.path}?q=%00`).set(owner.auth));
      expect(res.status, r.path).toBe(400);
    }
  });

  it('refuses unknown or broken Content-Encoding with 400, an oversized body with 413, never 5xx', async () => {
    for (const r of routes().filter((x) => x.method === 'post')) {
      const post = () => request(t.http).post(r.path).set(owner.auth).set('Content-Type', 'application/json');
      const cases: Array<[string, () => request.Test, number | null]> = [
        ['unknown encoding', () => post().set('Content-Encoding', 'x-unknown').send('{}'), 400],
        ['broken gzip', () => post().set('Content-Encoding', 'gzip').send('not gzip at all'), 400],
        ['oversized', () => post().send(`{"x":"${'a'.repeat(1_100_000)}"}`), 413],
        ['malformed', () => post().send('{"x":'), 400],
        ['deeply nested', () => post().send('['.repeat(5000) + ']'.repeat(5000)), null],
        ['null', () => post().send('null'), null],
        ['array', () => post().send('[1,2]'), null],
        ['string', () => post().send('"x"'), null],
      ];
      for (const [what, send, status] of cases) {
        const res = record(`${r.path} ${what}`, await send());
        expect(res.status, `${r.path} ${what}`).toBeLessThan(500);
        if (status !== null) expect(res.status, `${r.path} ${what}`).toBe(status);
        expect(res.body.error ?? '', `${r.path} ${what}`).toMatch(res.status >= 400 ? TURKISH : /.*/);
      }
    }
  });
});

describe('bad text field by field on the main forms', () => {
  const forms = (): Array<[string, Record<string, unknown>]> => [
    ['registerStudent', studentBody(tcknSource(11)(), { notes: 'not', facebook: 'fb', instagram: 'ig' })],
    ['editStudent', { id: studentId, ...studentBody(tcknSource(13)()) }],
    ['addCourse', { name: 'Fizik', courseExplanation: 'Fizik dersi' }],
    ['addPayment', { studentId, courseId, amount: '100', notes: 'not', referenceCode: 'R1', method: 'cash' }],
    ['addEnrollment', { studentId, courseId, price: '100' }],
    [
      'addAttendance',
      { courseId, attendants: [studentId], day: 1, month: 1, year: 2026, hour: 9, minute: 0 },
    ],
  ];

  it('answers every mutation of every text field below 500 (NUL and lone surrogates: 400)', async () => {
    for (const [call, body] of forms()) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue;
        for (const [what, bad, status] of [
          ['NUL', `${value}\u0000`, 400],
          ['lone surrogate', `${value}\uD800`, 400],
          ['100,000 characters', 'ç'.repeat(100_000), null],
        ] as const) {
          const res = record(
            `${call}.${field} ${what}`,
            await orgApi(t, owner).post(call, { ...body, [field]: bad }),
          );
          expect(res.status, `${call}.${field} ${what}`).toBeLessThan(500);
          if (status !== null) expect(res.status, `${call}.${field} ${what}`).toBe(status);
          expect(res.body.error ?? '', `${call}.${field} ${what}`).toMatch(
            res.status >= 400 ? TURKISH : /.*/,
          );
        }
      }
    }
  });
});
