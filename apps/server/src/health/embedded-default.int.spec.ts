import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '@okul/projections';
import request from 'supertest';
import type { App } from 'supertest/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMail,
  login,
  payWithMock,
  registrationForm,
  type TestServer,
} from '../../test/support/test-server';
import { createServer, type Server } from '../app';
import { loadConfig } from '../config/config';

// README: with no configuration the product runs on PGlite under DATA_DIR and an in-process queue, and keeps
// its data across restarts. This file starts the server twice on one data directory, as `npm start` would.
let dataDir: string;
let server: Server | null = null;

async function start(): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    TEST_AIDS: 'on',
    DATA_DIR: dataDir,
    CLIENT_DIST: '',
    PORT: '0',
  });
  server = await createServer(config);
  await server.app.listen(0);
  return server.app.getHttpServer();
}

async function stop() {
  await server?.close();
  server = null;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'okul-embedded-'));
});
afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded default (no DATABASE_URL, REDIS_URL or EVENTSTORE_URL)', () => {
  it('reports the database, the queue and every projection on GET /api/v1/health', async () => {
    const http = await start();
    const r = await request(http).get('/api/v1/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: 'pglite' },
      queue: { ok: true, kind: 'in-process' },
    });
    expect(r.body.projections.map((p: { name: string }) => p.name)).toEqual(
      allProjections.map((p) => p.name),
    );
    for (const p of r.body.projections) {
      expect(p).toMatchObject({ position: expect.stringMatching(/^\d+$/), lag: expect.any(Number) });
      expect(p.state).not.toBe('failed');
    }
    await stop();
  });

  it('keeps the organisation and its courses across a restart, and the projections catch up (lag 0)', async () => {
    let http = await start();
    const form = registrationForm();
    expect((await request(http).post('/api/v1/preregister').send(form)).status).toBe(200);
    const mails = { mailDir: join(dataDir, 'mail') } as TestServer;
    const { token } = lastMail(mails, form.email, 'verify');
    expect((await request(http).post('/api/v1/verifyEmail').send({ email: form.email, token })).status).toBe(
      200,
    );
    const owner = await login(http, form.email, form.password);
    await payWithMock(http, owner, 'sub-1-month');
    const add = await request(http)
      .post(`/api/v1/orgs/${owner.organizationId}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Keman', courseExplanation: 'Bireysel ders' });
    expect(add.status).toBe(200);
    await stop();

    http = await start();
    const again = await login(http, form.email, form.password);
    expect(again.organizationId).toBe(owner.organizationId);
    const list = await request(http).get(`/api/v1/orgs/${owner.organizationId}/getCourses`).set(again.auth);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string; name: string }) => [c.id, c.name])).toEqual([
      [add.body.id, 'Keman'],
    ]);
    await server!.runtime.runner.waitFor(await server!.runtime.persistence.store.headPosition());
    const health = await request(http).get('/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.body.projections.every((p: { lag: number }) => p.lag === 0)).toBe(true);
  });
});
