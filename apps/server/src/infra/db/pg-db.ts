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
      const client = await pool.connect();
      try {
        const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
          name,
        ]);
        if (!r.rows[0].ok) {
          client.release();
          return null;
        }
      } catch (e) {
        client.release();
        throw e;
      }
      // The lock lives as long as this connection: keep it out of the pool until released.
      return async () => {
        try {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        } finally {
          client.release();
        }
      };
    },
    async close() {
      await pool.end();
    },
  };
}
