import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgDb } from '../../src/infra/db/pg-db';
import type { Db } from '@okul/projections';

/** Base URL of the developer's / CI's Postgres (trust auth). Each test file gets its own fresh database. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The API's role under row-level security in test servers (cluster-wide, shared by every test database). */
export const TEST_APP_ROLE = process.env.TEST_DATABASE_APP_ROLE ?? 'okul_app';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty database `okul_test_<random>`; `drop()` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `okul_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(TEST_DATABASE_URL, name);
  const db = createPgDb(url, { max: 20, applicationName: 'okul-test' });
  return {
    url,
    db,
    async drop() {
      await db.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
