import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../support/context';
import { BACKUP_STUDENTS, largeOrgSource } from '../support/large-org-source';
import { rate, round } from '../support/stats';

/**
 * `npm run cli -- events verify --org <id>` over the large organisation, as an operator runs it: the CLI in a
 * process of its own on the seeded database. Reports the CLI's own verification time and the whole run's.
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const src = await largeOrgSource(ctx);
  const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: src.url };
  delete env.REDIS_URL;
  ctx.log('events-verify: npm run cli -- events verify');
  const t0 = performance.now();
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', main, 'events', 'verify', '--org', src.organizationId],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (c) => resolve({ code: c, stdout: out }));
  });
  const wallMs = performance.now() - t0;
  const m = /^OK: (\d+) events of organisation \S+ verified in ([\d.]+) s/m.exec(stdout);
  if (code !== 0 || !m) throw new Error(`events verify exited with ${code}: ${stdout.trim()}`);
  const verified = Number(m[1]);
  const seconds = Number(m[2]);
  return {
    note: 'the CLI in its own process; seconds is what the CLI reports for the verification, wallSeconds the whole command with its start-up',
    students: BACKUP_STUDENTS,
    verifiedEvents: verified,
    pendingLine: /not chained yet/.test(stdout),
    verifySeconds: seconds,
    eventsPerSecond: rate(verified, seconds * 1000),
    wallSeconds: round(wallMs / 1000),
  };
}
