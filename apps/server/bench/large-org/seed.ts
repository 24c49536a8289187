import { spawn } from 'node:child_process';
import { withOrganization } from '../../src/infra/organization-scope';
import { randomUUID } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { EventStore, NewEvent, StreamAppend } from '@okul/domain';
import { createServer, type Server } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { catchUpProfiles } from '../support/catch-up-profile';
import { generateLargeOrg, type GeneratedOrg, type LargeOrgOptions } from './generate';

/** The seeded organisation's owner: fixed, so a database seeded once can be reused by the benchmark. */
export const SEED_OWNER = {
  email: 'buyuk-kurum@okul.local',
  password: 'buyuk-kurum-sifre-1',
  name: 'Büyük',
  surname: 'Kurum',
};

/**
 * Appends a generated history through the event store: in time order, `batch` events per appendMany (one
 * transaction), a stream's events of one batch in one append with its expected version, as the command side
 * would have written them. Grouping only ever moves an event earlier within its batch, after its stream's
 * first event there, so a student is always registered before any lesson names them.
 */
export async function appendHistory(
  store: EventStore,
  generated: GeneratedOrg,
  o: { organizationId: string; userId: string; batch?: number; log?: (m: string) => void },
): Promise<{ events: number; appends: number; seconds: number }> {
  const t0 = performance.now();
  const versions = new Map<string, number>();
  const batch = o.batch ?? Number(process.env.SEED_BATCH ?? 50);
  let appends = 0;
  const { events } = generated;
  for (let i = 0; i < events.length; i += batch) {
    const groups = new Map<string, StreamAppend>();
    for (const e of events.slice(i, i + batch)) {
      let g = groups.get(e.streamId);
      if (!g) {
        const v = versions.get(e.streamId);
        g = { streamId: e.streamId, events: [], expectedVersion: v === undefined ? 'no_stream' : v };
        groups.set(e.streamId, g);
      }
      const ev: NewEvent = {
        id: randomUUID(),
        type: e.type,
        data: e.data,
        metadata: {
          organizationId: o.organizationId,
          userId: o.userId,
          ipAddress: '127.0.0.1',
          userAgent: 'okul-seed',
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: new Date(e.at).toISOString(),
        },
      };
      g.events.push(ev);
      versions.set(e.streamId, (versions.get(e.streamId) ?? -1) + 1);
    }
    await store.appendMany([...groups.values()]);
    appends += groups.size;
    if (o.log && Math.floor((i + batch) / 10_000) > Math.floor(i / 10_000))
      o.log(`appended ${Math.min(i + batch, events.length)} / ${events.length} events`);
  }
  return { events: events.length, appends, seconds: (performance.now() - t0) / 1000 };
}

export interface RunningServer {
  server: Server;
  baseUrl: string;
  mailDir: string;
  close(): Promise<void>;
}

/** The whole server on `databaseUrl`, listening on an ephemeral port, e-mails to a temporary folder. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const mailDir = mkdtempSync(join(tmpdir(), 'okul-seed-mail-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    TEST_AIDS: 'on',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    CLIENT_DIST: '',
    MAIL_DIR: mailDir,
    RATE_LIMIT_PREFIX: `okul-seed-${randomUUID()}`,
    ...env,
  });
  const server = await createServer(config);
  await server.app.listen(0, '127.0.0.1');
  const { port } = server.app.getHttpServer().address() as { port: number };
  return { server, baseUrl: `http://127.0.0.1:${port}`, mailDir, close: () => server.close() };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The process's Prometheus endpoint (METRICS_PORT), when asked for. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/**
 * The server as it runs in production, in a process of its own (`apps/server/src/main.ts`), so that the
 * benchmark's clients do not share its event loop. `http: 'fastify'` starts the same application on
 * Fastify instead (`bench/support/fastify-main.ts`), for the http-framework suite.
 */
