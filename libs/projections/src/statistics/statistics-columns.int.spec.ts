import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { recordset } from '../runtime/recordset';
import { byColumn } from './statistics.batch';

/**
 * The statistics projection's big inserts send their rows as one array literal per column (`byColumn`) instead
 * of one JSON document (`recordset`). Whatever a row holds (nulls, the text "NULL", quotes, backslashes, commas,
 * braces, empty and nested arrays), PostgreSQL must read back the same rows in the same order.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

const COLUMNS =
  'id uuid, label text, amount bigint, flag boolean, at timestamptz, names text[], deltas bigint[]';

interface Row {
  id: string;
  label: string | null;
  amount: number | string;
  flag: boolean | null;
  at: string | null;
  names: string[];
  deltas: Array<number | string>;
}

async function both(rows: Row[]) {
  const select = `SELECT id, label, amount::text, flag, at, names, deltas::text[] AS deltas`;
  const columns = byColumn(1, COLUMNS, rows);
  const [arrays, json] = await Promise.all([
    t.db.query(`${select} FROM ${columns.from}`, columns.params),
    t.db.query(`${select} FROM ${recordset('$1', COLUMNS)}`, [JSON.stringify(rows)]),
  ]);
  return { arrays: arrays.rows, json: json.rows };
}

describe('statistics: rows sent by column', () => {
  it('are read back as the JSON rows are, awkward text included', async () => {
    const { arrays, json } = await both([
      {
        id: '00000000-0000-4000-8000-000000000001',
        label: 'NULL',
        amount: '-1500',
        flag: true,
        at: '2024-03-31T00:30:00.000Z',
        names: ['a "b"', 'c\\d', 'e,f', '{g}', '', 'NULL'],
        deltas: [1, '-2', 0],
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        label: null,
        amount: 0,
        flag: null,
        at: null,
        names: [],
        deltas: [],
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        label: ' spaced \\" } {',
        amount: 9_007_199_254_740_991,
        flag: false,
        at: '2016-09-07T21:00:00+03:00',
        names: ['x'],
        deltas: ['123456789012345678'],
      },
    ]);
    expect(arrays).toEqual(json);
    expect(arrays.map((r) => r.label)).toEqual(['NULL', null, ' spaced \\" } {']);
    expect(arrays[0].names).toEqual(['a "b"', 'c\\d', 'e,f', '{g}', '', 'NULL']);
    expect(arrays[1].names).toEqual([]);
  });

  it('keep any text and the rows in their order', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            id: fc.uuid(),
            label: fc.option(text),
            amount: fc.integer(),
            flag: fc.option(fc.boolean()),
            at: fc.constant(null),
            names: fc.array(text, { maxLength: 4 }),
            deltas: fc.array(fc.integer(), { maxLength: 4 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (rows) => {
          const { arrays, json } = await both(rows);
          expect(arrays).toEqual(json);
          expect(arrays.map((r) => r.id)).toEqual(rows.map((r) => r.id));
        },
      ),
      { numRuns: 60 },
    );
  });
});
