import { performance } from 'node:perf_hooks';
import { studentBody, tcknSource } from '../../test/support/school-fixtures';
import { payWithMock, type SignedIn } from '../../test/support/test-server';
import { ensureOwner, loginOwner, startServer, startServerProcess } from '../large-org/seed';
import type { BenchContext } from '../support/context';
import { scrape, stepProfile, type StepProfile } from '../support/command-steps';
import { httpClient, type Answer } from '../support/http-client';
import { cpuMs, serverPids } from '../support/process-cpu';
import { toRaw } from '../support/raw-baseline';
import { percentile, round } from '../support/stats';

/**
 * Commands over real HTTP against the whole server in a process of its own (auth, validation, the command
 * handler's lookups, the append and the wait for the read models): addAttendance and addPayment from 16
 * clients, registerStudent from 50, each client sending its next request as soon as the last one answered.
 */
const CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 16);
const REGISTER_CLIENTS = Number(process.env.BENCH_HTTP_REGISTER_CLIENTS ?? 50);
const MS = Number(process.env.BENCH_HTTP_MS ?? 3000);
const WARMUP_MS = 500;

interface Load {
  clients: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  statuses: Record<string, number>;
  conflicts: number;
  firstFailure?: string;
}

async function load(
  clients: number,
  ms: number,
  send: (client: number, i: number) => Promise<Answer>,
): Promise<Load> {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let firstFailure: string | undefined;
  const start = performance.now();
  const deadline = start + ms;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now();
        const a = await send(c, i);
        samples.push(performance.now() - t);
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.status !== 200) firstFailure ??= `${a.status} ${a.head}`;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    clients,
    requests: samples.length,
    seconds: round(seconds),
    requestsPerSecond: Math.round(samples.length / seconds),
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(Math.max(...samples)),
    statuses,
    conflicts: statuses['409'] ?? 0,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const raw = await ctx.rawBaseline();
  const { url, db } = await ctx.createDatabase(1);
  // The owner is registered through an in-process server (it reads the verification e-mail from its folder),
  // and pays a month (org-scoped writes need an active membership).
  const seeder = await startServer(url);
  try {
    const o = await ensureOwner(seeder);
    const signedIn = { auth: { Authorization: `Bearer ${o.token}` }, organizationId: o.organizationId };
    await payWithMock(seeder.server.app.getHttpServer(), signedIn as SignedIn, 'sub-1-month');
  } finally {
    await seeder.close();
  }
  const server = await startServerProcess(url, { metrics: true });
  const owner = await loginOwner(server.baseUrl);
  const http = httpClient(server.baseUrl, owner.token, Math.max(CLIENTS, REGISTER_CLIENTS));
  const base = `/api/v1/orgs/${owner.organizationId}`;
  const post = (call: string, body: unknown) => http.call('POST', `${base}/${call}`, body);
  const must = async (call: string, body: unknown) => {
    const a = await post(call, body);
    if (a.status !== 200) throw new Error(`${call}: ${a.status} ${a.head}`);
    return JSON.parse(a.head) as { id: string };
  };
  try {
    const tckn = tcknSource(1414);
    const courseId = (await must('addCourse', { name: 'Yük Testi', courseExplanation: 'Ölçüm' })).id;
    const students: string[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const s = await must('registerStudent', studentBody(tckn(), { name: `Öğrenci${c}` }));
      await must('addEnrollment', { studentId: s.id, courseId, price: 100, startDate: '2025-02-01' });
      students.push(s.id);
    }

    // Every attendance at a minute of its own in March 2025 (the same month: all draw their code from one
    // counter, the case that must not answer 409).
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
    const addAttendance = (c: number) =>
      post('addAttendance', { courseId, attendants: [students[c]], ...attendance() });
    const addPayment = (c: number) => post('addPayment', { studentId: students[c], courseId, amount: '100' });
    // One registration year holds 999 student numbers (product rule): the next year back every 900
    // registrations, so the load never runs out of numbers, and the 50 clients still draw from one counter.
    let registered = 0;
    const registerStudent = () =>
      post('registerStudent', studentBody(tckn(), { regY: 2025 - Math.floor(registered++ / 900) }));

    const measured: Record<
      string,
      Load & { ratioToRaw16: number | null; profile: StepProfile; serverCpuMs: number; postgresCpuMs: number }
    > = {};
    for (const [name, clients, send] of [
      ['addAttendance', CLIENTS, addAttendance],
      ['addPayment', CLIENTS, addPayment],
      ['registerStudent', REGISTER_CLIENTS, registerStudent],
    ] as const) {
      ctx.log(`http-commands: ${name}, ${clients} clients, ${MS} ms`);
      await load(clients, WARMUP_MS, send);
      // What autovacuum's analyze does on a production database as the tables grow (planner statistics for
      // the organisation's head and the stream loads); the Postgres of this machine runs with autovacuum off.
      await db.exec('ANALYZE');
      const before = await scrape(server.metricsUrl!);
      const { server: pid, postgres } = await serverPids(url, server.pid);
      const [server0, postgres0] = [await cpuMs([pid]), await cpuMs(postgres)];
      const l = await load(clients, MS, send);
      const [server1, postgres1] = [await cpuMs([pid]), await cpuMs(postgres)];
      const profile = stepProfile(before, await scrape(server.metricsUrl!));
      measured[name] = {
        ...l,
        // CPU per command of the server process and of its database sessions: steadier than latencies.
        serverCpuMs: round((server1 - server0) / l.requests),
        postgresCpuMs: round((postgres1 - postgres0) / l.requests),
        ratioToRaw16: toRaw(l.requestsPerSecond, raw.connections16.commitsPerSecond),
        profile,
      };
    }
    return {
      note: "whole server in its own process over keep-alive HTTP; latency from request start to the whole answer; ratioToRaw16 = requests/s over the raw baseline of 16 connections; serverCpuMs/postgresCpuMs = CPU ms per command of the server process and of its database sessions; profile = mean ms per command of each step (decide, append, read-your-writes wait) and per batch of each projection, from the server's metrics",
      ...measured,
      conflicts: Object.values(measured).reduce((n, l) => n + l.conflicts, 0),
    };
  } finally {
    http.close();
    await server.close();
  }
}
