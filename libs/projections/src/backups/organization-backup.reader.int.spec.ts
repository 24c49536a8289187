import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { readOrganizationReadModel } from './organization-backup.reader';

/**
 * A read model's rows for the organisation backup come page by page from one cursor: every row of the
 * organisation once, in the order of the rows' text whatever the page size, none of another organisation,
 * and a reader that stops early ends the cursor's transaction (the pool gets its connection back).
 */
let t: TestDatabase;
const ORG = randomUUID();
const OTHER = randomUUID();

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.exec(
    `CREATE TABLE stat_rows (organization_id uuid NOT NULL, label text NOT NULL, n int NOT NULL)`,
  );
  await t.db.query(
    `INSERT INTO stat_rows (organization_id, label, n)
     SELECT $1::uuid, 'satır ' || (i % 7), i FROM generate_series(1, 23) i
     UNION ALL SELECT $2::uuid, 'başka', 0`,
    [ORG, OTHER],
  );
});
afterAll(async () => {
  await t?.drop();
});

const all = async (pageSize: number) => {
  const pages: string[][] = [];
  for await (const page of readOrganizationReadModel(t.db, 'stat_rows', ORG, pageSize)) pages.push(page);
  return pages;
};

const openTransactions = async () =>
  Number(
    (
      await t.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      )
    ).rows[0].n,
  );

describe('readOrganizationReadModel', () => {
  it("answers every row of the organisation once, in the rows' text order, whatever the page size", async () => {
    const expected = (
      await t.db.query<{ j: string }>(
        `SELECT row_to_json(t)::text AS j FROM stat_rows t WHERE organization_id = $1 ORDER BY 1`,
        [ORG],
      )
    ).rows.map((r) => r.j);
    expect(expected).toHaveLength(23);
    for (const size of [1, 5, 23, 100]) {
      const pages = await all(size);
      expect(pages.flat()).toEqual(expected);
      expect(pages.every((p) => p.length > 0 && p.length <= size)).toBe(true);
    }
  });

  it('ends its transaction when the reader stops after the first page', async () => {
    // More early stops than the pool has connections: a transaction left open would make this hang.
    for (let i = 0; i < 30; i++) {
      for await (const page of readOrganizationReadModel(t.db, 'stat_rows', ORG, 5)) {
        expect(page).toHaveLength(5);
        break;
      }
    }
    expect(await openTransactions()).toBe(0);
  });

  it('refuses an unknown table through the reader, leaving no transaction open', async () => {
    const read = async () => {
      for await (const page of readOrganizationReadModel(t.db, 'no_such_table', ORG, 5)) void page;
    };
    await expect(read()).rejects.toThrow(/no_such_table/);
    expect(await openTransactions()).toBe(0);
  });
});
