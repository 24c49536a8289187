import pg from 'pg';
import type { Db, Sql } from '@okul/projections';

// int8 (bigint) arrives as text; we convert where we need numbers. numeric stays text (money is exact).
// Each projection's leadership lock (tryLock) keeps one connection out of the pool for as long as it leads, so
// the pool must be larger than the number of projections or the read models stall waiting for a connection.
export function createPgDb(connectionString: string, max = 40): Db {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', (e) => console.error('[pg] idle client error', e.message));
  const wrap = (c: pg.Pool | pg.PoolClient): Sql => ({
    async query(text, params) {
      const r = await c.query(text, params as unknown[]);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
    async exec(text) {
      await c.query(text);
    },
  });
  const base = wrap(pool);
  /**
   * Session-level advisory locks (projection leaders) all live on ONE connection of their own, outside the
   * pool: a lock per pooled connection took one connection per projection, and with as many projections as
   * pool slots no query could run any more. The same session may take an advisory lock twice, so the names
   * held here are tracked to keep a second taker out, as a second connection would have been.
   */
  const held = new Set<string>();
  let locking: Promise<pg.Client> | null = null;
  const lockClient = () =>
    (locking ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on('error', (e) => {
        // The locks went with the connection; the next taker opens a new one.
        console.error('[pg] lock connection error', e.message);
        held.clear();
        locking = null;
      });
      await client.connect();
      return client;
    })().catch((e: unknown) => {
      locking = null;
      throw e;
    }));
  return {
    kind: 'pg',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async tryLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      try {
        const client = await lockClient();
        const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
          name,
        ]);
        if (!r.rows[0].ok) {
          held.delete(name);
          return null;
        }
        return async () => {
          held.delete(name);
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        };
      } catch (e) {
        held.delete(name);
        throw e;
      }
    },
    async close() {
      const locks = locking;
      locking = null;
      if (locks) await (await locks.catch(() => null))?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
