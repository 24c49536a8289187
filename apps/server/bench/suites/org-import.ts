import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { ROLES } from '@okul/domain';
import pg from 'pg';
import { seedGlobalUser } from '../../test/support/seed-users';
import type { TestServer } from '../../test/support/test-server';
import { startServer, startServerProcess } from '../large-org/seed';
import type { BenchContext } from '../support/context';
import { httpClient } from '../support/http-client';
import { BACKUP_STUDENTS, organizationBackup } from '../support/large-org-source';
import { sampleMemory } from '../support/memory';
import { rate, round } from '../support/stats';

/**
 * The developer's import (POST parse) of the large organisation's backup into a fresh instance, over HTTP to
 * the server in its own process. The import appends every event in one transaction and answers once the
 * projections have caught up: the bench watches the target database for the moment the events become
 * visible, so the answer's time splits into reading and appending, and the projections' catch-up after it.
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const backup = await organizationBackup(ctx);
  const zip = await readFile(backup.file);
  const target = await ctx.createDatabase(1);
  // A developer of the fresh instance, written as the product's own events (no API creates one).
  const seeder = await startServer(target.url);
  let developer: { email: string; password: string };
  try {
    const signedIn = await seedGlobalUser(
      { server: seeder.server, http: seeder.server.app.getHttpServer() } as unknown as TestServer,
      ROLES.developer,
    );
    developer = { email: signedIn.email, password: signedIn.password };
  } finally {
    await seeder.close();
  }
  const server = await startServerProcess(target.url, { metrics: true });
  const watcher = new pg.Client({ connectionString: target.url });
  await watcher.connect();
  try {
    const login = await fetch(`${server.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(developer),
    });
    if (login.status !== 200) throw new Error(`developer login: ${login.status}`);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const http = httpClient(server.baseUrl, token, 1);
    const body = {
      orgid: backup.organizationId,
      file_base64: zip.toString('base64'),
      filename: 'kurum-yedegi.zip',
    };
    const importOnce = async (label: string) => {
      ctx.log(`org-import: POST parse, ${label}`);
      let visibleMs: number | null = null;
      let watching = true;
      const t0 = performance.now();
      // The append is one transaction: its first event appears together with all the others.
      const watch = (async () => {
        while (watching && visibleMs === null) {
          const r = await watcher.query('SELECT 1 FROM events WHERE organization_id = $1 LIMIT 1', [
            backup.organizationId,
          ]);
          if (r.rowCount) visibleMs = performance.now() - t0;
          else await new Promise((res) => setTimeout(res, 50));
        }
      })();
      const memory = await sampleMemory(server);
      let answer;
      try {
        answer = await http.call('POST', '/api/v1/parse', body);
      } finally {
        watching = false;
        await memory.stop();
        await watch;
      }
      const ms = performance.now() - t0;
      if (answer.status !== 200) throw new Error(`parse: ${answer.status} ${answer.head}`);
      const imported = Number(/"imported":(\d+)/.exec(answer.head)?.[1] ?? Number.NaN);
      return { ms, visibleMs, imported, memory: memory.peak() };
    };
    const first = await importOnce('into the fresh instance');
    const again = await importOnce('the same file again (adds nothing)');
    http.close();
    const events = backup.figures.events;
    const appendedMs = first.visibleMs ?? first.ms;
    return {
      note: 'POST parse over HTTP, whole server in its own process on a fresh database; the answer waits for the projections; memory is the server process',
      students: BACKUP_STUDENTS,
      events,
      zipBytes: zip.length,
      requestBytes: Buffer.byteLength(JSON.stringify(body)),
      imported: first.imported,
      // The import alone: main.ts reports the whole suite (the backup taken first, the second import) as `seconds`.
      importSeconds: round(first.ms / 1000),
      eventsPerSecond: rate(events, first.ms),
      readCheckAppendSeconds: round(appendedMs / 1000),
      appendEventsPerSecond: rate(events, appendedMs),
      projectionCatchUpSeconds: round((first.ms - appendedMs) / 1000),
      projectionEventsPerSecond: rate(events, first.ms - appendedMs),
      memory: first.memory,
      again: { imported: again.imported, seconds: round(again.ms / 1000), memory: again.memory },
    };
  } finally {
    await watcher.end();
    await server.close();
  }
}
