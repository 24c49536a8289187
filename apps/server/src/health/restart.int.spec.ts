import { MESSAGES } from '@okul/domain';
import { allProjections } from '@okul/projections';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../test/support/test-db';
import { startTcpProxy, type TcpProxy } from '../../test/support/tcp-proxy';
import {
  login,
  registrationForm,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';
import { isUnavailable } from '../infra/unavailable';

// A restart of PostgreSQL or Redis, for this test's server only: its connections go through a TCP proxy
// that refuses new ones while "down", and its own sessions are ended on the real services
// (pg_terminate_backend filtered by this test's database and the server's application names, CLIENT KILL
// of the clients named with this server's prefix). The shared services are never restarted.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unavailable = { error: MESSAGES['common.unavailable'].text, code: 'common.unavailable' };

interface Outcome {
  name: string;
  status: number;
  /** When the request was sent and when its answer came. */
  sentAt: number;
  at: number;
}

/** Sequential writers adding courses until stopped; every answer is kept with its time. */
function writeLoad(t: TestServer, owner: SignedIn, writers: number) {
  const outcomes: Outcome[] = [];
  let stop = false;
  const run = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const name = `Kurs ${w}-${i}`;
      const sentAt = Date.now();
      const r = await request(t.http)
        .post(`/api/v1/orgs/${owner.organizationId}/addCourse`)
        .set(owner.auth)
        .send({ name, courseExplanation: 'Yeniden başlatma denemesi' });
      outcomes.push({ name, status: r.status, sentAt, at: Date.now() });
      await sleep(25);
    }
  };
  const done = Promise.all(Array.from({ length: writers }, (_, w) => run(w)));
  return {
    outcomes,
    async stop() {
      stop = true;
      await done;
    },
  };
}

