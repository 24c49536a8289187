import { toLocal } from '@okul/domain';
import { allProjections, RebuildInProgressError, rebuildProjection } from '@okul/projections';
import { withOrganization } from '../../src/infra/organization-scope';
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../support/context';
import { httpClient, type Answer } from '../support/http-client';
import { cpuMs, cpuSplitMs, serverPids } from '../support/process-cpu';
import { percentile, round } from '../support/stats';
import {
  ensureOwner,
  loginOwner,
  seedLargeOrg,
  startServer,
  startServerProcess,
  type RunningServer,
} from '../large-org/seed';

/**
 * Reads at the size of a large institution: seeds the large organisation on a fresh database (or
 * reuses BENCH_LARGE_ORG_URL, seeded by `npm run seed`), starts the whole server on it, and measures the
 * list and balance reads through HTTP with 16 concurrent clients and a bounded number of requests each.
 */
const CLIENTS = Number(process.env.BENCH_LARGE_ORG_CLIENTS ?? 16);
const REQUESTS = Number(process.env.BENCH_LARGE_ORG_REQUESTS ?? 320);
const WARMUP = 32;

interface Measured {
  requests: number;
  clients: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
  requestsPerSecond: number;
  bytes: number;
  /**
   * CPU time per request of the server process and of its database sessions (user + system, from /proc):
   * unlike the latencies, hardly moved by other work on the machine.
   */
  serverCpuMs: number;
  postgresCpuMs: number;
  /** Of serverCpuMs, the kernel's share (system time: mostly copying the answer's bytes into the socket). */
  serverSystemCpuMs: number;
  /**
   * serverCpuMs less what the server spends with no request at all (its projections' polling, measured before
   * the reads, `serverIdle`) over the same seconds: what the requests themselves cost. A slow read (few
   * requests a second) carries a larger share of that idle work in serverCpuMs.
   */
  serverCpuMsBeyondIdle?: number;
  /** The same for the measuring client (this process): on 2 cores it competes with the server. */
  clientCpuMs: number;
}

/** CPU ms a second of the server process and of its database sessions while no request is made. */
interface IdleCpu {
  serverCpuMsPerSecond: number;
  postgresCpuMsPerSecond: number;
  seconds: number;
}

/** The server's CPU while it answers nothing, over BENCH_LARGE_ORG_IDLE_MS (3 s unless set). */
async function measureIdle(pids: () => Promise<{ server: number; postgres: number[] }>): Promise<IdleCpu> {
  const ms = Number(process.env.BENCH_LARGE_ORG_IDLE_MS ?? 3000);
  const { server, postgres } = await pids();
  const t0 = performance.now();
  const [server0, postgres0] = [await cpuMs([server]), await cpuMs(postgres)];
  await new Promise((r) => setTimeout(r, ms));
  const [server1, postgres1] = [await cpuMs([server]), await cpuMs(postgres)];
  const seconds = (performance.now() - t0) / 1000;
  return {
    serverCpuMsPerSecond: round((server1 - server0) / seconds),
    postgresCpuMsPerSecond: round((postgres1 - postgres0) / seconds),
    seconds: round(seconds),
  };
}

