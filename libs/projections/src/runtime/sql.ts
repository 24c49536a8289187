/** The smallest SQL surface the read models need; implemented over `pg` and PGlite in apps/server. */
export interface Sql {
  query<R = Record<string, any>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: R[]; rowCount: number }>;
  /** Several statements without parameters (DDL). */
  exec(text: string): Promise<void>;
}

export interface QueryOptions {
  /**
   * Keep the statement prepared under this name on each connection (pg), so a statement sent often is parsed
   * and planned once per connection instead of on every call. One name, one text. Ignored where statements
   * are not prepared by name (PGlite).
   */
  prepareAs?: string;
}

export interface Db extends Sql {
  readonly kind: 'pg' | 'pglite';
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * As `transaction`, with its first statement `first` (its values written into its text: no parameters)
   * sent in the same round trip as BEGIN; `fn` gets that statement's result. Absent where a round trip costs
   * nothing (PGlite, in process).
   */
  transactionFrom?<T, R = Record<string, any>>(
    first: string,
    fn: (tx: Sql, first: { rows: R[]; rowCount: number }) => Promise<T>,
  ): Promise<T>;
  /**
   * Takes a session-level lock by name without waiting (a Postgres advisory lock on its own connection).
   * Answers a release function, or null when another holder has it.
   */
  tryLock(name: string): Promise<(() => Promise<void>) | null>;
  /**
   * Whether a lock taken with `tryLock` is still held: false once its connection was lost (a database
   * restart), so its holder knows to take it again. Absent where locks cannot be lost (PGlite).
   */
  holds?(name: string): boolean;
  /**
   * The embedded default's own dump of its whole data directory (a tar, gzip-compressed), which
   * `PGlite.create({ loadDataDir })` opens again. Absent on PostgreSQL, whose dump is pg_dump's.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Connections of the pool: open, idle, queries waiting for one, and the most it opens (the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Calls `onPayload` with the payload of every NOTIFY on `channel` (LISTEN on a connection of its own that
   * comes back after a lost connection; notifications sent meanwhile are missed). Answers the unlisten.
   * Absent where one process owns the database (PGlite): its own signals suffice.
   */
  listen?(channel: string, onPayload: (payload: string) => void): () => Promise<void>;
  close(): Promise<void>;
}

/** Quote an identifier we made ourselves (table names of projections). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad identifier: ${name}`);
  return `"${name}"`;
}
