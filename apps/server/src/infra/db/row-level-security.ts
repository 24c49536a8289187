import { ident, secureOrganizationTables, type Db } from '@okul/projections';

/**
 * Row-level security on PostgreSQL, run by the owner at start-up after every table exists: RLS and the
 * organisation policy on every table with an organisation column (generation tables get theirs when the
 * runner creates them), and, with an app role, that role and its grants.
 *
 * Roles belong to the cluster, grants to one database: several databases (test files, deployments) may
 * create the role at the same moment, so creating it tolerates "already exists" in either of its forms, and
 * the grants are given in every database the API opens.
 */
export async function prepareRowLevelSecurity(owner: Db, appRole: string | undefined): Promise<void> {
  const me = await owner.query<{ bypass: boolean; name: string }>(
    `SELECT rolsuper OR rolbypassrls AS bypass, rolname AS name FROM pg_roles WHERE rolname = current_user`,
  );
  // FORCE holds a table's owner to the policies too: the projections' writer and migrations write every
  // organisation, so their role must bypass them.
  if (!me.rows[0]?.bypass) {
    throw new Error(
      `The role of DATABASE_URL (${me.rows[0]?.name ?? '?'}) must be a superuser or have BYPASSRLS: it writes every organisation's read models`,
    );
  }
  await owner.transaction(async (tx) => {
    // One start-up at a time per database: concurrent ALTER/GRANT on one catalogue row collide.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('okul:row_level_security'))`);
    await secureOrganizationTables(tx);
    if (!appRole) return;
    const role = ident(appRole);
    await tx.exec(`
      DO $$ BEGIN
        CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$;
    `);
    const r = await tx.query<{ unsafe: boolean }>(
      `SELECT rolsuper OR rolbypassrls AS unsafe FROM pg_roles WHERE rolname = $1`,
      [appRole],
    );
    if (r.rows[0]?.unsafe) {
      throw new Error(`DATABASE_APP_ROLE ${appRole} bypasses row-level security (superuser or BYPASSRLS)`);
    }
    // The connecting role may SET ROLE to it (a superuser may anyway; a BYPASSRLS owner needs membership).
    await tx.exec(`
      DO $$ BEGIN
        EXECUTE format('GRANT %I TO %I', '${appRole}', current_user);
      EXCEPTION WHEN OTHERS THEN NULL;
      END $$;
    `);
    const schema = (await tx.query<{ s: string }>(`SELECT current_schema() AS s`)).rows[0].s;
    const s = ident(schema);
    await tx.exec(`
      GRANT USAGE ON SCHEMA ${s} TO ${role};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${role};
      GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${role};
      ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
      ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role};
    `);
    // Events are appended by the owner (the event store's writer): the API only reads its organisation's.
    if ((await tx.query(`SELECT to_regclass('events') IS NOT NULL AS e`)).rows[0].e) {
      await tx.exec(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON events FROM ${role}`);
    }
  });
}
