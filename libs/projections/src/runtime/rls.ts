import type { Sql } from './sql';
import { ident } from './sql';

/** The transaction-local setting naming the organisation a transaction works on (`set_config(..., true)`). */
export const ORGANIZATION_SETTING = 'app.organization_id';

/** The one policy every table with an `organization_id` column carries. */
export const ORGANIZATION_POLICY = 'okul_organization';

interface OrgTable {
  name: string;
  kind: string;
  type: string;
  enabled: boolean;
  forced: boolean;
  policy: boolean;
  invoker: boolean;
}

/**
 * Every table and view of the current schema with an `organization_id` column, and how it is protected
 * (`names` narrows it to those tables, e.g. a new generation's).
 */
export async function organizationTables(sql: Sql, names?: string[]): Promise<OrgTable[]> {
  const r = await sql.query<OrgTable>(
    `SELECT c.relname AS name, c.relkind::text AS kind, format_type(a.atttypid, a.atttypmod) AS type,
            c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
            EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = $1) AS policy,
            coalesce('security_invoker=true' = ANY (c.reloptions), false) AS invoker
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v')
        AND ($2::text[] IS NULL OR c.relname = ANY ($2::text[]))
      ORDER BY c.relname`,
    [ORGANIZATION_POLICY, names ?? null],
  );
  return r.rows;
}

/**
 * Row-level security on organisation data: every table with an `organization_id` column is ENABLEd and FORCEd
 * (so even its owner is held to it unless that role bypasses RLS, as the projections' writer and migrations
 * do) with one policy: a row is visible and writable when its organisation is the one the transaction set,
 * or when it has none (accounts and other platform rows, docs/DECISIONS.md "Row-level security"). Views over
 * such tables are made `security_invoker`, so the caller's policies apply through them. Idempotent.
 */
export async function secureOrganizationTables(sql: Sql, names?: string[]): Promise<void> {
  for (const t of await organizationTables(sql, names)) {
    const table = ident(t.name);
    if (t.kind === 'v') {
      if (!t.invoker) await sql.exec(`ALTER VIEW ${table} SET (security_invoker = true)`);
      continue;
    }
    if (t.enabled && t.forced && t.policy) continue;
    // The setting is text; cast to the column's type so an index on organization_id still serves the filter.
    const current = `nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::${t.type}`;
    const rule = `organization_id IS NULL OR organization_id = ${current}`;
    await sql.exec(`
      ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
      DROP POLICY IF EXISTS ${ORGANIZATION_POLICY} ON ${table};
      CREATE POLICY ${ORGANIZATION_POLICY} ON ${table} USING (${rule}) WITH CHECK (${rule});
    `);
  }
}
