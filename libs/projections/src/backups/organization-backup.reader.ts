import { allProjections } from '../registry';
import { ident, type Db, type Sql } from '../runtime/sql';

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

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  // Awaited by the reader when it matters; a failure after the reader has gone is answered by the transaction.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * One read model's rows of the organisation as JSON texts, a page at a time, in a stable order (the rows'
 * own text), so the backup never holds a whole table in memory and two backups of equal data are equal.
 * The pages come from ONE cursor in one transaction: the rows are sorted once and every page is of the same
 * snapshot (paging with OFFSET sorted the whole table again for each page, quadratic in a large
 * organisation). The transaction runs beside the generator, fetching a page each time the reader asks for
 * one, and ends when the reader stops.
 */
export async function* readOrganizationReadModel(
  db: Db,
  table: string,
  organizationId: string,
  pageSize = 2000,
): AsyncGenerator<string[]> {
  const key = table === 'organizations' ? 'id' : 'organization_id';
  let more = deferred<boolean>();
  let page = deferred<string[]>();
  const done = db.transaction(async (tx) => {
    await tx.query(
      `DECLARE okul_backup_rows NO SCROLL CURSOR FOR
         SELECT row_to_json(t)::text AS j FROM ${ident(table)} t WHERE t.${key} = $1 ORDER BY 1`,
      [organizationId],
    );
    while (await more.promise) {
      more = deferred();
      const r = await tx.query<{ j: string }>(`FETCH ${Math.trunc(pageSize)} FROM okul_backup_rows`);
      const answered = page;
      page = deferred();
      answered.resolve(r.rows.map((row) => row.j));
      if (r.rows.length < pageSize) return;
    }
  });
  done.catch((e) => page.reject(e));
  try {
    for (;;) {
      const next = page;
      more.resolve(true);
      const rows = await next.promise;
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) return;
    }
  } finally {
    more.resolve(false);
    await done;
  }
}

/** The organisation's name, or null when there is no such organisation. */
export async function readOrganizationName(sql: Sql, organizationId: string): Promise<string | null> {
  const r = await sql.query<{ name: string }>(`SELECT name FROM organizations WHERE id = $1`, [
    organizationId,
  ]);
  return r.rows[0]?.name ?? null;
}
