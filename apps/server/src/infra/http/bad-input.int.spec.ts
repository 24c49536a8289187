import { randomUUID } from 'node:crypto';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { z } from 'zod';
import { registeredRoutes } from './api-doc';
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
      .replace(/:org(?:Id|ID|anizationId)\b/g, owner.organizationId)
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
// thousands of requests each: minutes on a busy machine
const SLOW = 900_000;

beforeAll(async () => {
  // The import route takes bigger bodies than the others; a small limit here lets the test cross it too.
  t = await startTestServer({ IMPORT_BODY_LIMIT: '2mb' });
  owner = await signUpOwner(t.http);
  courseId = await addCourse(t, owner, 'Matematik');
  const s = await orgApi(t, owner).post('registerStudent', studentBody(tcknSource(7)()));
  studentId = s.body.id ?? s.body.student?.id;
}, SLOW);

afterAll(async () => {
  const fives = answers.filter((a) => a.status >= 500);
  console.log(`[bad input] ${answers.length} requests, ${fives.length} answered 5xx`);
  await t?.close();
});

describe('bad input on every registered route', () => {
  it(
    'finds the routes',
    () => {
      expect(routes().filter((r) => r.method === 'post').length).toBeGreaterThan(40);
    },
    SLOW,
  );

  it(
    'refuses NUL and lone surrogates in any body with 400 and a Turkish message',
    async () => {
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
    },
    SLOW,
  );

  it(
    'refuses a NUL in any query with 400 (getAttendances?q=%00 among them)',
    async () => {
      for (const r of routes().filter((x) => x.method === 'get')) {
        const res = record(`${r.path}?q=%00`, await request(t.http).get(`${r.path}?q=%00`).set(owner.auth));
        expect(res.status, r.path).toBe(400);
      }
    },
    SLOW,
  );

  /** Just over the route's body limit: 1 MB everywhere, 2 MB (IMPORT_BODY_LIMIT above) on the backup import. */
  const oversized = (path: string) => (path === '/api/v1/parse' ? 2_200_000 : 1_100_000);

  it(
    'refuses unknown or broken Content-Encoding with 400, an oversized body with 413, never 5xx',
    async () => {
      for (const r of routes().filter((x) => x.method === 'post')) {
        const post = () =>
          request(t.http).post(r.path).set(owner.auth).set('Content-Type', 'application/json');
        const cases: Array<[string, () => request.Test, number | null]> = [
          ['unknown encoding', () => post().set('Content-Encoding', 'x-unknown').send('{}'), 400],
          ['broken gzip', () => post().set('Content-Encoding', 'gzip').send('not gzip at all'), 400],
          ['oversized', () => post().send(`{"x":"${'a'.repeat(oversized(r.path))}"}`), 413],
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
    },
    SLOW,
  );
});

describe('body limits', () => {
  it('takes a body over 1 MB on the backup import alone, in any case of its path', async () => {
    const body = `{"x":"${'a'.repeat(1_500_000)}"}`;
    const send = (path: string) =>
      request(t.http).post(path).set(owner.auth).set('Content-Type', 'application/json').send(body);
    for (const path of ['/api/v1/parse', '/API/V1/Parse', '/api/v1/parse/']) {
      const res = record(`${path} 1.5 MB`, await send(path));
      expect(res.status, path).not.toBe(413);
      expect(res.status, path).toBeLessThan(500);
    }
    for (const path of ['/api/v1/parsex', `/api/v1/orgs/${owner.organizationId}/addCourse`]) {
      expect((await send(path)).status, path).toBe(413);
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

  it(
    'answers every mutation of every text field below 500 (NUL and lone surrogates: 400)',
    async () => {
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
    },
    SLOW,
  );
});

/** The api-docs route list (every controller route with its documented body and query schemas). */
function documentedRoutes() {
  const path = (p: string) =>
    p.replace(/:org(?:Id|ID|anizationId)\b/g, owner.organizationId).replace(/:\w+/g, randomUUID());
  return registeredRoutes(t.server.app.get(ModulesContainer))
    .filter((r) => r.path.startsWith('/api'))
    .map((r) => ({ ...r, url: path(r.path) }));
}

/** A request of the route's method. */
function call(method: string, url: string): request.Test {
  const agent = request(t.http);
  if (method === 'put') return agent.put(url);
  if (method === 'patch') return agent.patch(url);
  if (method === 'delete') return agent.delete(url);
  return agent.post(url);
}

/** The property names and declared JSON types of a documented object schema. */
function properties(schema: z.ZodType | undefined): Array<[string, string]> {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string | string[] }>;
  };
  return Object.entries(json.properties ?? {}).map(([k, v]) => [k, [v.type ?? 'any'].flat()[0] ?? 'any']);
}

/** A value of another JSON type than the one declared. */
const wrongFor = (type: string): unknown[] => [
  type === 'string' ? 123456789 : 'yanlış',
  null,
  { $gt: '' },
  [[1], { a: '\u0000' }],
];

describe('bad input generated from the api-docs route list', () => {
  it(
    'answers wrong types in every documented body field below 500',
    async () => {
      const routesWithBody = documentedRoutes().filter((r) => r.doc.body && r.method !== 'get');
      expect(routesWithBody.length).toBeGreaterThan(40);
      for (const r of routesWithBody) {
        for (const [field, type] of properties(r.doc.body)) {
          for (const bad of wrongFor(type)) {
            const res = record(
              `${r.method} ${r.path} ${field}=${JSON.stringify(bad)}`,
              await call(r.method, r.url)
                .set(owner.auth)
                .send({ [field]: bad }),
            );
            expect(res.status, `${r.path} ${field} ${JSON.stringify(bad)}`).toBeLessThan(500);
            if (res.status >= 400) expect(res.body.error ?? '', `${r.path} ${field}`).toMatch(TURKISH);
          }
        }
      }
    },
    SLOW,
  );

  it(
    'answers wrong types and malformed encodings in every documented query field below 500',
    async () => {
      for (const r of documentedRoutes().filter((x) => x.method === 'get')) {
        const fields = properties(r.doc.query).map(([k]) => k);
        for (const field of fields.length ? fields : ['q']) {
          for (const query of [
            `${field}=%FF%FE`,
            `${field}=%E0%A4%A`,
            `${field}[]=1&${field}[a]=2`,
            `${field}=${'9'.repeat(400)}`,
            `${field}=-1e309`,
            `${field}=%ED%A0%80`,
          ]) {
            const res = record(
              `GET ${r.path}?${query}`,
              await request(t.http).get(`${r.url}?${query}`).set(owner.auth),
            );
            expect(res.status, `${r.path}?${query}`).toBeLessThan(500);
          }
        }
      }
    },
    SLOW,
  );

  it(
    'refuses bodies of another media type on every route below 500',
    async () => {
      for (const r of documentedRoutes().filter((x) => x.method !== 'get')) {
        for (const [type, raw] of [
          ['text/plain', 'name=x'],
          ['application/x-www-form-urlencoded', 'name=%00&x[y][z]=1'],
          [
            'multipart/form-data; boundary=x',
            '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
          ],
          ['application/xml', '<a>b</a>'],
          ['application/json; charset=utf-16', '{"a":1}'],
        ] as const) {
          const res = record(
            `${r.method} ${r.path} ${type}`,
            await call(r.method, r.url).set(owner.auth).set('Content-Type', type).send(raw),
          );
          expect(res.status, `${r.path} ${type}`).toBeLessThan(500);
        }
      }
    },
    SLOW,
  );
});