async function waitUntil<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('a PostgreSQL restart', () => {
  let proxy: TcpProxy;
  let t: TestServer;
  let owner: SignedIn;

  beforeAll(async () => {
    proxy = await startTcpProxy(TEST_DATABASE_URL);
    t = await startTestServer({}, { databaseUrl: (url) => proxy.url(url) });
    owner = await signUpOwner(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  /** Ends this server's sessions (API pool, projections pool, leaders' locks); never another database's. */
  async function terminateServerBackends(): Promise<number> {
    const r = await t.database.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND application_name IN ('okul-api', 'okul-api-locks', 'okul-projections', 'okul-projections-locks')`,
    );
    return r.rows[0].n;
  }

  /** Leaders of this server: one per projection, and the event chain's (event-store/event-chain.ts). */
  const leaders = allProjections.length + 1;

  /** Advisory locks the server's projection and event-chain leaders hold now. */
  async function leaderLocks(): Promise<number> {
    const r = await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database()
          AND a.application_name = 'okul-projections-locks'`,
    );
    return r.rows[0].n;
  }

  it('answers 503 with a Turkish message meanwhile, reports degraded health, then recovers without losing an acknowledged write', async () => {
    const courses = `/api/v1/orgs/${owner.organizationId}/getCourses`;
    await waitUntil('the leaders', async () => ((await leaderLocks()) === leaders ? 1 : null));
    const load = writeLoad(t, owner, 3);
    await sleep(500);

    proxy.down();
    const downAt = Date.now();
    const terminated = await terminateServerBackends();
    expect(terminated).toBeGreaterThan(0);

    const health = await request(t.http).get('/api/v1/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: { ok: false } });
    const read = await request(t.http).get(courses).set(owner.auth);
    expect(read.status).toBe(503);
    expect(read.body).toEqual(unavailable);
    expect(read.headers['retry-after']).toBe('5');
    await sleep(1500);

    proxy.up();
    const upAt = Date.now();
    // Healthy again: the database answers and every projection is led (its lock re-acquired) and running.
    const healthyAt = await waitUntil('health', async () => {
      const h = await request(t.http).get('/api/v1/health');
      const led = h.body.projections?.every((p: { state: string }) => ['idle', 'running'].includes(p.state));
      return h.status === 200 && led ? Date.now() : null;
    });
    const firstWriteAt = await waitUntil('a write', async () => {
      const ok = load.outcomes.find((o) => o.at > upAt && o.status === 200);
      return ok ? ok.at : null;
    });
    await sleep(500);
    await load.stop();
    expect(await leaderLocks()).toBe(leaders);

    const { outcomes } = load;
    // Sent and answered within the outage (one sent just before it may still have been stored and answered 200).
    const during = outcomes.filter((o) => o.sentAt >= downAt && o.at <= upAt);
    const other5xx = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.name);
    console.log(
      `[restart figures] postgres: ${outcomes.length} writes, ${during.length} during the ${upAt - downAt} ms outage ` +
        `(${during.filter((o) => o.status === 503).length} answered 503), ` +
        `${outcomes.filter((o) => o.status === 503).length} 503 in all, ${other5xx.length} other 5xx, ` +
        `${terminated} backends terminated, ${proxy.refused} connections refused, healthy ${healthyAt - upAt} ms ` +
        `and first write ${firstWriteAt - upAt} ms after the database came back`,
    );
    expect(other5xx).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((o) => o.status !== 503)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);

    // Projections resumed from their checkpoints: every acknowledged course is in the read model, once.
    await t.server.runtime.runner.waitFor(await t.server.runtime.persistence.store.headPosition(), 20_000);
    const list = await request(t.http).get(courses).set(owner.auth);
    expect(list.status).toBe(200);
    const names = (list.body as Array<{ name: string }>).map((c) => c.name);
    for (const name of acknowledged) expect(names.filter((n) => n === name)).toHaveLength(1);
    // And the write path works as before.
    const after = await request(t.http)
      .post(`/api/v1/orgs/${owner.organizationId}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Sonra', courseExplanation: 'Yeniden başlatmadan sonra' });
    expect(after.status).toBe(200);
    const again = await request(t.http).get(courses).set(owner.auth);
    expect(again.body.map((c: { id: string }) => c.id)).toContain(after.body.id);
  });
});

describe('a Redis restart', () => {
  let proxy: TcpProxy;
  let t: TestServer;
  let admin: Redis;

  beforeAll(async () => {
    proxy = await startTcpProxy(TEST_REDIS_URL);
    t = await startTestServer({ REDIS_URL: proxy.url(TEST_REDIS_URL) });
    admin = new Redis(TEST_REDIS_URL);
  });
  // Closing waits up to its bounds for the queue's workers after the outage (bullmq-queue.ts).
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    admin?.disconnect();
  }, 120_000);

  /** CLIENT KILL of this server's Redis clients only (named with its prefix). */
  async function killServerClients(): Promise<number> {
    const list = (await admin.call('CLIENT', 'LIST')) as string;
    const ids = list
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((kv) => kv.split('=', 2))))
      .filter((c) => typeof c.name === 'string' && c.name.startsWith(t.redisPrefix))
      .map((c) => c.id as string);
    for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
    return ids.length;
  }

  it('answers 503 for logins and queueing meanwhile, reports degraded health, then throttles and runs jobs again', async () => {
    const form = registrationForm();
    const owner = await signUpOwner(t.http, form, { pay: false });
    const queue = t.server.runtime.queue;
    const ran: string[] = [];
    queue.process<{ n: string }>('restart-probe', async (job) => {
      ran.push(job.data.n);
    });
    await queue.add('restart-probe', 'probe', { n: 'before' }, { jobId: 'before' });
    await waitUntil('the first job', async () => (ran.includes('before') ? 1 : null));

    proxy.down();
    const downAt = Date.now();
    const killed = await killServerClients();
    expect(killed).toBeGreaterThan(0);

    const health = await request(t.http).get('/api/v1/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: { ok: true }, queue: { ok: false } });
    const signIn = await request(t.http)
      .post('/api/v1/login')
      .send({ email: form.email, password: form.password });
    expect(signIn.status).toBe(503);
    expect(signIn.body).toEqual(unavailable);
    const queued = await queue.add('restart-probe', 'probe', { n: 'during' }, { jobId: 'during' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUnavailable(queued)).toBe(true);
    // Requests that need only PostgreSQL go on.
    const profile = await request(t.http).get('/api/v1/getProfile').set(owner.auth);
    expect(profile.status).toBe(200);
    await sleep(1000);

    proxy.up();
    const upAt = Date.now();
    const healthyAt = await waitUntil('health', async () =>
      (await request(t.http).get('/api/v1/health')).status === 200 ? Date.now() : null,
    );
    expect((await login(t.http, form.email, form.password)).userId).toBe(owner.userId);
    await queue.add('restart-probe', 'probe', { n: 'after' }, { jobId: 'after' });
    const ranAt = await waitUntil('the job after', async () => (ran.includes('after') ? Date.now() : null));
    expect(ran).toEqual(['before', 'after']);
    console.log(
      `[restart figures] redis: ${killed} clients killed, outage ${upAt - downAt} ms, healthy ${healthyAt - upAt} ms ` +
        `and a queued job run ${ranAt - upAt} ms after Redis came back`,
    );
  });
});
