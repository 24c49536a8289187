import { PGlite } from '@electric-sql/pglite';
import type { Db, Sql } from '@okul/projections';

/**
 * The embedded default: PGlite (Postgres in WebAssembly) in this process, data under a folder.
 * One connection: transactions run one at a time, and locks are held in memory.
 */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const db = await PGlite.create(dataDir);
  const wrap = (c: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query(text, params) {
      const r = await c.query(text, params as unknown[]);
      // As pg's rowCount: rows answered by a statement with a result (SELECT, ... RETURNING), rows changed by
      // one without. PGlite's affectedRows is 0 for a SELECT, which made every "found?" check fail.
      const answers = r.fields.length > 0;
      return { rows: r.rows as any[], rowCount: answers ? r.rows.length : (r.affectedRows ?? 0) };
    },
    async exec(text) {
      await c.exec(text);
    },
  });
  const locks = new Set<string>();
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async tryLock(name) {
      if (locks.has(name)) return null;
      locks.add(name);
      return async () => {
        locks.delete(name);
      };
    },
    dumpDataDir: () => db.dumpDataDir('gzip'),
    async close() {
      await db.close();
    },
  };
}
