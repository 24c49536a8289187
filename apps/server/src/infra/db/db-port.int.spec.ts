import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@okul/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db';
import { createPgliteDb } from './pglite-db';

/** The database port answers the same on PostgreSQL and on the embedded PGlite (the default a new user runs). */
describe.each(['pg', 'pglite'] as const)('the database port on %s', (kind) => {
  let db: Db;
  let pg: TestDatabase | null = null;
  let dir = '';
  beforeAll(async () => {
    if (kind === 'pg') {
      pg = await createTestDatabase();
      db = pg.db;
    } else {
      dir = mkdtempSync(join(tmpdir(), 'okul-port-'));
      db = await createPgliteDb(dir);
    }
    await db.exec(`CREATE TABLE t (id int PRIMARY KEY, name text)`);
  });
  afterAll(async () => {
    if (pg) await pg.drop();
    else {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts the rows a SELECT answers, and those a write changes or returns', async () => {
    expect((await db.query(`INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')`)).rowCount).toBe(3);
    expect((await db.query(`SELECT * FROM t WHERE id > $1`, [1])).rowCount).toBe(2);
    expect((await db.query(`SELECT * FROM t WHERE id > 9`)).rowCount).toBe(0);
    expect((await db.query(`UPDATE t SET name = 'x' WHERE id < 3`)).rowCount).toBe(2);
    expect((await db.query(`UPDATE t SET name = 'y' WHERE id = 3 RETURNING id`)).rowCount).toBe(1);
    expect((await db.query(`DELETE FROM t WHERE id = 9`)).rowCount).toBe(0);
    const inTx = await db.transaction((tx) => tx.query(`SELECT id FROM t`));
    expect(inTx.rowCount).toBe(3);
  });
});
