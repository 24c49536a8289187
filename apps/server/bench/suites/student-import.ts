import { performance } from 'node:perf_hooks';
import { IMPORT_CHUNK_MAX } from '@okul/domain';
import { studentBody, tcknSource } from '../../test/support/school-fixtures';
import { payWithMock, type SignedIn } from '../../test/support/test-server';
import { ensureOwner, loginOwner, startServer, startServerProcess } from '../large-org/seed';
import type { BenchContext } from '../support/context';
import { httpClient } from '../support/http-client';
import { round } from '../support/stats';

/**
 * The import of a 3,000-student list over real HTTP, as the import screen sends it: chunks of
 * IMPORT_CHUNK_MAX rows one after the other, each answered once its students are written and the read
 * models show them. Then the same file again, which must add nothing.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 3000);

interface Pass {
  rows: number;
  requests: number;
  seconds: number;
  rowsPerSecond: number;
  created: number;
  existing: number;
  refused: number;
}

export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const { url } = await ctx.createDatabase(1);
  const seeder = await startServer(url);
  try {
    const o = await ensureOwner(seeder);
    const signedIn = { auth: { Authorization: `Bearer ${o.token}` }, organizationId: o.organizationId };
    await payWithMock(seeder.server.app.getHttpServer(), signedIn as SignedIn, 'sub-1-month');
  } finally {
    await seeder.close();
  }
  const server = await startServerProcess(url);
  const owner = await loginOwner(server.baseUrl);
  const http = httpClient(server.baseUrl, owner.token, 1);
  const path = `/api/v1/orgs/${owner.organizationId}/importStudents`;
  const tckn = tcknSource(3000);
  // At most 999 students a registration year (product.md 3): the list spans four years.
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    line: i + 2,
    student: studentBody(tckn(), { name: `Öğrenci${i}`, regY: 2022 + (i % 4) }),
  }));

  const pass = async (label: string): Promise<Pass> => {
    ctx.log(`student-import: ${label}, ${ROWS} rows in chunks of ${IMPORT_CHUNK_MAX}`);
    const totals = { created: 0, existing: 0, refused: 0 };
    let requests = 0;
    const start = performance.now();
    for (let at = 0; at < rows.length; at += IMPORT_CHUNK_MAX) {
      const a = await http.call('POST', path, {
        fileName: 'bench.csv',
        rows: rows.slice(at, at + IMPORT_CHUNK_MAX),
      });
      requests++;
      if (a.status !== 200) throw new Error(`importStudents: ${a.status} ${a.head}`);
      for (const k of ['created', 'existing', 'refused'] as const) {
        totals[k] += Number(new RegExp(`"${k}":(\\d+)`).exec(a.head)?.[1] ?? Number.NaN);
      }
    }
    const seconds = (performance.now() - start) / 1000;
    return {
      rows: ROWS,
      requests,
      seconds: round(seconds),
      rowsPerSecond: Math.round(ROWS / seconds),
      ...totals,
    };
  };

  try {
    const first = await pass('first import');
    const again = await pass('the same file again');
    return {
      note: 'whole server in its own process over HTTP; one client sending the chunks one after the other, as the import screen does; each answer waits for the read models',
      first,
      again,
    };
  } finally {
    http.close();
    await server.close();
  }
}
