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

let t: TestServer;
let owner: SignedIn;
let port: number;
let studentId: string;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they travel (supertest and fetch would undo the encoding before the test sees it). */
function raw(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
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

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
  port = (t.server.app.getHttpServer().address() as { port: number }).port;
  const tckn = tcknSource(77);
  for (let i = 0; i < 6; i++) {
    const r = await orgApi(t, owner).post('registerStudent', studentBody(tckn(), { name: `Öğrenci${i}` }));
    expect(r.status).toBe(200);
    studentId = r.body.id as string;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('compressed answers', () => {
  const students = () => `/api/v1/orgs/${owner.organizationId}/getStudents`;
  const auth = () => ({ authorization: `Bearer ${owner.token}` });

  it('sends a kept list brotli- or gzip-compressed as asked, the same JSON and ETag as uncompressed', async () => {
    const plain = await raw(students(), { ...auth(), 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await raw(students(), { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
    const gz = await raw(students(), { ...auth(), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // The browser holding it gets no body at all, whatever it accepts.
    const again = await raw(students(), {
      ...auth(),
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses other answers from 1 KB on and leaves small ones as they are', async () => {
    const doc = await raw('/api/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.body).toString('utf8'))).toHaveProperty('paths');
    const gz = await raw('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toHaveProperty('paths');
    const small = await raw('/api/v1/publicInfo', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('a kept page of attendances', () => {
  it('answers 304 on its ETag until the organisation writes, then the new page', async () => {
    const api = orgApi(t, owner);
    const courseId = await addCourse(t, owner, 'Keman');
    expect(
      (await api.post('addEnrollment', { studentId, courseId, price: 100, startDate: '2025-02-01' })).status,
    ).toBe(200);
    const lesson = (day: number) => ({
      courseId,
      attendants: [studentId],
      day,
      month: 3,
      year: 2025,
      hour: 10,
      minute: 0,
    });
    expect((await api.post('addAttendance', lesson(3))).status).toBe(200);
    const first = await api.get('getAttendances', { courseId });
    expect(first.body.total).toBe(1);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await api.get('getAttendances', { courseId }).set('If-None-Match', etag)).status).toBe(304);
    // Another query of the same list is another answer.
    expect((await api.get('getAttendances', { courseId, limit: '1' })).headers.etag).not.toBe(etag);
    const added = await api.post('addAttendance', lesson(4));
    expect(added.status).toBe(200);
    const after = await api.get('getAttendances', { courseId }).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.body.total).toBe(2);
    expect(after.body.attendances.map((a: { id: string }) => a.id)).toContain(added.body.id);
  });
});

describe('kept lists under concurrent reads', () => {
  it("shows the caller's write to the read right after it, while other reads of the organisation keep running", async () => {
    const api = orgApi(t, owner);
    const tckn = tcknSource(78);
    let reading = true;
    // Readers of the same list all along: a stamp query is nearly always running when the write is answered.
    const readers = Array.from({ length: 6 }, async () => {
      while (reading) expect((await api.get('getStudents', { view: 'list' })).status).toBe(200);
    });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await api.post('registerStudent', studentBody(tckn(), { name: `Eşzamanlı${i}` }));
        expect(r.status).toBe(200);
        const list = await api.get('getStudents', { view: 'list' });
        expect(list.body.map((s: { id: string }) => s.id)).toContain(r.body.id);
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });
});
