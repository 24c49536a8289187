import pg from 'pg';
import { ORGANIZATION_SETTING, ident, type Db, type Sql } from '@okul/projections';
import { log } from '../observability/logger';

export interface PgDbOptions {
  /** Connections of the pool (the advisory-lock connection comes on top). */
  max?: number;
  /** Shown in pg_stat_activity, so an operator (or a test) can tell this process's connections apart. */
  applicationName?: string;
  /** How long a query waits for a connection before failing (a database that is down answers 503 then). */
  connectTimeoutMs?: number;
  /**
   * Run every query as this role (`SET ROLE` at connection start): the API's role under row-level security,
   * neither owner of the tables nor BYPASSRLS.
   */
  role?: string;
  /**
   * The organisation the current work is on: every transaction sets it transaction-locally
   * (`set_config('app.organization_id', ..., true)`), and a query outside a transaction runs in one of its
   * own so the setting holds for it, as the row-level security policies read it.
   */
  organization?: () => string | undefined;
}

/** A string literal for a simple-protocol statement (standard_conforming_strings: only quotes double). */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

// int8 (bigint) arrives as text; we convert where we need numbers. numeric stays text (money is exact).
export function createPgDb(connectionString: string, opts: PgDbOptions = {}): Db {
  const { max = 20, applicationName = 'okul', connectTimeoutMs = 10_000, role, organization } = opts;
  if (role !== undefined && !/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`Bad role name: ${role}`);
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(role ? { options: `-c role=${role}` } : {}),
  });
  // A restart of PostgreSQL ends every connection with an error event: on an idle client the pool handles
  // it, but a client checked out (inside a transaction, between two queries) has no listener of its own and
  // Node would end the process ("Unhandled 'error' event"). The query in flight fails on its own and the
  // request answers 503; the pool drops the broken client when it is released.
  pool.on('error', (e) => log('pg').error({ err: e }, 'idle client error'));
  pool.on('connect', (client) => {
    client.on('error', (e) => log('pg').error({ err: e }, 'client error'));
  });
  const wrap = (c: pg.Pool | pg.PoolClient): Sql => ({
    async query(text, params, options) {
      const r = options?.prepareAs
        ? await c.query({ name: options.prepareAs, text, values: params as unknown[] })
        : await c.query(text, params as unknown[]);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
    async exec(text) {
      await c.query(text);
    },
  });
  // BEGIN and the organisation in one round trip; the empty string when none is set (no organisation's rows):
  // transaction-local, over whatever the connection's session holds.
  const begin = () =>
    organization
      ? `BEGIN; SELECT set_config('${ORGANIZATION_SETTING}', ${literal(organization() ?? '')}, true)`
      : 'BEGIN';
  const inTransaction = async <T>(
    fn: (c: pg.PoolClient, first: pg.QueryResult) => Promise<T>,
    first?: string,
  ): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Several statements answer one result each: the last one is `first`'s (or the organisation's).
      const opened = (await client.query(first ? `${begin()}; ${first}` : begin())) as
        pg.QueryResult | pg.QueryResult[];
      const out = await fn(client, Array.isArray(opened) ? opened[opened.length - 1] : opened);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      // A connection that cannot roll back may still be in the transaction: it must not serve anyone again.
      await client.query('ROLLBACK').catch((r: Error) => (broken = r));
      throw e;
    } finally {
      client.release(broken);
    }
  };
  /**
   * The organisation each pooled connection's session is set to. A query outside a transaction sets it only
   * when it differs (the queries of one organisation's requests mostly find it set already): one round trip
   * instead of BEGIN with the setting, the query and COMMIT. Set outside any transaction, so it holds until
   * changed; a transaction's own setting is local to it and leaves the session's in place.
   */
  const sessionOrganization = new WeakMap<pg.PoolClient, string>();
  const inSession = async <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      const org = organization?.() ?? '';
      if (sessionOrganization.get(client) !== org) {
        sessionOrganization.delete(client);
        await client.query(`SELECT set_config('${ORGANIZATION_SETTING}', ${literal(org)}, false)`);
        sessionOrganization.set(client, org);
      }
      return await fn(client);
    } catch (e) {
      // The query failed: whatever the session holds now is unknown, so the next user sets it again.
      sessionOrganization.delete(client);
      throw e;
    } finally {
      client.release();
    }
  };
  const pooled = wrap(pool);
  const base: Sql = organization
    ? {
        query: (text, params, options) => inSession((c) => wrap(c).query(text, params, options)),
        exec: (text) => inSession((c) => wrap(c).exec(text)),
      }
    : pooled;
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
        log('pg').error({ why }, 'lock connection lost');
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
  /** The ends of every listening connection, so `close` ends them too. */
  const listeners = new Set<() => Promise<void>>();
  const listen = (channel: string, onPayload: (payload: string) => void) => {
    const name = ident(channel);
    let closed = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    let failing = false;
    const connect = async () => {
      if (closed) return;
      const c = new pg.Client({
        connectionString,
        application_name: `${applicationName}-listen`,
        connectionTimeoutMillis: connectTimeoutMs,
      });
      client = c;
      // A lost connection (a database restart) is opened again; until then the listeners' polls cover.
      const lost = (why: string) => {
        if (client !== c) return;
        client = null;
        if (!failing) log('pg').error({ why, channel }, 'listen connection lost; reconnecting');
        failing = true;
        c.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect(), 1000);
      };
      c.on('error', (e) => lost(e.message));
      c.on('end', () => lost('ended'));
      c.on('notification', (m) => {
        if (m.channel === channel) onPayload(m.payload ?? '');
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${name}`);
        failing = false;
      } catch (e) {
        lost((e as Error).message);
      }
    };
    void connect();
    const end = async () => {
      closed = true;
      clearTimeout(retry);
      listeners.delete(end);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    };
    listeners.add(end);
    return end;
  };
  return {
    kind: 'pg',
    ...base,
    listen,
    transaction: (fn) => inTransaction((client) => fn(wrap(client))),
    transactionFrom: (first, fn) =>
      inTransaction((client, r) => fn(wrap(client), { rows: r.rows, rowCount: r.rowCount ?? 0 }), first),
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
      await Promise.all([...listeners].map((end) => end()));
      const locks = locking;
      locking = null;
      current = null;
      if (locks) await (await locks.catch(() => null))?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
