/**
 * The rows of a set-based write, sent as ONE JSON parameter and read back in SQL as a table in the order given
 * (the order matters where a later row loses to an earlier one, e.g. ON CONFLICT DO NOTHING, as it would
 * event by event). `columns` is a column definition list, e.g. `id uuid, amount bigint`; each object's keys
 * are those column names. Usage: `INSERT INTO t (...) SELECT ... FROM ${recordset('$1', '...')}`, with
 * `JSON.stringify(rows)` as that parameter.
 */
export function recordset(param: string, columns: string): string {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');
  // json, not jsonb: each row is read once, so building the binary jsonb of the whole batch first only costs
  // (about a quarter of the statement's input time for thousands of rows).
  return `(SELECT * FROM ROWS FROM (json_to_recordset(${param}::json) AS (${columns})) WITH ORDINALITY AS r(${names}, ord)
            ORDER BY ord) AS x`;
}
