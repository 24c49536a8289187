/**
 * The rows of a set-based write sent column by column: each column is ONE JSON array parameter, and SQL zips
 * the arrays back into rows (`ROWS FROM`, one `json_array_elements` per column). Postgres reads such arrays in
 * about half the time json_to_recordset takes for the same rows (it builds a hash table of each row's keys,
 * and keys are a third of the bytes), and Node still serialises natively.
 *
 * `columns` is a column definition list, e.g. `id uuid, amount bigint, details json`: a `json` or `jsonb`
 * column is taken as the JSON value itself (a JSON null is then the JSON `null`), every other type from the
 * element's text (a JSON null is SQL NULL). Usage:
 * `INSERT INTO t (...) SELECT ... FROM ${jsonColumns(1, '...')}` with `...columnParams(rows, '...')` as the
 * parameters from `$1` on. The rows come in their order in the arrays (a function scan), and every array must
 * hold one element per row (`columnParams` writes them so).
 */
export function jsonColumns(first: number, columns: string): string {
  const defs = parse(columns);
  const scans = defs.map(({ type }, i) => {
    const fn = isJson(type) ? 'json_array_elements' : 'json_array_elements_text';
    return `${fn}($${first + i}::json)`;
  });
  const casts = defs.map(({ name, type }) => `c.${name}::${type} AS ${name}`);
  return `(SELECT ${casts.join(', ')} FROM ROWS FROM (${scans.join(', ')}) AS c(${defs
    .map((d) => d.name)
    .join(', ')})) AS x`;
}

/** The parameters of `jsonColumns` for `rows`: one JSON array per column, in the order of `columns`. */
export function columnParams<R extends object>(rows: readonly R[], columns: string): string[] {
  return parse(columns).map(({ name }) =>
    JSON.stringify(rows.map((r) => (r as Record<string, unknown>)[name] ?? null)),
  );
}

const isJson = (type: string) => type === 'json' || type === 'jsonb';

function parse(columns: string): Array<{ name: string; type: string }> {
  return columns.split(',').map((c) => {
    const [name, ...type] = c.trim().split(/\s+/);
    return { name, type: type.join(' ') };
  });
}
