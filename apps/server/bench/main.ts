import { cpus, loadavg, platform, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  BENCH_DATABASE_URL,
  createBenchDatabase,
  postgresVersion,
  type BenchDatabase,
} from './support/bench-db';
import type { BenchContext, BenchSuite } from './support/context';
import { measureRawBaseline, type RawBaseline } from './support/raw-baseline';
import * as clientLoad from './suites/client-load';
import * as concurrentWriters from './suites/concurrent-writers';
import * as eventStore from './suites/event-store';
import * as eventChain from './suites/event-chain';
import * as eventsVerify from './suites/events-verify';
import * as httpCommands from './suites/http-commands';
import * as httpFramework from './suites/http-framework';
import * as largeOrg from './suites/large-org';
import * as orgBackup from './suites/org-backup';
import * as orgImport from './suites/org-import';
import * as sms from './suites/sms';
import * as plan from './suites/plan';
import * as projections from './suites/projections';
import * as studentImport from './suites/student-import';

/**
 * `npm run bench [suite ...]`: runs the suites (all, or those named) and prints ONE JSON object on stdout;
 * progress goes to stderr. Every run first measures the raw insert baseline (`rawBaseline`) that the suites'
 * throughputs are compared with. To add a suite, create `suites/<name>.ts` exporting `run(ctx)` and list it here.
 */
const suites: BenchSuite[] = [
  { name: 'event-store', run: eventStore.run },
  { name: 'http-commands', run: httpCommands.run },
  { name: 'http-framework', run: httpFramework.run },
  { name: 'large-org', run: largeOrg.run },
  { name: 'sms', run: sms.run },
  { name: 'concurrent-writers', run: concurrentWriters.run },
  { name: 'plan', run: plan.run },
  { name: 'projections', run: projections.run },
  { name: 'client-load', run: clientLoad.run },
  { name: 'event-chain', run: eventChain.run },
  { name: 'student-import', run: studentImport.run },
  // These three share one seeded large organisation and its backup (support/large-org-source.ts).
  { name: 'org-backup', run: orgBackup.run },
  { name: 'org-import', run: orgImport.run },
  { name: 'events-verify', run: eventsVerify.run },
];

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !suites.some((s) => s.name === w));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown suite(s): ${unknown.join(', ')}; known: ${suites.map((s) => s.name).join(', ')}`,
    );
  }
  const selected = wanted.length > 0 ? suites.filter((s) => wanted.includes(s.name)) : suites;

  const databases: BenchDatabase[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  let raw: Promise<RawBaseline> | null = null;
  const ctx: BenchContext = {
    async createDatabase(poolSize) {
      const d = await createBenchDatabase(poolSize);
      databases.push(d);
      return d;
    },
    afterRun: (fn) => cleanups.push(fn),
    log,
    rawBaseline: () =>
      (raw ??= (async () => {
        log('raw baseline: single-row JSONB inserts, 1 and 16 connections');
        const d = await ctx.createDatabase(1);
        try {
          return await measureRawBaseline(d);
        } finally {
          await d.drop();
        }
      })()),
  };

  const started = performance.now();
  const report: Record<string, unknown> = {
    startedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: platform(),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      // Other work on the machine skews every figure: read them with this in mind.
      loadAverage1mAtStart: Math.round(loadavg()[0] * 100) / 100,
      postgres: await postgresVersion(),
      database: new URL(BENCH_DATABASE_URL).host,
    },
  };
  const results: Record<string, unknown> = {};
  let failed = false;
  try {
    // First, so that every suite's throughput can be read as a share of what this Postgres commits right now.
    report.rawBaseline = await ctx.rawBaseline();
    for (const suite of selected) {
      log(`suite ${suite.name}`);
      const t0 = performance.now();
      try {
        results[suite.name] = {
          ...(await suite.run(ctx)),
          seconds: Math.round((performance.now() - t0) / 100) / 10,
        };
      } catch (e) {
        failed = true;
        log(`suite ${suite.name} failed: ${(e as Error).stack ?? String(e)}`);
        results[suite.name] = { error: (e as Error).message };
      }
    }
  } finally {
    for (const fn of cleanups) await fn().catch((e) => log(`clean-up failed: ${(e as Error).message}`));
    for (const d of databases)
      await d.drop().catch((e) => log(`could not drop ${d.name}: ${(e as Error).message}`));
  }
  report.suites = results;
  (report.machine as Record<string, unknown>).loadAverage1mAtEnd = Math.round(loadavg()[0] * 100) / 100;
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(
    `${JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`,
  );
  if (failed) process.exitCode = 1;
}

// Exit once the report is out: a suite's servers may leave handles (pools, Redis) that would keep the run open.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (e) => {
    log((e as Error).stack ?? String(e));
    process.exit(1);
  },
);
