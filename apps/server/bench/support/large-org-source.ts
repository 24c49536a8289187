import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ORGANIZATION_BACKUP_FILES, type OrganizationBackupManifest } from '@okul/domain';
import { strFromU8, unzipSync } from 'fflate';
import { chainCheckpoint } from '../../src/event-store/event-chain';
import { ensureOwner, loginOwner, seedLargeOrg, startServer, startServerProcess } from '../large-org/seed';
import type { BenchContext } from './context';
import { sampleMemory, type MemoryPeak } from './memory';
import { rate, round } from './stats';

/**
 * The large organisation the backup, import and verify suites share: seeded once per run (on a fresh
 * database, or BENCH_LARGE_ORG_URL), with its hash chain complete, and its backup taken once. Seeding costs
 * minutes; the suites that only read it must not pay for it again when they run together.
 */
export interface LargeOrgSource {
  url: string;
  organizationId: string;
  seed: Record<string, unknown>;
}

/** Students of the shared organisation (payments scale with them: 40,000 at 3,000 students). */
export const BACKUP_STUDENTS = Number(process.env.BENCH_BACKUP_STUDENTS ?? 3000);

let source: Promise<LargeOrgSource> | null = null;

async function seedSource(ctx: BenchContext): Promise<LargeOrgSource> {
  const reuse = process.env.BENCH_LARGE_ORG_URL;
  const url = reuse ?? (await ctx.createDatabase(1)).url;
  ctx.log(
    `large organisation: ${reuse ? 'reusing' : 'seeding a fresh'} database (${BACKUP_STUDENTS} students)`,
  );
  const s = await startServer(url);
  try {
    const owner = await ensureOwner(s);
    const seed = await seedLargeOrg(s, owner, {
      students: BACKUP_STUDENTS,
      payments: Math.round((BACKUP_STUDENTS * 40_000) / 3000),
      log: (m) => ctx.log(`large organisation: ${m}`),
    });
    // `events verify` judges only what the server has chained: wait until the chain reaches the head.
    const t0 = performance.now();
    const head = await s.server.runtime.persistence.store.headPosition();
    const deadline = Date.now() + 15 * 60_000;
    while ((await chainCheckpoint(s.server.runtime.persistence.projectionDb)) < head) {
      if (Date.now() > deadline) throw new Error('the hash chain did not reach the head within 15 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    seed.chainCatchUpSeconds = round((performance.now() - t0) / 1000, 1);
    return { url, organizationId: owner.organizationId, seed };
  } finally {
    await s.close();
  }
}

export function largeOrgSource(ctx: BenchContext): Promise<LargeOrgSource> {
  return (source ??= seedSource(ctx));
}

export interface TakenBackup {
  file: string;
  organizationId: string;
  manifest: OrganizationBackupManifest;
  figures: {
    events: number;
    streams: number;
    readModelRows: number;
    zipBytes: number;
    /** The download alone (main.ts reports the whole suite, seeding included, as `seconds`). */
    backupSeconds: number;
    eventsPerSecond: number;
    memory: MemoryPeak;
  };
}

let backup: Promise<TakenBackup> | null = null;

/**
 * The school-admin's organisation backup as a browser takes it: GET exportOrganizationBackup from the whole
 * server in its own process, written to a temporary file, with the server's memory sampled meanwhile.
 */
async function takeBackup(ctx: BenchContext): Promise<TakenBackup> {
  const src = await largeOrgSource(ctx);
  const server = await startServerProcess(src.url, { metrics: true });
  try {
    const owner = await loginOwner(server.baseUrl);
    const dir = await mkdtemp(join(tmpdir(), 'okul-bench-backup-'));
    const file = join(dir, 'kurum-yedegi.zip');
    ctx.afterRun(() => rm(dir, { recursive: true, force: true }));
    ctx.log('org-backup: downloading the organisation backup');
    const memory = await sampleMemory(server);
    const t0 = performance.now();
    let ms: number;
    let zipBytes = 0;
    try {
      const res = await fetch(
        `${server.baseUrl}/api/v1/orgs/${owner.organizationId}/exportOrganizationBackup`,
        {
          headers: { authorization: `Bearer ${owner.token}` },
        },
      );
      if (res.status !== 200 || !res.body) throw new Error(`exportOrganizationBackup: status ${res.status}`);
      const out = createWriteStream(file);
      for await (const chunk of res.body) {
        zipBytes += (chunk as Uint8Array).length;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      await new Promise<void>((resolve, reject) =>
        out.end((e?: Error | null) => (e ? reject(e) : resolve())),
      );
      ms = performance.now() - t0;
    } finally {
      await memory.stop();
    }
    const manifest = JSON.parse(
      strFromU8(
        unzipSync(await readFile(file), { filter: (f) => f.name === ORGANIZATION_BACKUP_FILES.manifest })[
          ORGANIZATION_BACKUP_FILES.manifest
        ],
      ),
    ) as OrganizationBackupManifest;
    const { events, streams, readModels } = manifest.counts;
    return {
      file,
      organizationId: owner.organizationId,
      manifest,
      figures: {
        events,
        streams,
        readModelRows: Object.values(readModels).reduce((a, b) => a + b, 0),
        zipBytes,
        backupSeconds: round(ms / 1000),
        eventsPerSecond: rate(events, ms),
        memory: memory.peak(),
      },
    };
  } finally {
    await server.close();
  }
}

export function organizationBackup(ctx: BenchContext): Promise<TakenBackup> {
  return (backup ??= takeBackup(ctx));
}