export async function startServerProcess(
  databaseUrl: string,
  o: { metrics?: boolean; http?: 'express' | 'fastify' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // Its own port, so that a suite can read the process's heap (prom-client's default metrics) from outside.
  const metricsPort = o.metrics ? await freePort() : null;
  const main = fileURLToPath(
    new URL(o.http === 'fastify' ? '../support/fastify-main.ts' : '../../src/main.ts', import.meta.url),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    TEST_AIDS: 'on',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    CLIENT_DIST: '',
    ...(metricsPort === null ? {} : { METRICS_PORT: String(metricsPort) }),
  };
  delete env.REDIS_URL; // the in-process job queue: nothing runs in the background during the measurement
  // BENCH_SERVER_CPU_PROF=<dir>: the server process writes a CPU profile there when it stops (--cpu-prof).
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', main], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/v1/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server process did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    metricsUrl: metricsPort === null ? null : `http://127.0.0.1:${metricsPort}/metrics`,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}

export interface Owner {
  token: string;
  userId: string;
  organizationId: string;
  created: boolean;
}

/** Logs in as the seed owner on any server of the seeded database. */
export async function loginOwner(baseUrl: string): Promise<Owner> {
  const login = await call(baseUrl, 'POST', '/api/v1/login', {
    email: SEED_OWNER.email,
    password: SEED_OWNER.password,
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.access_token as string;
  const [orgs, profile] = await Promise.all([
    call(baseUrl, 'GET', '/api/v1/getOrganizations', undefined, token),
    call(baseUrl, 'GET', '/api/v1/getProfile', undefined, token),
  ]);
  const list = orgs.body as unknown as Array<{ organization: { id: string } }>;
  return {
    token,
    userId: profile.body.id as string,
    organizationId: list[0].organization.id,
    created: false,
  };
}

/**
 * Logs in as the seed owner, or registers the owner and their organisation first (preregister, then the link
 * of the verification e-mail, as a person would).
 */
export async function ensureOwner(s: RunningServer): Promise<Owner> {
  let created = false;
  let login = await call(s.baseUrl, 'POST', '/api/v1/login', {
    email: SEED_OWNER.email,
    password: SEED_OWNER.password,
  });
  if (login.status !== 200) {
    const pre = await call(s.baseUrl, 'POST', '/api/v1/preregister', {
      name: SEED_OWNER.name,
      surname: SEED_OWNER.surname,
      email: SEED_OWNER.email,
      password: SEED_OWNER.password,
      phone: '5321234567',
      tckn: '10000000146',
      organizationName: 'Büyük Sanat ve Müzik Kursu',
      organizationAddress: 'Kadıköy, İstanbul',
      vkn: '1234567890',
      employeeCount: '40',
      organizationType: 'kurs',
      companyType: 'limited',
    });
    if (pre.status !== 200) throw new Error(`preregister failed: ${pre.status} ${JSON.stringify(pre.body)}`);
    const token = await verificationToken(s.mailDir, SEED_OWNER.email);
    const v = await call(s.baseUrl, 'POST', '/api/v1/verifyEmail', { email: SEED_OWNER.email, token });
    if (v.status !== 200) throw new Error(`verifyEmail failed: ${v.status} ${JSON.stringify(v.body)}`);
    login = await call(s.baseUrl, 'POST', '/api/v1/login', {
      email: SEED_OWNER.email,
      password: SEED_OWNER.password,
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    created = true;
  }
  const token = login.body.access_token as string;
  const [orgs, profile] = await Promise.all([
    call(s.baseUrl, 'GET', '/api/v1/getOrganizations', undefined, token),
    call(s.baseUrl, 'GET', '/api/v1/getProfile', undefined, token),
  ]);
  const list = orgs.body as unknown as Array<{ organization: { id: string } }>;
  return { token, userId: profile.body.id as string, organizationId: list[0].organization.id, created };
}

async function verificationToken(mailDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const f of readdirSync(mailDir).filter((x) => x.endsWith('.json'))) {
      const mail = JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as { to: string; links: string[] };
      const link = mail.to === to ? mail.links.find((l) => l.includes('/giris/verify?')) : undefined;
      if (link) return new URL(link).searchParams.get('token') ?? '';
    }
    if (Date.now() > deadline) throw new Error(`no verification e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Does the organisation already hold students (a seeded database being reused)? */
export async function studentCount(s: RunningServer, organizationId: string): Promise<number> {
  // Through the API's pool, so within the organisation (row-level security).
  const r = await withOrganization(organizationId, () =>
    s.server.runtime.persistence.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM students WHERE organization_id = $1`,
      [organizationId],
    ),
  );
  return Number(r.rows[0].n);
}

/**
 * Seeds the large organisation into the running server's store (unless it already has students) and waits
 * until every projection has caught up. Answers what it did and how long each part took.
 */
export async function seedLargeOrg(
  s: RunningServer,
  owner: Owner,
  o: Partial<LargeOrgOptions> & { log?: (m: string) => void } = {},
): Promise<Record<string, unknown>> {
  const log = o.log ?? (() => undefined);
  const existing = await studentCount(s, owner.organizationId);
  if (existing > 0) {
    log(`organisation ${owner.organizationId} already has ${existing} students: reused`);
    const t0 = performance.now();
    await s.server.runtime.persistence.projectionDb.exec('VACUUM (ANALYZE)');
    return {
      reused: true,
      students: existing,
      vacuumAnalyzeSeconds: Math.round((performance.now() - t0) / 100) / 10,
    };
  }
  let t = performance.now();
  const generated = generateLargeOrg({
    ...o,
    organizationId: owner.organizationId,
    userId: owner.userId,
    tcknRef: s.server.runtime.persistence.dataKeys.tcknRef,
  });
  const generateSeconds = (performance.now() - t) / 1000;
  log(
    `generated ${generated.events.length} events in ${generateSeconds.toFixed(1)} s: ${JSON.stringify(generated.counts)}`,
  );
  const { store } = s.server.runtime.persistence;
  // The projections wait while the history is written (they would only compete with it), then catch up.
  await s.server.runtime.runner.stop();
  const appended = await appendHistory(store, generated, {
    organizationId: owner.organizationId,
    userId: owner.userId,
    log,
  });
  s.server.runtime.runner.start();
  log(`appended in ${appended.seconds.toFixed(1)} s; projections catching up`);
  t = performance.now();
  const head = await store.headPosition();
  const caughtUp = await s.server.runtime.runner.waitFor(head, 30 * 60_000);
  if (!caughtUp) throw new Error('projections did not catch up within 30 minutes');
  const projectSeconds = (performance.now() - t) / 1000;
  const perProjection = catchUpProfiles(s.server.runtime.runner.throughput());
  log(`projections caught up in ${projectSeconds.toFixed(1)} s`);
  // What autovacuum does after a bulk load (visibility map for index-only counts, planner statistics); the
  // test Postgres here runs with autovacuum off.
  t = performance.now();
  await s.server.runtime.persistence.projectionDb.exec('VACUUM (ANALYZE)');
  const vacuumSeconds = (performance.now() - t) / 1000;
  return {
    reused: false,
    ...generated.counts,
    events: appended.events,
    appends: appended.appends,
    generateSeconds: Math.round(generateSeconds * 10) / 10,
    appendSeconds: Math.round(appended.seconds * 10) / 10,
    projectionCatchUpSeconds: Math.round(projectSeconds * 10) / 10,
    projectionCatchUpEventsPerSecond: Math.round(appended.events / projectSeconds),
    // Each projection's rate until it had applied the history, and where its time went (slowest first).
    projectionCatchUp: perProjection,
    vacuumAnalyzeSeconds: Math.round(vacuumSeconds * 10) / 10,
  };
}

export { generateLargeOrg };
