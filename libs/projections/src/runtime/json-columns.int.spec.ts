import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { columnParams, jsonColumns } from './json-columns';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const COLUMNS = 'id uuid, amount bigint, at timestamptz, note text, tags json, details jsonb, active boolean';

describe('jsonColumns', () => {
  it('reads the rows back as sent: in order, typed, nulls as SQL NULL, json values whole', async () => {
    const rows = [
      {
        id: '5b7f5b3e-5b7a-4a59-9a39-1f5b0a0c7f01',
        amount: '9007199254740993',
        at: '2025-03-01T10:00:00.000Z',
        note: 'İşlem "tırnak" \\ ters',
        tags: ['a', 'b'],
        details: { name: 'Ayşe', n: 1 },
        active: true,
      },
      {
        id: '5b7f5b3e-5b7a-4a59-9a39-1f5b0a0c7f02',
        amount: '-5',
        at: null,
        note: null,
        tags: [],
        details: {},
        active: false,
      },
      {
        id: '5b7f5b3e-5b7a-4a59-9a39-1f5b0a0c7f03',
        amount: '0',
        at: '2024-12-31T21:00:00+03:00',
        tags: ['c'],
        details: { x: null },
      },
    ];
    const r = await t.db.query<{
      id: string;
      amount: string;
      at: string | null;
      note: string | null;
      tags: string;
      details: string;
      active: boolean | null;
    }>(
      `SELECT id::text, amount::text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at, note,
              tags::text, details::text, active
         FROM ${jsonColumns(1, COLUMNS)}`,
      columnParams(rows, COLUMNS),
    );
    expect(r.rows).toEqual([
      {
        id: rows[0].id,
        amount: '9007199254740993',
        at: '2025-03-01 10:00',
        note: 'İşlem "tırnak" \\ ters',
        tags: '["a","b"]',
        details: '{"n": 1, "name": "Ayşe"}',
        active: true,
      },
      { id: rows[1].id, amount: '-5', at: null, note: null, tags: '[]', details: '{}', active: false },
      {
        id: rows[2].id,
        amount: '0',
        at: '2024-12-31 18:00',
        note: null,
        tags: '["c"]',
        details: '{"x": null}',
        active: null,
      },
    ]);
  });

  it('reads no rows from empty columns', async () => {
    const r = await t.db.query(`SELECT * FROM ${jsonColumns(1, COLUMNS)}`, columnParams([], COLUMNS));
    expect(r.rows).toEqual([]);
  });
});
