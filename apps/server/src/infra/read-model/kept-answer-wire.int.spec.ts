import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCourse, orgApi, studentBody, tcknSource } from '../../../test/support/school-fixtures';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';

/**
 * A kept answer goes out as one write of its kept bytes with headers made once per answer and encoding
 * (read-cache.ts `sendCached`), past the compression middleware and Express's helpers: what travels must be
 * what it was through them, for every encoding, a 304, a HEAD, and across a write.
 */
let t: TestServer;
let owner: SignedIn;
let port: number;
const tckn = tcknSource(83);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they travel (supertest would undo the encoding before the test sees it). */
function raw(path: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JSON an answer carries, whatever its encoding. */
function json(a: RawAnswer): unknown {
  const e = a.headers['content-encoding'];
  const body = e === 'br' ? brotliDecompressSync(a.body) : e === 'gzip' ? gunzipSync(a.body) : a.body;
  return JSON.parse(body.toString('utf8'));
}

const path = (call: string) => `/api/v1/orgs/${owner.organizationId}/${call}`;
const auth = () => ({ authorization: `Bearer ${owner.token}` });

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
  port = (t.server.app.getHttpServer().address() as { port: number }).port;
  for (let i = 0; i < 6; i++) {
    const r = await orgApi(t, owner).post('registerStudent', studentBody(tckn(), { name: `Kayıt${i}` }));
    expect(r.status).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('a kept answer as it travels', () => {
  it('carries the kept headers, the security headers and its exact length in every encoding', async () => {
    const plain = await raw(path('getStudents'), { ...auth(), 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['identity', undefined],
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br', 'br'],
      ['*', 'br'],
      ['deflate', undefined],
    ] as const) {
      // Twice: the second answer is sent from the headers and bytes made for the first.
      for (let round = 0; round < 2; round++) {
        const a = await raw(path('getStudents'), { ...auth(), 'accept-encoding': accept });
        expect(a.status, accept).toBe(200);
        expect(a.headers['content-encoding'], accept).toBe(encoding);
        expect(Number(a.headers['content-length']), accept).toBe(a.body.length);
        expect(a.headers['content-type'], accept).toBe('application/json; charset=utf-8');
        expect(a.headers.etag, accept).toBe(plain.headers.etag);
        expect(a.headers.vary, accept).toBe('Accept-Encoding');
        expect(a.headers['cache-control'], accept).toBe('private, no-cache');
        // Set by the middleware before the route: still on the answer.
        expect(a.headers['x-content-type-options'], accept).toBe('nosniff');
        expect(a.headers['content-security-policy'], accept).toContain("default-src 'self'");
        expect(json(a), accept).toEqual(json(plain));
      }
    }
  });

  it('answers 304 with its ETag and no body, and HEAD with the headers alone', async () => {
    const first = await raw(path('getStudents'), { ...auth(), 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await raw(path('getStudents'), {
      ...auth(),
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers['content-encoding']).toBeUndefined();
    const head = await raw(path('getStudents'), { ...auth(), 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('sends the new answer in every encoding after a write, never the bytes kept for the old one', async () => {
    const before = await Promise.all(
      ['identity', 'br', 'gzip'].map((e) => raw(path('getStudents'), { ...auth(), 'accept-encoding': e })),
    );
    const added = await orgApi(t, owner).post('registerStudent', studentBody(tckn(), { name: 'Sonradan' }));
    expect(added.status).toBe(200);
    for (const [i, e] of ['identity', 'br', 'gzip'].entries()) {
      const after = await raw(path('getStudents'), {
        ...auth(),
        'accept-encoding': e,
        'if-none-match': String(before[i].headers.etag),
      });
      expect(after.status, e).toBe(200);
      expect(after.headers.etag, e).not.toBe(before[i].headers.etag);
      expect(Number(after.headers['content-length']), e).toBe(after.body.length);
      const ids = (json(after) as Array<{ id: string }>).map((s) => s.id);
      expect(ids, e).toContain(added.body.id);
      expect(ids.length, e).toBe((json(before[i]) as unknown[]).length + 1);
    }
  });

  it('keeps the list view as an answer of its own: its compressed bytes, its ETag, its 304, a new one after a write', async () => {
    const list = path('getStudents?view=list');
    const full = await raw(path('getStudents'), { ...auth(), 'accept-encoding': 'br' });
    const plain = await raw(list, { ...auth(), 'accept-encoding': 'identity' });
    const first = await raw(list, { ...auth(), 'accept-encoding': 'br' });
    const second = await raw(list, { ...auth(), 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe(plain.headers.etag);
    expect(first.headers.etag).not.toBe(full.headers.etag);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body.equals(first.body)).toBe(true);
    expect(json(first)).toEqual(json(plain));
    // The lean rows: what the table shows, not every field of the whole list.
    const rows = json(first) as Array<Record<string, unknown>>;
    expect(rows.length).toBe((json(full) as unknown[]).length);
    expect(rows[0]).not.toHaveProperty('address');
    expect(first.body.length).toBeLessThan(full.body.length);
    const notModified = await raw(list, {
      ...auth(),
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    const added = await orgApi(t, owner).post('registerStudent', studentBody(tckn(), { name: 'Listede' }));
    expect(added.status).toBe(200);
    const after = await raw(list, {
      ...auth(),
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(Number(after.headers['content-length'])).toBe(after.body.length);
    const ids = (json(after) as Array<{ id: string }>).map((s) => s.id);
    expect(ids).toContain(added.body.id);
    expect(ids.length).toBe(rows.length + 1);
    const plainAfter = await raw(list, { ...auth(), 'accept-encoding': 'identity' });
    expect(plainAfter.headers.etag).toBe(after.headers.etag);
    expect(json(plainAfter)).toEqual(json(after));
  });

  it('sends a small kept answer as it is, whatever the client accepts', async () => {
    await addCourse(t, owner, 'Bağlama');
    const a = await raw(path('getCourses'), { ...auth(), 'accept-encoding': 'br, gzip' });
    expect(a.status).toBe(200);
    expect(a.body.length).toBeLessThan(1024);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(Number(a.headers['content-length'])).toBe(a.body.length);
    expect((json(a) as Array<{ name: string }>).map((c) => c.name)).toContain('Bağlama');
  });
});

describe('getAgeGroups as it travels', () => {
  it("answers the kept counts with each request's own moment first, as JSON without an ETag", async () => {
    const first = await raw(path('getAgeGroups'), { ...auth(), 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-store');
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    const a = json(first) as { asOf: string; activeStudents: number };
    expect(Object.keys(a)[0]).toBe('asOf');
    expect(new Date(a.asOf).toISOString()).toBe(a.asOf);
    await new Promise((r) => setTimeout(r, 5));
    const second = json(await raw(path('getAgeGroups'), auth())) as typeof a;
    expect(Date.parse(second.asOf)).toBeGreaterThan(Date.parse(a.asOf));
    expect({ ...second, asOf: null }).toEqual({ ...a, asOf: null });
  });
});
