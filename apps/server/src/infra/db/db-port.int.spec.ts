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

  it('answers a statement prepared by name as the same statement sent whole, on every connection', async () => {
    const text = `SELECT id, name FROM t WHERE id >= $1 ORDER BY id`;
    const whole = await db.query(text, [2]);
    // Several at once reach several pooled connections; each prepares the name on its first use.
    const named = await Promise.all(
      [2, 2, 3, 1].map((from) => db.query(text, [from], { prepareAs: 'port_rows_from' })),
    );
    expect(named[0].rows).toEqual(whole.rows);
    expect(named.map((r) => r.rowCount)).toEqual([2, 2, 1, 3]);
    const inTx = await db.transaction((tx) => tx.query(text, [3], { prepareAs: 'port_rows_from' }));
    expect(inTx.rows).toEqual([{ id: 3, name: 'y' }]);
  });
});

describe('a transaction opened with its first statement on pg', () => {
  let pg: TestDatabase;
  beforeAll(async () => {
    pg = await createTestDatabase();
    await pg.db.exec(`CREATE TABLE f (id int PRIMARY KEY, n int NOT NULL)`);
  });
  afterAll(async () => {
    await pg.drop();
  });

  it('answers that statement, and commits or rolls it back with the rest', async () => {
    const db = pg.db;
    const out = await db.transactionFrom!<number, { id: number }>(
      `INSERT INTO f VALUES (1, 10), (2, 20) RETURNING id`,
      async (tx, first) => {
        // The same transaction: what the first statement wrote is seen, and nothing outside yet.
        await tx.query(`UPDATE f SET n = n + 1 WHERE id = 1`);
        return first.rows.map((r) => r.id).reduce((a, b) => a + b, first.rowCount * 100);
      },
    );
    expect(out).toBe(203);
    expect((await db.query(`SELECT id, n FROM f ORDER BY id`)).rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 20 },
    ]);
    await expect(
      db.transactionFrom!(`UPDATE f SET n = 0 RETURNING id`, async (tx, first) => {
        expect(first.rowCount).toBe(2);
        await tx.query(`INSERT INTO f VALUES (1, 1)`);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect((await db.query(`SELECT n FROM f ORDER BY id`)).rows).toEqual([{ n: 11 }, { n: 20 }]);
    // A first statement that fails leaves the connection usable for the next transaction.
    await expect(db.transactionFrom!(`SELECT 1/0`, async () => 1)).rejects.toThrow(/division by zero/);
    expect((await db.transactionFrom!(`SELECT count(*)::int AS c FROM f`, async (_, r) => r.rows[0])).c).toBe(
      2,
    );
  });
});
