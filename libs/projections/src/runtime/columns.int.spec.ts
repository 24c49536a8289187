import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import { byColumn, type ByColumnOptions } from './columns';

/**
 * Projections send a batch's rows column by column (`byColumn`). Whatever a row holds (nulls, the text "NULL",
 * quotes, backslashes, control characters, commas, braces, empty arrays, json values), PostgreSQL must read
 * back the same rows in the same order as from one JSON document of the rows (json_to_recordset).
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

const COLUMNS =
  'id uuid, label text, amount bigint, flag boolean, at timestamptz, names text[], deltas bigint[], tags json, details jsonb';

interface Row {
  id: string;
  label?: string | null;
  amount: number | string;
  flag?: boolean | null;
  at?: string | null;
  names: string[];
  deltas: Array<number | string>;
  tags?: unknown;
  details?: unknown;
}

const SELECT = `SELECT id, label, amount::text, flag, at, names, deltas::text[] AS deltas`;

/**
 * The rows as sent by column, and as read from one JSON document of them (where a json column's JSON null is
 * SQL NULL; sent by column it stays the JSON null).
 */
async function both(rows: Row[], options?: ByColumnOptions) {
  const columns = byColumn(1, COLUMNS, rows, options);
  const names = COLUMNS.split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');
  const [arrays, json] = await Promise.all([
    t.db.query(`${SELECT}, tags::text, details::text FROM ${columns.from}`, columns.params),
    t.db.query(
      `${SELECT}, coalesce(tags::text, 'null') AS tags, coalesce(details::text, 'null') AS details FROM (SELECT * FROM ROWS FROM (json_to_recordset($1::json) AS (${COLUMNS}))
         WITH ORDINALITY AS r(${names}, ord) ORDER BY ord) AS x`,
      [JSON.stringify(rows)],
    ),
  ]);
  return { arrays: arrays.rows, json: json.rows };
}

