import { allProjections } from '../registry';
import { ident, type Sql } from '../runtime/sql';

/**
 * The read models an organisation backup carries as readable JSON: every projection table with an
 * `organization_id` column, plus the organisation's own row. Names sorted, so two backups list them alike.
 */
export async function organizationReadModelTables(sql: Sql): Promise<string[]> {
  const logical = allProjections.flatMap((p) => p.tables);
  const r = await sql.query<{ table_name: string }>(
    `SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'organization_id' AND table_name = ANY($1::text[])
      ORDER BY table_name`,
    [logical],
  );
  return ['organizations', ...r.rows.map((row) => row.table_name).filter((t) => t !== 'organizations')];
}

/**
 * One read model's rows of the organisation as JSON texts, a page at a time, in a stable order (the rows'
 * own text), so the backup never holds a whole table in memory and two backups of equal data are equal.
 */
export async function* readOrganizationReadModel(
  sql: Sql,
  table: string,
  organizationId: string,
  pageSize = 2000,
): AsyncGenerator<string[]> {
  const key = table === 'organizations' ? 'id' : 'organization_id';
  for (let offset = 0; ; offset += pageSize) {
    const r = await sql.query<{ j: string }>(
      `SELECT row_to_json(t)::text AS j FROM ${ident(table)} t WHERE t.${key} = $1
        ORDER BY row_to_json(t)::text LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, offset],
    );
    if (r.rows.length > 0) yield r.rows.map((row) => row.j);
    if (r.rows.length < pageSize) return;
  }
}

/** The organisation's name, or null when there is no such organisation. */
export async function readOrganizationName(sql: Sql, organizationId: string): Promise<string | null> {
  const r = await sql.query<{ name: string }>(`SELECT name FROM organizations WHERE id = $1`, [
    organizationId,
  ]);
  return r.rows[0]?.name ?? null;
}
