import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { studentBody, tcknSource } from '../../test/support/school-fixtures';
import { payWithMock, type SignedIn } from '../../test/support/test-server';
import { ensureOwner, loginOwner, seedLargeOrg, startServer, startServerProcess } from '../large-org/seed';
import type { BenchContext } from '../support/context';
import { httpClient, type Answer } from '../support/http-client';
import { percentile, round } from '../support/stats';

/**
 * NestJS on Express (src/app.ts, as it runs) against the same application on Fastify
 * (support/fastify-app.ts), each in a process of its own on the same database: the floor of the stack (an
 * unknown API path: middleware, the router's miss and the error filter, no application work), small answers
 * (health, getCourses), the student list of an organisation of about 300 students (getStudents, with a
 * browser's Accept-Encoding) and one command (addAttendance), from 16 clients each sending its next request
 * as soon as the last one answered. The two run one after the other, ROUNDS times, every other round
 * starting with Fastify, so a change of the machine's load hits both; the figures pool the rounds, and
 * `fastifyOverExpress` divides Fastify's by Express's (requests/s above 1, latency and CPU below 1 mean
 * Fastify is faster). The server process's CPU time per request is measured beside the wall-clock figures:
 * on a machine shared with other work it is the figure that moves least with the load.
 */
const CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 16);
const MS = Number(process.env.BENCH_FRAMEWORK_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_FRAMEWORK_ROUNDS ?? 4);
const STUDENTS = Number(process.env.BENCH_FRAMEWORK_STUDENTS ?? 300);
const WARMUP_MS = 1000;
const FRAMEWORKS = ['express', 'fastify'] as const;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has spent so far, in ms, from /proc/<pid>/stat. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) in parentheses; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Run {
  samples: number[];
  seconds: number;
  /** CPU time the server process spent on the run: on a loaded machine the steadier figure of its cost. */
  serverCpuMs: number;
  bytes: number;
  encoding: string;
  statuses: Record<string, number>;
  firstFailure?: string;
}

async function load(
  ms: number,
  pid: number,
  expected: number,
  send: (client: number) => Promise<Answer>,
): Promise<Run> {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let encoding = 'identity';
  let firstFailure: string | undefined;
  const cpuBefore = await cpuMs(pid);
  const start = performance.now();
  const deadline = start + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const a = await send(c);
        samples.push(performance.now() - t);
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        bytes = a.bytes;
        encoding = String(a.headers['content-encoding'] ?? 'identity');
        if (a.status !== expected) firstFailure ??= `${a.status} ${a.head}`;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const serverCpuMs = (await cpuMs(pid)) - cpuBefore;
  return { samples, seconds, serverCpuMs, bytes, encoding, statuses, firstFailure };
}

