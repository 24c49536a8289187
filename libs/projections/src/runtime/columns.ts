/** A value of a column sent by `byColumn` (a `json`/`jsonb` column takes any JSON value). */
type Cell = string | number | boolean | null | undefined;

/** An element of an array literal: quoted (so "NULL" stays a string), quotes and backslashes escaped. */
const element = (v: Cell): string =>
  v === null || v === undefined
    ? 'NULL'
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : /["\\]/.test(v)
        ? `"${v.replace(/["\\]/g, '\\$&')}"`
        : `"${v}"`;

/**
 * A JSON escape other than \" and \\ (a control character or a lone surrogate): an array literal would read
 * it as the escaped letter itself.
 */
const OTHER_ESCAPE = /(?<!\\)(?:\\\\)*\\[^"\\]/;

/**
 * The array literal of `cells`. JSON's array of strings, numbers, booleans and nulls is already that literal
 * between braces (strings quoted with \" and \\ escaped, an unquoted null is NULL) and V8 writes it natively,
 * several times faster than joining escaped elements; text holding any other escape is written element by
 * element.
 */
function literal(cells: readonly Cell[]): string {
  const json = JSON.stringify(cells);
  return OTHER_ESCAPE.test(json) ? `{${cells.map(element).join(',')}}` : `{${json.slice(1, -1)}}`;
}

const isJson = (type: string) => type === 'json' || type === 'jsonb';

interface Column {
  /** As SQL names it (`"timestamp"` quoted). */
  name: string;
  /** The rows' key (the name unquoted). */
  key: string;
  type: string;
  /** An array column (`uuid[]`): its value travels as the text of its own literal, cast per row. */
  nested: boolean;
  json: boolean;
}

function parse(columns: string): Column[] {
  return columns.split(',').map((c) => {
    const [name, ...rest] = c.trim().split(/\s+/);
    const type = rest.join(' ');
    const key = name.startsWith('"') ? name.slice(1, -1) : name;
    return { name, key, type, nested: type.endsWith('[]'), json: isJson(type) };
  });
}

export interface ByColumnOptions {
  /**
   * Array columns (`uuid[]`) as the elements of all rows in one array with each row's bounds in it (two int
   * arrays), instead of the text of each row's own literal: PostgreSQL parses the elements once and takes each
   * row's slice, where it parsed each row's literal twice (as text, then as the array), and Node writes one
   * literal for the column. An array column then takes three parameters: count them from `params`. Every
   * column's literal is also written without the search for other escapes when its JSON has no backslash.
   */
  flatArrays?: boolean;
}

/**
 * The rows of a set-based write sent column by column: one array literal parameter per column, unnested side
 * by side, so SQL reads the rows back in the order given (the order matters where a later row loses to an
 * earlier one, e.g. ON CONFLICT DO NOTHING, as it would event by event). PostgreSQL reads such arrays in about
 * half the CPU json_to_recordset takes for the same rows (it builds a hash table of each row's keys, and
 * parses arrays inside a row again), and the literals are plain joins here.
 *
 * `columns` is a column definition list, e.g. `id uuid, amount bigint, ids uuid[], details jsonb`; each row is
 * an object keyed by those names (a missing key is NULL). An array column takes an array of cells; a `json` or
 * `jsonb` column takes any JSON value, serialised here (a missing value is then the JSON `null`). Usage:
 * `const x = byColumn(1, '...', rows)`, then `INSERT INTO t (...) SELECT ... FROM ${x.from}` with `x.params`
 * as the parameters from `$first` on; the rows are the relation `x`, with `ord` their place from 1 (to order
 * by or join other parameters by).
 */
export function byColumn(
  first: number,
  columns: string,
  rows: readonly object[],
  options: ByColumnOptions = {},
): { from: string; params: string[] } {
  const defs = parse(columns);
  if (options.flatArrays === true) return withFlatArrays(first, defs, rows);
  const params = defs.map(({ key, nested, json }) =>
    json
      ? JSON.stringify(rows.map((r) => (r as Record<string, unknown>)[key] ?? null))
      : literal(
          rows.map((r) => {
            const v = (r as Record<string, unknown>)[key];
            return nested ? (v == null ? null : literal(v as readonly Cell[])) : (v as Cell);
          }),
        ),
  );
  const scans = defs
    .map((d, i) =>
      d.json
        ? `${d.type}_array_elements($${first + i}::${d.type})`
        : `unnest($${first + i}::${d.nested ? 'text' : d.type}[])`,
    )
    .join(', ');
  const names = defs.map((d) => d.name).join(', ');
  const select = defs
    .map((d) => (d.nested ? `u.${d.name}::${d.type} AS ${d.name}` : `u.${d.name}`))
    .join(', ');
  return {
    from: `(SELECT ${select}, u.ord FROM ROWS FROM (${scans}) WITH ORDINALITY AS u(${names}, ord)) AS x`,
    params,
  };
}

/**
 * `literal`, without looking for other escapes in JSON holding no backslash at all (most columns: ids, numbers,
 * times): that search cost a third of writing the JSON.
 */
function plainLiteral(cells: readonly Cell[]): string {
  const json = JSON.stringify(cells);
  return json.includes('\\') ? literal(cells) : `{${json.slice(1, -1)}}`;
}

/** `byColumn` with its array columns sent flat (`ByColumnOptions.flatArrays`). */
function withFlatArrays(first: number, defs: Column[], rows: readonly object[]) {
  const params: string[] = [];
  const scans: string[] = [];
  const names: string[] = [];
  const select: string[] = [];
  const next = () => `$${first + params.length}`;
  for (const { name, key, type, nested, json } of defs) {
    const cells = rows.map((r) => (r as Record<string, unknown>)[key]);
    if (json) {
      scans.push(`${type}_array_elements(${next()}::${type})`);
      params.push(JSON.stringify(cells.map((v) => v ?? null)));
      names.push(name);
      select.push(`u.${name}`);
    } else if (nested) {
      // A row's slice from its first element to its last: an empty array is the slice [n+1:n] ('{}'), a
      // missing one has no bounds (the slice is NULL).
      const elements: Cell[] = [];
      const from: Array<number | null> = [];
      const to: Array<number | null> = [];
      for (const v of cells) {
        if (v == null) {
          from.push(null);
          to.push(null);
          continue;
        }
        from.push(elements.length + 1);
        for (const c of v as readonly Cell[]) elements.push(c);
        to.push(elements.length);
      }
      const all = next();
      params.push(plainLiteral(elements));
      const bounds = [`"${key} from"`, `"${key} to"`];
      scans.push(`unnest(${next()}::int[])`);
      params.push(plainLiteral(from));
      scans.push(`unnest(${next()}::int[])`);
      params.push(plainLiteral(to));
      names.push(...bounds);
      select.push(`(${all}::${type})[u.${bounds[0]}:u.${bounds[1]}] AS ${name}`);
    } else {
      scans.push(`unnest(${next()}::${type}[])`);
      params.push(plainLiteral(cells as Cell[]));
      names.push(name);
      select.push(`u.${name}`);
    }
  }
  return {
    from: `(SELECT ${select.join(', ')}, u.ord FROM ROWS FROM (${scans.join(', ')}) WITH ORDINALITY AS u(${names.join(', ')}, ord)) AS x`,
    params,
  };
}
