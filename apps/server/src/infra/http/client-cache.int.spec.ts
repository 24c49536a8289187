import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** A built client as Vite writes it: index.html, hashed assets, and (from an old build) a source map. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'okul-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    join(dist, 'assets', 'index-Ab12Cd34.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe('the client as the server sends it', () => {
  let t: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await startTestServer({ CLIENT_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps hashed assets for a year, immutable, and compressed', async () => {
    const res = await request(t.http).get('/assets/index-Ab12Cd34.js').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('has index.html revalidated on every visit, at / and at any page path', async () => {
    for (const path of ['/', '/giris', '/giris/ogrenciler']) {
      const res = await request(t.http).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<div id="root">');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('serves no source map, and answers a missing asset 404 rather than the page', async () => {
    const map = await request(t.http).get('/assets/index-Ab12Cd34.js.map');
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('sources');
    const gone = await request(t.http).get('/assets/index-Old00000.js');
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain('<div id="root">');
  });

  it('leaves the API answers out of the browser cache', async () => {
    const res = await request(t.http).get('/api/v1/publicInfo');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
