import { spawn } from 'node:child_process';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { write } from './zip-writer';
import type { Response } from 'express';

/** What the whole database is dumped from: pg_dump on PostgreSQL, PGlite's own dump on the embedded default. */
export type DumpSource = { kind: 'pg'; url: string } | { kind: 'pglite'; dumpDataDir: () => Promise<Blob> };

export interface DumpOutcome {
  /** Bytes of the zip written to the client. */
  sizeBytes: number;
  /** Null when the whole zip went out; the reason otherwise. */
  error: string | null;
  /** False when nothing was sent yet (the caller still answers an error). */
  started: boolean;
}

const README_PG = `Okul - tam veritabanı yedeği (PostgreSQL, pg_dump düz SQL)

Boş bir veritabanına geri yüklemek için:
  createdb okul_geri
  psql -v ON_ERROR_STOP=1 -d okul_geri -f dump.sql

Sahiplik ve yetkiler yedekte yoktur (--no-owner --no-privileges): tablolar geri yükleyen rolün olur.
Sunucunun uygulama rolü (DATABASE_APP_ROLE) ilk açılışta yeniden yetkilendirilir.
`;

const README_PGLITE = `Okul - tam veritabanı yedeği (gömülü PGlite veri klasörü, tar.gz)

Geri yüklemek için DATA_DIR/pglite klasörü bu arşivden açılır:
  const db = await PGlite.create({ dataDir: '<DATA_DIR>/pglite', loadDataDir: <pglite-data.tar.gz dosyası> })
`;

/** libpq's variables from a connection URL, so the password never shows on pg_dump's command line. */
function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (db) env.PGDATABASE = db;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

/**
 * pg_dump's plain SQL of the whole database, as it comes. Without owners and grants, so it restores into an
 * empty database of any cluster; row-level security and its policies are part of the tables' definitions.
 */
async function* pgDump(url: string, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const child = spawn('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', '--encoding=UTF8'], {
    env: { ...process.env, ...libpqEnv(url) },
    stdio: ['ignore', 'pipe', 'pipe'],
    signal,
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    if (stderr.length < 4000) stderr += c.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  exited.catch(() => undefined);
  for await (const chunk of child.stdout) yield chunk as Buffer;
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump exited with ${code}: ${stderr.trim()}`);
}

async function* blobChunks(blob: () => Promise<Blob>): AsyncGenerator<Uint8Array> {
  const reader = (await blob()).stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * Streams a zip holding the whole database's dump (api.md 7.4 requestbk) to the response: each chunk of the
 * dump is compressed and written as it comes, waiting for the socket to drain, so memory stays at a few
 * chunks whatever the database's size. Headers go out only once the dump has started, so a dump that cannot
 * start (no pg_dump, no connection) is answered as an error instead of an empty file.
 */
export async function streamFullDump(
  source: DumpSource,
  res: Response,
  fileName: string,
): Promise<DumpOutcome> {
  const abort = new AbortController();
  const chunks = source.kind === 'pg' ? pgDump(source.url, abort.signal) : blobChunks(source.dumpDataDir);
  let first: IteratorResult<Uint8Array>;
  try {
    first = await chunks.next();
  } catch (e) {
    return { sizeBytes: 0, error: (e as Error).message, started: false };
  }
  let sizeBytes = 0;
  let out: Uint8Array[] = [];
  let zipError: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) zipError = err;
    else out.push(data);
  });
  const flush = async () => {
    if (zipError) throw zipError;
    const ready = out;
    out = [];
    for (const c of ready) {
      await write(res, c);
      sizeBytes += c.length;
    }
  };
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  const onClose = () => abort.abort();
  res.on('close', onClose);
  try {
    const readme = new ZipDeflate('BENIOKU.txt', { level: 6 });
    zip.add(readme);
    readme.push(new TextEncoder().encode(source.kind === 'pg' ? README_PG : README_PGLITE), true);
    // The PGlite dump is gzip already: stored as it is.
    const dump =
      source.kind === 'pg'
        ? new ZipDeflate('dump.sql', { level: 6 })
        : new ZipPassThrough('pglite-data.tar.gz');
    zip.add(dump);
    let next = first;
    while (!next.done) {
      dump.push(next.value, false);
      await flush();
      next = await chunks.next();
    }
    dump.push(new Uint8Array(0), true);
    zip.end();
    await flush();
    await new Promise<void>((resolve) => res.end(resolve));
    return { sizeBytes, error: null, started: true };
  } catch (e) {
    abort.abort();
    await chunks.return(undefined).catch(() => undefined);
    // A broken download must not look complete: the connection is cut instead of ending the zip.
    res.destroy(e as Error);
    return { sizeBytes, error: (e as Error).message, started: true };
  } finally {
    res.off('close', onClose);
  }
}