async function measure(
  send: () => Promise<Answer>,
  pids: () => Promise<{ server: number; postgres: number[] }>,
  idle?: IdleCpu,
): Promise<Measured> {
  const once = async () => {
    const t = performance.now();
    const res = await send();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`status ${res.status}: ${res.head}`);
    return { ms, bytes: res.bytes };
  };
  const run = async (total: number) => {
    const samples: number[] = [];
    let bytes = 0;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < total) {
          next++;
          const r = await once();
          samples.push(r.ms);
          bytes = r.bytes;
        }
      }),
    );
    return { samples, bytes, seconds: (performance.now() - t0) / 1000 };
  };
  await run(WARMUP);
  const { server, postgres } = await pids();
  const [server0, postgres0] = [await cpuSplitMs([server]), await cpuMs(postgres)];
  const client0 = process.cpuUsage();
  const { samples, bytes, seconds } = await run(REQUESTS);
  const client = process.cpuUsage(client0);
  const [server1, postgres1] = [await cpuSplitMs([server]), await cpuMs(postgres)];
  const serverMs = server1.user + server1.system - server0.user - server0.system;
  return {
    requests: samples.length,
    clients: CLIENTS,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(Math.max(...samples)),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    requestsPerSecond: Math.round(samples.length / seconds),
    bytes,
    serverCpuMs: round(serverMs / samples.length),
    postgresCpuMs: round((postgres1 - postgres0) / samples.length),
    serverSystemCpuMs: round((server1.system - server0.system) / samples.length),
    ...(idle
      ? {
          serverCpuMsBeyondIdle: round(
            Math.max(0, serverMs - idle.serverCpuMsPerSecond * seconds) / samples.length,
          ),
        }
      : {}),
    clientCpuMs: round((client.user + client.system) / 1000 / samples.length),
  };
}

interface ExportMeasured {
  seconds: number;
  bytes: number;
  /** The server process's resident memory before the download and at its highest during it (MB). */
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Resident memory of a process (MB), from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** One export downloaded whole (bytes counted, not kept), with the server's memory sampled every 20 ms. */
async function measureExport(
  baseUrl: string,
  token: string,
  path: string,
  pid: number,
): Promise<ExportMeasured> {
  const rssBeforeMb = await rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssMb(pid).then(
      (mb) => (rssPeakMb = Math.max(rssPeakMb, mb)),
      () => undefined,
    );
  }, 20);
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`status ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
    return { seconds: round((performance.now() - t0) / 1000), bytes, rssBeforeMb, rssPeakMb };
  } finally {
    clearInterval(sampler);
  }
}

/** The student with the longest balance sheet (most lessons and payments): the worst case of the call. */
async function heaviestStudent(s: RunningServer, organizationId: string) {
  // Through the API's pool, so within the organisation (row-level security).
  const r = await withOrganization(organizationId, () =>
    s.server.runtime.persistence.db.query<{ id: string; n: string; student_number: number }>(
      `SELECT st.id, st.student_number, (SELECT count(*) FROM balance_lessons l WHERE l.student_id = st.id)
              + (SELECT count(*) FROM balance_payments p WHERE p.student_id = st.id) AS n
       FROM students st WHERE st.organization_id = $1 ORDER BY n DESC LIMIT 1`,
      [organizationId],
    ),
  );
  return { id: r.rows[0].id, studentNumber: r.rows[0].student_number };
}

/**
 * The statistics projection's own catch-up rate: rebuilt alone from the whole store (every event read, its
 * own applied), while the seeding server's runner idles. A rebuild that server started for a newer version
 * is waited for first.
 */
async function rebuildStatistics(s: RunningServer): Promise<Record<string, number>> {
  const { projectionDb, store } = s.server.runtime.persistence;
  const statisticsProjection = allProjections.find((p) => p.name === 'statistics')!;
  for (;;) {
    try {
      const t0 = performance.now();
      const r = await rebuildProjection(projectionDb, store, statisticsProjection);
      const ms = performance.now() - t0;
      return {
        events: r.events,
        seconds: round(ms / 1000),
        eventsPerSecond: Math.round((r.events * 1000) / ms),
      };
    } catch (e) {
      if (!(e instanceof RebuildInProgressError)) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** One answer's bytes as they travel (encoded as asked), whole. */
function rawBytes(baseUrl: string, path: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`status ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The floor (what this machine allows for these sizes): the same kept bytes sent by a bare node:http server in
 * a process of its own (support/floor-server.ts) to the same client with the same concurrency, measured like
 * the reads. The real read's p95 minus this one is what the application adds.
 */
