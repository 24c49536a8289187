import pg from 'pg';
import type { Db, Sql } from '@okul/projections';

export interface PgDbOptions {
  /** Connections of the pool (the advisory-lock connection comes on top). */
  max?: number;
  /** Shown in pg_stat_activity, so an operator (or a test) can tell this process's connections apart. */
  applicationName?: string;
  /** How long a query waits for a connection before failing (a database that is down answers 503 then). */
  connectTimeoutMs?: number;
}

// int8 (bigint) arrives as text; we convert where we need numbers. numeric stays text (money is exact).
export function createPgDb(connectionString: string, opts: PgDbOptions = {}): Db {
  const { max = 20, applicationName = 'okul', connectTimeoutMs = 10_000 } = opts;
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // A restart of PostgreSQL ends every connection with an error event: on an idle client the pool handles
  // it, but a client checked out (inside a transaction, between two queries) has no listener of its own and
  // Node would end the process ("Unhandled 'error' event"). The query in flight fails on its own and the
  // request answers 503; the pool drops the broken client when it is released.
  pool.on('error', (e) => console.error('[pg] idle client error', e.message));
  pool.on('connect', (client) => {
    client.on('error', (e) => console.error('[pg] client error', e.message));
  });
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
  let current: pg.Client | null = null;
  const lockClient = () =>
    (locking ??= (async () => {
      const client = new pg.Client({
        connectionString,
        application_name: `${applicationName}-locks`,
        connectionTimeoutMillis: connectTimeoutMs,
      });
      current = client;
      // The locks went with the connection: forget them, so `holds` tells their holders, and the next
      // taker opens a new connection.
      const lost = (why: string) => {
        if (current !== client) return;
        console.error(`[pg] lock connection lost: ${why}`);
        current = null;
        held.clear();
        locking = null;
      };
      client.on('error', (e) => lost(e.message));
      client.on('end', () => lost('ended'));
      await client.connect();
      return client;
    })().catch((e: unknown) => {
      current = null;
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
          // Only a lock still held on a live connection is released there: after a lost connection the
          // name may belong to a newer taker on the next one.
          if (!held.has(name) || current !== client) return;
          held.delete(name);
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        };
      } catch (e) {
        held.delete(name);
        throw e;
      }
    },
    holds(name) {
      return held.has(name);
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max };
    },
    async close() {
      const locks = locking;
      locking = null;
      current = null;
      if (locks) await (await locks.catch(() => null))?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