describe('byColumn', () => {
  it('reads the rows back as sent: awkward text, nulls, empty arrays and json values whole', async () => {
    const rows: Row[] = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        label: 'NULL',
        amount: '-1500',
        flag: true,
        at: '2024-03-31T00:30:00.000Z',
        names: ['a "b"', 'c\\d', 'e,f', '{g}', '', 'NULL', 'null', ' h '],
        deltas: [1, '-2', 0],
        tags: ['a', 'b'],
        details: { name: 'Ayşe "Yılmaz"', n: 1, path: 'C:\\new' },
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        label: null,
        amount: 0,
        flag: null,
        at: null,
        names: [],
        deltas: [],
        tags: [],
        details: {},
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        label: ' spaced \\" } { \\n',
        amount: 9_007_199_254_740_991,
        flag: false,
        at: '2016-09-07T21:00:00+03:00',
        names: ['x'],
        deltas: ['123456789012345678'],
        tags: null,
        details: { x: null },
      },
      // Missing keys: SQL NULL, a json column's JSON null.
      { id: '00000000-0000-4000-8000-000000000004', amount: '9007199254740993', names: [], deltas: [] },
      // Control characters travel escaped in JSON: the literal is then written element by element.
      {
        id: '00000000-0000-4000-8000-000000000005',
        label: 'satır\nsekme\t\u0001',
        amount: 1,
        names: ['a\nb', 'c\\'],
        deltas: [],
        details: { s: 'x\ny' },
      },
    ];
    const { arrays, json } = await both(rows);
    expect(arrays).toEqual(json);
    expect((await both(rows, { flatArrays: true })).arrays).toEqual(json);
    expect(arrays.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(arrays.map((r) => r.label)).toEqual([
      'NULL',
      null,
      ' spaced \\" } { \\n',
      null,
      'satır\nsekme\t\u0001',
    ]);
    expect(arrays[0].names).toEqual(['a "b"', 'c\\d', 'e,f', '{g}', '', 'NULL', 'null', ' h ']);
    expect(arrays[0].deltas).toEqual(['1', '-2', '0']);
    expect(arrays[0].details).toBe('{"n": 1, "name": "Ayşe \\"Yılmaz\\"", "path": "C:\\\\new"}');
    expect(arrays[1].names).toEqual([]);
    expect(arrays[1].tags).toBe('[]');
    expect(arrays[2].tags).toBe('null');
    expect(arrays[2].details).toBe('{"x": null}');
    expect(arrays[3]).toMatchObject({ label: null, flag: null, at: null, tags: 'null', details: 'null' });
    expect(arrays[3].amount).toBe('9007199254740993');
    expect(arrays[4].names).toEqual(['a\nb', 'c\\']);
  });

  it('sends array columns flat: each row its own slice, empty and missing arrays kept apart', async () => {
    const rows = [
      { n: 1, ids: ['00000000-0000-4000-8000-000000000001'], deltas: [] },
      { n: 2, ids: null, deltas: ['-5', 7] },
      { n: 3, ids: [], deltas: null },
      {
        n: 4,
        ids: ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'],
        deltas: [null, '9007199254740993'],
      },
      { n: 5, deltas: [0] },
    ];
    const columns = byColumn(2, 'n int, ids uuid[], deltas bigint[]', rows, { flatArrays: true });
    expect(columns.params).toHaveLength(7);
    const r = await t.db.query(
      `SELECT $1::text AS k, n, ids::text[] AS ids, deltas::text[] AS deltas, array_lower(ids, 1) AS lower, ord
         FROM ${columns.from}`,
      ['k', ...columns.params],
    );
    expect(r.rows).toEqual([
      { k: 'k', n: 1, ids: ['00000000-0000-4000-8000-000000000001'], deltas: [], lower: 1, ord: '1' },
      { k: 'k', n: 2, ids: null, deltas: ['-5', '7'], lower: null, ord: '2' },
      { k: 'k', n: 3, ids: [], deltas: null, lower: null, ord: '3' },
      {
        k: 'k',
        n: 4,
        ids: ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'],
        deltas: [null, '9007199254740993'],
        lower: 1,
        ord: '4',
      },
      { k: 'k', n: 5, ids: null, deltas: ['0'], lower: null, ord: '5' },
    ]);
  });

  it('reads no rows from no rows', async () => {
    for (const options of [{}, { flatArrays: true }]) {
      const columns = byColumn(1, COLUMNS, [], options);
      const r = await t.db.query(`SELECT * FROM ${columns.from}`, columns.params);
      expect(r.rows).toEqual([]);
    }
  });

  it('takes its parameters from the number given, quoted names and numbers the rows', async () => {
    const columns = byColumn(2, 'n int, "order" text', [
      { n: 1, order: 'a' },
      { n: 2, order: 'b' },
    ]);
    const r = await t.db.query(`SELECT $1::text AS k, n, "order" AS s, ord FROM ${columns.from}`, [
      'k',
      ...columns.params,
    ]);
    expect(r.rows).toEqual([
      { k: 'k', n: 1, s: 'a', ord: '1' },
      { k: 'k', n: 2, s: 'b', ord: '2' },
    ]);
  });

  it('keeps any text, json value and the rows in their order', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\u0000'));
    // Any code point but NUL (no PostgreSQL text holds it) and lone surrogates (not text at all).
    const anyText = fc
      .oneof(text, fc.string({ unit: 'binary', maxLength: 8 }))
      .filter((s) => !s.includes('\u0000') && !/\p{Cs}/u.test(s));
    const value = fc
      .jsonValue({ maxDepth: 2 })
      .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
      .filter((v) => !/\\u(0000|d[89a-f])/i.test(JSON.stringify(v)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            id: fc.uuid(),
            label: fc.option(anyText),
            amount: fc.integer(),
            flag: fc.option(fc.boolean()),
            at: fc.constant(null),
            names: fc.array(anyText, { maxLength: 4 }),
            deltas: fc.array(fc.integer(), { maxLength: 4 }),
            tags: value,
            details: value,
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (rows) => {
          const { arrays, json } = await both(rows);
          expect(arrays).toEqual(json);
          expect(arrays.map((r) => r.id)).toEqual(rows.map((r) => r.id));
          expect((await both(rows, { flatArrays: true })).arrays).toEqual(json);
        },
      ),
      { numRuns: 80 },
    );
  });
});