async function measureFloor(
  ctx: BenchContext,
  answers: Array<{ name: string; body: Buffer; encoding: 'identity' | 'br' }>,
): Promise<Record<string, Measured>> {
  const dir = await mkdtemp(join(tmpdir(), 'okul-bench-floor-'));
  try {
    const args: string[] = [];
    for (const [i, a] of answers.entries()) {
      const file = join(dir, String(i));
      await writeFile(file, a.body);
      args.push(`${file}:${a.encoding}`);
    }
    const main = fileURLToPath(new URL('../support/floor-server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
        child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
      });
      const http = httpClient(`http://127.0.0.1:${port}`, '', CLIENTS);
      const out: Record<string, Measured> = {};
      try {
        for (const [i, a] of answers.entries()) {
          ctx.log(`large-org: floor, ${a.name}`);
          out[a.name] = await measure(http.send('GET', `/${i}`), async () => ({
            server: child.pid!,
            postgres: [],
          }));
        }
      } finally {
        http.close();
      }
      return out;
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const reuse = process.env.BENCH_LARGE_ORG_URL;
  const url = reuse ?? (await ctx.createDatabase(1)).url;
  ctx.log(`large-org: ${reuse ? 'reusing' : 'seeding a fresh'} database`);
  // Seeding runs in this process; the measured server then runs in a process of its own.
  const seeder = await startServer(url);
  let seed: Record<string, unknown>;
  let heavy: { id: string; studentNumber: number };
  let statisticsRebuild: Record<string, number>;
  try {
    const owner = await ensureOwner(seeder);
    seed = await seedLargeOrg(seeder, owner, { log: (m) => ctx.log(`large-org: ${m}`) });
    heavy = await heaviestStudent(seeder, owner.organizationId);
    ctx.log('large-org: rebuilding the statistics projection alone');
    statisticsRebuild = await rebuildStatistics(seeder);
  } finally {
    await seeder.close();
  }
  const server = await startServerProcess(url);
  try {
    const owner = await loginOwner(server.baseUrl);
    const base = `/api/v1/orgs/${owner.organizationId}`;
    const http = httpClient(server.baseUrl, owner.token, CLIENTS);
    const get = (path: string) => http.send('GET', `${base}/${path}`);
    const post = (path: string, body: unknown) => http.send('POST', `${base}/${path}`, body);
    const sheetAnswer = await fetch(`${server.baseUrl}${base}/getStudentBalanceSheet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: heavy.id }),
    });
    const sheet = (await sheetAnswer.json()) as unknown[];
    const reads: Record<string, Measured> = {};
    const local = toLocal(Date.now());
    const thisMonth = `${local.year}-${String(local.month).padStart(2, '0')}`;
    const plan: Array<[string, () => Promise<Answer>]> = [
      // The floor: an authenticated org read of 20 rows (token check, role, one query).
      ['getCourses', get('getCourses')],
      ['getStudents', get('getStudents')],
      // Every browser sends Accept-Encoding: the kept answer's compressed bytes are what it waits for.
      ['getStudents (br)', http.send('GET', `${base}/getStudents`, undefined, { 'accept-encoding': 'br' })],
      ['getStudents?view=list', get('getStudents?view=list')],
      // As a browser asks: the kept answer's brotli bytes (bytes below are what travels).
      [
        'getStudents?view=list (br)',
        http.send('GET', `${base}/getStudents?view=list`, undefined, { 'accept-encoding': 'br' }),
      ],
      ['getAttendances', get('getAttendances')],
      [
        'getAttendances?q=<student number>',
        get(`getAttendances?q=${String(heavy.studentNumber).padStart(5, '0')}`),
      ],
      ['getStudentBalanceSheet', post('getStudentBalanceSheet', { id: heavy.id })],
      ['getDashboard', get('getDashboard')],
      ['getDashboard (br)', http.send('GET', `${base}/getDashboard`, undefined, { 'accept-encoding': 'br' })],
      ['getAgeGroups', get('getAgeGroups')],
      ['getAccounting', get(`getAccounting?period=${thisMonth}`)],
      // The month view reads the month's payments beside the entries (docs/DECISIONS.md, accounting).
      ['getAccountingMonth', get(`getAccountingMonth?period=${thisMonth}`)],
      // İstatistikler as it opens: the twelve months up to now, from the statistics read model.
      ['getStatistics', get('getStatistics')],
      ['getStatistics?from=<10 years>', get(`getStatistics?from=${local.year - 9}-01`)],
    ];
    // BENCH_LARGE_ORG_READS=getStudents,getDashboard measures only those (for a quicker look).
    const only = process.env.BENCH_LARGE_ORG_READS?.split(',').map((x) => x.trim());
    ctx.log('large-org: the server idle');
    const serverIdle = await measureIdle(() => serverPids(url, server.pid));
    for (const [name, send] of plan) {
      if (only && !only.includes(name)) continue;
      ctx.log(`large-org: ${name}, ${CLIENTS} clients, ${REQUESTS} requests`);
      reads[name] = await measure(send, () => serverPids(url, server.pid), serverIdle);
    }
    http.close();
    // The floor of the same bytes, beside the real figures.
    const floorOf: Array<[string, string, 'identity' | 'br']> = [
      ['getCourses', 'getCourses', 'identity'],
      ['getStudents', 'getStudents', 'identity'],
      ['getStudents (br)', 'getStudents', 'br'],
      ['getStudents?view=list', 'getStudents?view=list', 'identity'],
      ['getStudents?view=list (br)', 'getStudents?view=list', 'br'],
      ['getDashboard', 'getDashboard', 'identity'],
      ['getDashboard (br)', 'getDashboard', 'br'],
    ];
    const floorAnswers = [];
    for (const [name, path, encoding] of floorOf) {
      if (only && !only.includes(name)) continue;
      const headers = { authorization: `Bearer ${owner.token}`, 'accept-encoding': encoding };
      floorAnswers.push({ name, encoding, body: await rawBytes(server.baseUrl, `${base}/${path}`, headers) });
    }
    const floor = floorAnswers.length > 0 ? await measureFloor(ctx, floorAnswers) : {};
    const besideFloor = Object.fromEntries(
      Object.entries(floor).map(([name, f]) => [
        name,
        {
          bytes: f.bytes,
          p95: reads[name]?.p95,
          floorP95: f.p95,
          serverCpuMs: reads[name]?.serverCpuMs,
          serverCpuMsBeyondIdle: reads[name]?.serverCpuMsBeyondIdle,
          floorServerCpuMs: f.serverCpuMs,
          serverSystemCpuMs: reads[name]?.serverSystemCpuMs,
          floorServerSystemCpuMs: f.serverSystemCpuMs,
        },
      ]),
    );
    const exports: Record<string, ExportMeasured> = {};
    for (const format of ['csv', 'xlsx'] as const) {
      if (only && !only.includes(`exportPayments.${format}`)) continue;
      ctx.log(`large-org: exportPayments ${format}`);
      exports[`exportPayments.${format}`] = await measureExport(
        server.baseUrl,
        owner.token,
        `${base}/exportPayments?format=${format}`,
        server.pid,
      );
    }
    return {
      seed,
      statisticsRebuild,
      balanceSheetEntries: sheet.length,
      serverIdle,
      reads,
      floor,
      besideFloor,
      exports,
      note: 'server in its own process; latency in ms from request start to the whole body read; bytes is one answer; serverCpuMs and postgresCpuMs are CPU ms per request of the server process and of its database sessions (serverSystemCpuMs the kernel share, serverCpuMsBeyondIdle without the CPU of the idle server, serverIdle); floor: the same bytes from a bare node:http server (no framework, no database), what this machine allows for those sizes',
    };
  } finally {
    await server.close();
  }
}