function summary(runs: Run[]) {
  const samples = runs.flatMap((r) => r.samples);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const cpu = runs.reduce((s, r) => s + r.serverCpuMs, 0);
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [k, n] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  const failure = runs.find((r) => r.firstFailure)?.firstFailure;
  return {
    requests: samples.length,
    requestsPerSecond: Math.round(samples.length / seconds),
    perRound: runs.map((r) => Math.round(r.samples.length / r.seconds)),
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(Math.max(...samples)),
    serverCpuMsPerRequest: round(cpu / samples.length),
    bytes: runs[runs.length - 1]?.bytes ?? 0,
    encoding: runs[runs.length - 1]?.encoding ?? 'identity',
    statuses,
    ...(failure ? { firstFailure: failure } : {}),
  };
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const { url } = await ctx.createDatabase(1);
  // The organisation is seeded and its courses and enrolments are set up through an in-process server,
  // closed before anything is measured.
  const seeder = await startServer(url);
  let organizationId: string;
  let courseId: string;
  const students: string[] = [];
  let seeded: Record<string, unknown>;
  try {
    const owner = await ensureOwner(seeder);
    organizationId = owner.organizationId;
    const signedIn = { auth: { Authorization: `Bearer ${owner.token}` }, organizationId };
    await payWithMock(seeder.server.app.getHttpServer(), signedIn as SignedIn, 'sub-1-month');
    ctx.log(`http-framework: seeding an organisation of ${STUDENTS} students`);
    seeded = await seedLargeOrg(seeder, owner, {
      students: STUDENTS,
      payments: STUDENTS * 13,
      // Three years of lessons: the measured answers do not grow with the history, the seeding does.
      years: 3,
      log: (m) => ctx.log(`http-framework: ${m}`),
    });
    const http = httpClient(seeder.baseUrl, owner.token, 1);
    const must = async (call: string, body: unknown) => {
      const a = await http.call('POST', `/api/v1/orgs/${organizationId}/${call}`, body);
      if (a.status !== 200) throw new Error(`${call}: ${a.status} ${a.head}`);
      return JSON.parse(a.head) as { id: string };
    };
    try {
      const tckn = tcknSource(1515);
      courseId = (await must('addCourse', { name: 'Çerçeve Ölçümü', courseExplanation: 'Ölçüm' })).id;
      for (let c = 0; c < CLIENTS; c++) {
        const s = await must('registerStudent', studentBody(tckn(), { name: `Ölçüm${c}` }));
        await must('addEnrollment', { studentId: s.id, courseId, price: 100, startDate: '2025-02-01' });
        students.push(s.id);
      }
    } finally {
      http.close();
    }
  } finally {
    await seeder.close();
  }

  // Every attendance at a minute of its own, counted across both servers (no two name the same lesson).
  let minute = 0;
  const attendance = () => {
    const at = new Date(Date.UTC(2025, 2, 1, 6, 0) + minute++ * 60_000);
    return {
      day: at.getUTCDate(),
      month: at.getUTCMonth() + 1,
      year: at.getUTCFullYear(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
    };
  };
  const base = `/api/v1/orgs/${organizationId}`;
  type Http = ReturnType<typeof httpClient>;
  // [name, the status every answer should have, send]
  const routes: Array<[string, number, (http: Http, c: number) => Promise<Answer>]> = [
    // The floor: the whole middleware stack, the router's miss and the error filter, no application work.
    ['unknownRoute', 404, (http) => http.call('GET', '/api/v1/noSuchCall', undefined, BROWSER_HEADERS)],
    ['health', 200, (http) => http.call('GET', '/api/v1/health', undefined, BROWSER_HEADERS)],
    ['getCourses', 200, (http) => http.call('GET', `${base}/getCourses`, undefined, BROWSER_HEADERS)],
    ['getStudents', 200, (http) => http.call('GET', `${base}/getStudents`, undefined, BROWSER_HEADERS)],
    [
      'addAttendance',
      200,
      (http, c) =>
        http.call(
          'POST',
          `${base}/addAttendance`,
          { courseId, attendants: [students[c]], ...attendance() },
          BROWSER_HEADERS,
        ),
    ],
  ];

  const runs = new Map<string, Run[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    // Every other round starts with Fastify: a machine getting busier or quieter favours neither.
    for (const framework of round % 2 === 1 ? FRAMEWORKS : [...FRAMEWORKS].reverse()) {
      ctx.log(`http-framework: round ${round}, ${framework}`);
      const server = await startServerProcess(url, { http: framework });
      const owner = await loginOwner(server.baseUrl);
      const http = httpClient(server.baseUrl, owner.token, CLIENTS);
      try {
        for (const [name, expected, send] of routes) {
          await load(WARMUP_MS, server.pid, expected, (c) => send(http, c));
          const r = await load(MS, server.pid, expected, (c) => send(http, c));
          const key = `${name}|${framework}`;
          runs.set(key, [...(runs.get(key) ?? []), r]);
        }
      } finally {
        http.close();
        await server.close();
      }
    }
  }

  const result: Record<string, unknown> = {};
  for (const [name] of routes) {
    const [express, fastify] = FRAMEWORKS.map((f) => summary(runs.get(`${name}|${f}`) ?? []));
    result[name] = {
      express,
      fastify,
      fastifyOverExpress: {
        requestsPerSecond: round(fastify.requestsPerSecond / express.requestsPerSecond),
        p50: round(fastify.p50 / express.p50),
        p95: round(fastify.p95 / express.p95),
        serverCpuMsPerRequest: round(fastify.serverCpuMsPerRequest / express.serverCpuMsPerRequest),
      },
    };
  }
  return {
    note: `NestJS on Express vs Fastify, the same application in its own process, ${CLIENTS} clients over keep-alive HTTP, ${ROUNDS} rounds of ${MS} ms per route and framework, pooled; latency in ms from request start to the whole answer`,
    students: STUDENTS + CLIENTS,
    seeded,
    ...result,
  };
}
