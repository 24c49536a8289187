import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '@okul/projections';
import { createPgDb } from '../../src/infra/db/pg-db';

/** Base URL of the Postgres the benchmark runs on (trust auth); each suite part gets a fresh database. */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  /** Our Db adapter over a pool of `poolSize` connections. */
  db: Db;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** An empty database `okul_bench_<random>` (the createTestDatabase pattern, outside the test tree). */
export async function createBenchDatabase(poolSize = 20): Promise<BenchDatabase> {
  const name = `okul_bench_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(BENCH_DATABASE_URL, name);
  const db = createPgDb(url, { max: poolSize });
  let dropped = false;
  return {
    name,
    url,
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.close().catch(() => undefined);
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function postgresVersion(): Promise<string> {
  return admin(
    async (c) => (await c.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version,
  );
}
