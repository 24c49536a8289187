import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../../test/support/test-server';
import { log } from './logger';

const TOKEN = 'metrics-token-for-the-test';
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];
let t: TestServer;
let owner: SignedIn;

beforeAll(async () => {
  t = await startTestServer(
    { METRICS_TOKEN: TOKEN, METRICS_PORT: '0', LOG_LEVEL: 'log', LOG_FORMAT: 'json' },
    {
      logDestination: {
        write: (line: string) => {
          raw.push(line);
          lines.push(JSON.parse(line));
        },
      },
    },
  );
  owner = await signUpOwner(t.http);
});
afterAll(async () => {
  await t?.close();
});

/** Polls until a log line matches: the request line is written when the answer has been sent. */
async function logLine(match: (l: Record<string, unknown>) => boolean) {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const found = lines.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no such log line');
}

describe('logs', () => {
  it('writes one JSON line per request with its id, organisation and user, and no query string', async () => {
    const id = randomUUID();
    const res = await request(t.http)
      .get(`/api/v1/orgs/${owner.organizationId}/getCourses`)
      .query({ q: 'secret-search' })
      .set(owner.auth)
      .set('X-Correlation-Id', id);
    expect(res.status).toBe(200);
    const line = await logLine((l) => l.requestId === id && l.res !== undefined);
    expect(line).toMatchObject({
      level: 30,
      organizationId: owner.organizationId,
      userId: owner.userId,
      req: { method: 'GET', url: `/api/v1/orgs/${owner.organizationId}/getCourses` },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret-search');
    expect(JSON.stringify(line)).not.toContain(owner.token);
  });

  it('logs a refusal at warn, without a user when nobody signed in', async () => {
    const id = randomUUID();
    await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getStudents`).set('X-Correlation-Id', id);
    const line = await logLine((l) => l.requestId === id && l.res !== undefined);
    expect(line).toMatchObject({ level: 40, userId: null, res: { statusCode: 401 } });
  });

  it('writes each key once, also on the request line', async () => {
    const id = randomUUID();
    await request(t.http)
      .get(`/api/v1/orgs/${owner.organizationId}/getCourses`)
      .set(owner.auth)
      .set('X-Correlation-Id', id);
    await logLine((l) => l.requestId === id && l.res !== undefined);
    const text = raw.find((r) => r.includes(id) && r.includes('"res"'))!;
    for (const key of ['requestId', 'organizationId', 'userId']) {
      expect(text.split(`"${key}":`).length - 1, key).toBe(1);
    }
  });

  it("routes the lines of code outside Nest's injection to the same JSON log, with the request they run in", async () => {
    const id = randomUUID();
    // no card provider is configured here: the error filter notes the expected 503 as one warning
    const res = await request(t.http)
      .post('/api/v1/payment/posnet/initiate')
      .set(owner.auth)
      .set('X-Correlation-Id', id)
      .send({ checkoutItem: 'sub-1-month', organizationId: owner.organizationId });
    expect(res.status).toBe(503);
    const line = await logLine((l) => l.requestId === id && l.component === 'http');
    expect(line).toMatchObject({
      level: 40,
      service: 'okul',
      userId: owner.userId,
      status: 503,
      code: 'checkout.notConfigured',
    });
    expect(line).not.toHaveProperty('res');

    // outside any request: the same log, without a request's id
    log('test').error({ err: new Error('boom') }, 'outside a request');
    const outside = await logLine((l) => l.component === 'test');
    expect(outside).toMatchObject({
      level: 50,
      service: 'okul',
      msg: 'outside a request',
      err: { message: 'boom' },
    });
    expect(outside).not.toHaveProperty('requestId');
  });
});

describe('metrics', () => {
  const names = [
    'okul_http_request_duration_seconds_bucket',
    'okul_command_conflicts_total',
    'okul_projection_lag_events',
    'okul_projection_rebuild_events_per_second',
    'okul_queue_depth',
    'okul_job_failures_total',
    'okul_db_pool_connections',
    'okul_db_pool_waiting_queries',
    'okul_command_step_seconds_count',
    'okul_projection_apply_seconds',
  ];

  it('answers on the public port only with the token', async () => {
    expect((await request(t.http).get('/metrics')).status).toBe(401);
    expect(
      (await request(t.http).get('/metrics').set('Authorization', 'Bearer wrong-token-of-same-len')).status,
    ).toBe(401);
    await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getCourses`).set(owner.auth);
    const res = await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of names) expect(res.text, name).toContain(name);
    // labelled by the route pattern, never by the organisation's id in the path
    expect(res.text).toMatch(
      /okul_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/orgs\/:orgID\/getCourses",status="200"\} [1-9]/,
    );
    expect(res.text).not.toContain(owner.organizationId);
    expect(res.text).toMatch(/okul_projection_lag_events\{projection="[a-z_]+"\} \d+/);
    expect(res.text).toMatch(/okul_db_pool_connections\{pool="api"\} [1-9]/);
    // The owner's sign-up was written by commands: each step of them timed, and this process applied them.
    for (const step of ['decide', 'append', 'wait'])
      expect(res.text).toMatch(new RegExp(`okul_command_step_seconds_count\\{step="${step}"\\} [1-9]`));
    expect(res.text).toMatch(/okul_projection_applied_batches\{projection="accounts"\} [1-9]/);
  });

  it('answers on METRICS_PORT without a token', async () => {
    const port = (t.server.metricsServer!.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const name of names) expect(text, name).toContain(name);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/publicInfo`)).status).toBe(404);
  });
});
