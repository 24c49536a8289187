import type { EventPosition, EventStore, StoredEvent } from '@okul/domain';
import type { Db, QueryOptions, Sql } from './sql';
import { ident } from './sql';
import { batchFor, handlerFor, type Projection, type ProjectionContext } from './projection';
import { secureOrganizationTables } from './rls';

export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  position: bigint;
  lag: bigint;
  state: 'running' | 'idle' | 'stopped' | 'failed' | 'rebuilding' | 'standby';
  error: string | null;
  updatedAt: string | null;
  /** Events parked in the active generation (a handler could not apply them), waiting for `projections retry`. */
  parked: number;
  /** Organisations whose read model of this projection is stale because of parked events. */
  staleOrganizations: string[];
  /** Events per second of the rebuild that built the active generation (null when it read no events). */
  rebuildEventsPerSecond: number | null;
  /** Share of that rebuild's time spent waiting on the database, in percent (the rest: reading, handlers). */
  rebuildSqlPercent: number | null;
}

export interface RunnerOptions {
  /**
   * How long the loop sleeps when nothing is new (default 100; `notify` wakes it early). Where every append
   * calls `notify`, other processes' too (the PostgreSQL store's NOTIFY), this poll is only a safety net and
   * may be long.
   */
  idleMs?: number;
  /**
   * Whether every append, this process's and other processes', calls `notify` (the server on PostgreSQL,
   * through the store's NOTIFY, or on PGlite, written by this process alone). A caller of `waitFor` then does
   * not wake the projections itself: the append it waits for already did (each such wake-up made every
   * projection read the head again, once per waiting request).
   */
  toldEveryAppend?: boolean;
  /** How often a runner that is not the leader of a projection tries to become it. */
  leaderRetryMs?: number;
  /** Events per transaction. */
  batchSize?: number;
  /** Use the projections' batch handlers (default true); false applies every event with its own handler. */
  setBased?: boolean;
  /**
   * How many projections apply a batch at the same time, each in its own transaction (default 3: with a
   * rebuild and its read ahead, and the event chain, that fills the default projection pool of 6), plus one
   * slot kept for the projection furthest behind (see Slots). Each projection goes at its own pace: a slot is
   * taken per batch, so no projection waits for a slower one.
   */
  concurrency?: number;
}

/**
 * Where one projection's time went while it applied events: in its transactions (`applyMs`), of which
 * waiting on the database (`sqlMs`, the rest being handlers' JavaScript), and waiting for its batches to be
 * read from the store (`readMs`, shared reads counted by each projection that waited for them).
 */
export interface ProjectionThroughput {
  /** Events read and applied (all types: an event the projection ignores still moves its checkpoint). */
  events: number;
  batches: number;
  applyMs: number;
  sqlMs: number;
  readMs: number;
  /** Milliseconds from the start of the measurement to the end of the last batch applied. */
  lastAppliedMs: number;
}

export interface RebuildOptions {
  batchSize?: number;
  /** As RunnerOptions.setBased. */
  setBased?: boolean;
  /** Aborting stops the rebuild between batches; the half-built generation is dropped. */
  signal?: AbortSignal;
}

export interface RebuildResult {
  /** Events read from the store (all types). */
  events: number;
  generation: number;
  /** The position the new generation was switched in at. */
  position: bigint;
  /** Milliseconds the rebuild took, of which waiting on the database inside its batches' transactions. */
  ms: number;
  sqlMs: number;
}

const BATCH = 2000;
/** The shared poll's pace while someone waits for a projection another process leads. */
const POLL_MS = 10;
/** Its pace when this runner's own commits answer (a safety net only). */
const LEADER_POLL_MS = 200;

/** One caller of `waitFor`: the position and the projections it waits for. */
interface Waiter {
  position: bigint;
  names: string[];
  done: (ok: boolean) => void;
}
/**
 * A batch's transaction does not wait for its commit to be flushed to disk (`synchronous_commit` off for that
 * transaction only): a read model is derived, and its writes and checkpoint commit together, so a database
 * crash can only lose the last batches whole, which are applied again from the checkpoint it left (never
 * skipped, never twice). The events themselves are written durably by the store. Said in the claim's
 * RETURNING, so it costs no round trip; the rebuild's swap keeps the flush.
 */
const NO_FLUSH = `set_config('synchronous_commit', 'off', true)`;

/** How many full batches without an event it handles a projection passes before it writes its checkpoint. */
const SKIP_BATCHES = 25;

/**
 * How many full batches a projection behind the others applies in one transaction when they are already read
 * (kept for it): fewer claims, commits and statements per event while it catches up (the statistics
 * projection alone on the 3,000-student history: about a fifth less CPU with 6,000 events per transaction
 * than with 2,000). At the head, and when the batches after it are not read yet, a batch goes alone.
 */
const JOIN_BATCHES = 3;

/** Advisory lock names: one leader per projection across processes, one rebuild per projection. */
const leaderLock = (name: string) => `projection:${name}`;
const rebuildLock = (name: string) => `projection-rebuild:${name}`;

/** Another process (or this one) is already rebuilding the projection. */
export class RebuildInProgressError extends Error {
  constructor(name: string) {
    super(`Projection ${name} is already being rebuilt`);
    this.name = 'RebuildInProgressError';
  }
}

/** The checkpoint is not where this writer read it: another instance or a rebuild moved it. Nothing was written. */
class CheckpointMoved extends Error {
  constructor(name: string) {
    super(`Checkpoint of ${name} moved under us`);
  }
}

/**
 * A handler threw on an event: the event is poison for this projection until its code is fixed. `event` is
 * null when a batch handler threw on a run (the runner then applies that batch event by event to find it).
 */
class HandlerError extends Error {
  constructor(
    readonly event: StoredEvent | null,
    cause: unknown,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(event ? `event ${event.globalPosition} ${event.type} (stream ${event.streamId}): ${why}` : why);
  }
}

/** The organisation an event belongs to ('' for events of no organisation, such as a user's sign-up). */
function orgOf(e: StoredEvent): string {
  return (e.metadata as { organizationId?: string | null } | undefined)?.organizationId ?? '';
}

/** The parked events of one organisation in one projection: how many, and the first one (the cause). */
export interface ParkedGroup {
  projection: string;
  organizationId: string;
  events: number;
  firstPosition: bigint;
  firstType: string;
  error: string;
  parkedAt: string;
}

/**
 * How a batch is applied: with batch handlers or one by one, and from which position each organisation's
 * events are parked in this batch (the first one with the handler's error).
 */
interface ApplyPlan {
  setBased: boolean;
  parkFrom: Map<string, { position: bigint; error: string }>;
}

/** The final catch-up must read the store outside the swap transaction (PGlite has one connection). */
class CatchUpAgain extends Error {}

/**
 * Errors that say "the database is unreachable or busy right now", not "this event cannot be projected":
 * connection exceptions (class 08), shutdowns (57P), serialization failures and deadlocks (40),
 * insufficient resources (53), and the driver's own socket errors.
 */
function isTransient(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  if (/^(08|57P|40|53)/.test(code)) return true;
  if (/^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ENOTFOUND)$/.test(code)) return true;
  const msg = typeof err?.message === 'string' ? err.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed/i.test(
    msg,
  );
}

/** Of the transient errors, those that say the database cannot be reached (not a busy or conflicting one). */
function isUnreachable(e: unknown): boolean {
  const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : '';
  return isTransient(e) && !/^(40|53)/.test(code);
}

/** Counts the time spent waiting on the database through this Sql (the profile of a batch). */
class TimedSql implements Sql {
  ms = 0;
  constructor(private readonly inner: Sql) {}
  async query<R = Record<string, any>>(text: string, params?: unknown[], options?: QueryOptions) {
    const t = performance.now();
    try {
      return await this.inner.query<R>(text, params, options);
    } finally {
      this.ms += performance.now() - t;
    }
  }
  async exec(text: string) {
    const t = performance.now();
    try {
      await this.inner.exec(text);
    } finally {
      this.ms += performance.now() - t;
    }
  }
}

/** Time of applying batches: all of it, and the part spent waiting on the database (queries, BEGIN, COMMIT). */
interface Meter {
  applyMs: number;
  sqlMs: number;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function ensureProjectionTables(db: Db): Promise<void> {
  // Two processes starting together would race on CREATE TABLE IF NOT EXISTS (a unique violation in the
  // catalogue), so the creation is serialised with a transaction-level advisory lock.
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('okul:projection_tables'))`);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS projection_state (
        name text PRIMARY KEY,
        active_generation int NOT NULL,
        version int NOT NULL
      );
      CREATE TABLE IF NOT EXISTS projection_checkpoints (
        name text NOT NULL,
        generation int NOT NULL,
        position bigint NOT NULL DEFAULT 0,
        state text NOT NULL,
        error text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, generation)
      );
    `);
    // Added later: created only when missing, as ALTER TABLE and CREATE INDEX lock the table even when there is
    // nothing to do (status and health call this while leaders hold checkpoint rows).
    const has = await tx.query<{ parked: boolean; rate: boolean; sql: boolean }>(
      `SELECT to_regclass('projection_parked') IS NOT NULL AS parked,
              EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                         AND table_name = 'projection_checkpoints' AND column_name = 'rebuild_ms') AS rate,
              EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                         AND table_name = 'projection_checkpoints' AND column_name = 'rebuild_sql_ms') AS sql`,
    );
    if (!has.rows[0].parked) {
      await tx.exec(`
      -- Events a projection could not apply: that organisation's read model of the projection is stale (its
      -- later events wait here too, so a retry re-applies them in order) while the others keep projecting.
      CREATE TABLE IF NOT EXISTS projection_parked (
        projection text NOT NULL,
        generation int NOT NULL,
        position bigint NOT NULL,
        event_id text NOT NULL,
        organization_id text NOT NULL,
        type text NOT NULL,
        event jsonb NOT NULL,
        error text NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (projection, generation, position)
      );
      CREATE INDEX IF NOT EXISTS projection_parked_org_idx
        ON projection_parked (projection, generation, organization_id, position);
      `);
    }
    if (!has.rows[0].rate) {
      await tx.exec(`
        -- The rate of the rebuild that built a generation (shown by status and the bench).
        ALTER TABLE projection_checkpoints ADD COLUMN rebuild_events bigint, ADD COLUMN rebuild_ms bigint;
      `);
    }
    if (!has.rows[0].sql) {
      // How much of that rebuild waited on the database (the rest ran the handlers' code).
      await tx.exec(`ALTER TABLE projection_checkpoints ADD COLUMN rebuild_sql_ms bigint`);
    }
  });
}

function physical(p: Projection, generation: number) {
  return (name: string) => {
    if (!p.tables.includes(name)) throw new Error(`Projection ${p.name} does not own table ${name}`);
    return ident(`${name}__g${generation}`);
  };
}

async function createGeneration(sql: Sql, p: Projection, generation: number, secure: boolean): Promise<void> {
  const t = physical(p, generation);
  for (const name of p.tables) await sql.exec(`DROP TABLE IF EXISTS ${t(name)} CASCADE`);
  await sql.exec(p.schema(t));
  // Every generation table holding organisation data gets row-level security as it is created, here and
  // nowhere else, so a rebuild never leaves a read model open to every organisation.
  if (secure)
    await secureOrganizationTables(
      sql,
      p.tables.map((name) => `${name}__g${generation}`),
    );
  await sql.query(
    `INSERT INTO projection_checkpoints (name, generation, position, state) VALUES ($1, $2, 0, 'building')
     ON CONFLICT (name, generation) DO UPDATE SET position = 0, state = 'building', error = NULL, updated_at = now()`,
    [p.name, generation],
  );
}

/**
 * Apply events to one generation and move its checkpoint, in the caller's transaction.
 * The checkpoint row is claimed before any handler runs, by moving it (compare-and-set from `from`, in the
 * same statement that takes its lock): a second writer of the same generation waits here, then finds the
 * position moved and writes nothing, instead of racing the first one through the handlers (where it could
 * fail on a unique key and look like a poison event). The transaction commits the move with the writes or
 * neither.
 * Events of an organisation with parked events are parked behind them (read after the claim, so a retry
 * that committed meanwhile is seen); the others are applied in order, runs of a batch handler at once.
 */
async function applyBatch(
  sql: Sql,
  p: Projection,
  generation: number,
  events: StoredEvent[],
  from: bigint,
  requireState: 'active' | 'building',
  plan: ApplyPlan,
  durable = false,
  claimed: Claimed | null = null,
): Promise<{ to: bigint; parked: Array<{ event: StoredEvent; error: string }> }> {
  const to = events[events.length - 1].globalPosition;
  // One round trip for the claim, the move and "is anything parked": the EXISTS reads the statement's
  // snapshot, taken before a lock wait, so it may still see rows a retry (the only other holder of this lock
  // that leaves the position where it was) removed meanwhile, never miss one (rows are parked only by a
  // writer holding the lock, which moves the position). So the organisations are read again after the claim.
  const claim =
    claimed ??
    (await sql.query<{ parked: boolean }>(
      durable
        ? `UPDATE projection_checkpoints SET position = $4, updated_at = now(), error = NULL
            WHERE name = $1 AND generation = $2 AND position = $3 AND state = $5
            RETURNING EXISTS (SELECT 1 FROM projection_parked WHERE projection = $1 AND generation = $2) AS parked`
        : `UPDATE projection_checkpoints SET position = $4, updated_at = now(), error = NULL
            WHERE name = $1 AND generation = $2 AND position = $3 AND state = $5
            RETURNING EXISTS (SELECT 1 FROM projection_parked WHERE projection = $1 AND generation = $2) AS parked,
                      ${NO_FLUSH} AS commit`,
      [p.name, generation, from.toString(), to.toString(), requireState],
      // Sent once per batch of every projection: parsed and planned once per connection.
      { prepareAs: durable ? 'okul_projection_claim' : 'okul_projection_claim_async' },
    ));
  if (claim.rowCount !== 1) throw new CheckpointMoved(p.name);
  const staleOrgs = new Set<string>();
  if (claim.rows[0].parked) {
    const stale = await sql.query<{ organization_id: string }>(
      `SELECT DISTINCT organization_id FROM projection_parked WHERE projection = $1 AND generation = $2`,
      [p.name, generation],
    );
    for (const r of stale.rows) staleOrgs.add(r.organization_id);
  }
  const apply: StoredEvent[] = [];
  const parked: Array<{ event: StoredEvent; error: string }> = [];
  const parking = staleOrgs.size > 0 || plan.parkFrom.size > 0;
  for (const e of events) {
    if (!handlerFor(p, e.type)) continue;
    if (!parking) {
      apply.push(e);
      continue;
    }
    const org = orgOf(e);
    const first = plan.parkFrom.get(org);
    if (first && e.globalPosition === first.position) parked.push({ event: e, error: first.error });
    else if (staleOrgs.has(org) || (first && e.globalPosition > first.position))
      parked.push({ event: e, error: 'waiting behind an earlier parked event of its organisation' });
    else apply.push(e);
  }
  const ctx: ProjectionContext = { sql, table: physical(p, generation) };
  for (let i = 0; i < apply.length;) {
    const batch = plan.setBased ? batchFor(p, apply[i].type) : undefined;
    let j = i + 1;
    if (batch) while (j < apply.length && batchFor(p, apply[j].type) === batch) j++;
    try {
      if (batch && j - i > 1) await batch(ctx, apply.slice(i, j));
      else await handlerFor(p, apply[i].type)!(ctx, apply[i]);
    } catch (err) {
      if (isTransient(err)) throw err;
      throw new HandlerError(j - i > 1 ? null : apply[i], err);
    }
    i = j;
  }
  if (parked.length > 0) {
    await sql.query(
      `INSERT INTO projection_parked (projection, generation, position, event_id, organization_id, type, event, error)
       SELECT $1, $2, x.position, x.event_id, x.org, x.type, x.event::jsonb, x.error
         FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS x(position, event_id, org, type, event, error)`,
      [
        p.name,
        generation,
        parked.map((x) => x.event.globalPosition.toString()),
        parked.map((x) => x.event.id),
        parked.map((x) => orgOf(x.event)),
        parked.map((x) => x.event.type),
        parked.map((x) => JSON.stringify({ ...x.event, globalPosition: x.event.globalPosition.toString() })),
        parked.map((x) => x.error),
      ],
    );
  }
  return { to, parked };
}

/** The answer of a batch's claim (`applyBatch`): one row when the checkpoint moved. */
type Claimed = { rows: Array<{ parked: boolean }>; rowCount: number };

/** A text literal of a value the runner itself made (names, states, numbers): standard strings, quotes doubled. */
const literal = (value: string | number | bigint) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * The claim of a live batch (`applyBatch`) with its values written into it, sent in the same round trip as
 * BEGIN where the database offers it (`transactionFrom`): one round trip fewer per batch.
 */
function claimText(name: string, generation: number, from: bigint, to: bigint, state: string): string {
  return `UPDATE projection_checkpoints SET position = ${literal(to)}::bigint, updated_at = now(), error = NULL
     WHERE name = ${literal(name)} AND generation = ${literal(generation)}::int
       AND position = ${literal(from)}::bigint AND state = ${literal(state)}
     RETURNING EXISTS (SELECT 1 FROM projection_parked
                        WHERE projection = ${literal(name)} AND generation = ${literal(generation)}::int) AS parked,
               ${NO_FLUSH} AS commit`;
}

/**
 * Moves an active checkpoint past events the projection has no handler for: one compare-and-set statement (a
 * concurrent batch's claim makes it wait, then find the position moved). Nothing to apply means nothing to park.
 */
async function moveCheckpoint(
  db: Sql,
  name: string,
  generation: number,
  from: bigint,
  events: EventPosition[],
  state: 'active' | 'building' = 'active',
): Promise<bigint> {
  const to = events[events.length - 1].globalPosition;
  const res = await db.query(
    `UPDATE projection_checkpoints SET position = $4, updated_at = now(), error = NULL
      WHERE name = $1 AND generation = $2 AND position = $3 AND state = $5
      RETURNING ${NO_FLUSH} AS commit`,
    [name, generation, from.toString(), to.toString(), state],
  );
  if (res.rowCount !== 1) throw new CheckpointMoved(name);
  return to;
}

/**
 * The live moves of `moveCheckpoint` (projections with nothing to apply), asked for in one turn of the event
 * loop, written in one statement: an append wakes every idle projection at once, and most have no handler for
 * its events, so one statement per projection and append was most of the runner's statements. Each row is
 * still a compare-and-set of its own (it moves only from the position its projection found, in the state it
 * found); a row that did not move answers `CheckpointMoved` to its projection alone.
 */
class CheckpointMoves {
  private pending: Array<{
    name: string;
    generation: number;
    from: bigint;
    to: bigint;
    settle: (moved: boolean) => void;
    fail: (e: unknown) => void;
  }> = [];

  constructor(private readonly db: Sql) {}

  async move(name: string, generation: number, from: bigint, events: EventPosition[]): Promise<bigint> {
    const to = events[events.length - 1].globalPosition;
    const moved = await new Promise<boolean>((settle, fail) => {
      // The projections woken by one append reach here in the same turn: one statement after it.
      if (this.pending.push({ name, generation, from, to, settle, fail }) === 1)
        setImmediate(() => this.flush());
    });
    if (!moved) throw new CheckpointMoved(name);
    return to;
  }

  private flush(): void {
    const moves = this.pending;
    this.pending = [];
    this.db
      .query<{ name: string; generation: number }>(
        `UPDATE projection_checkpoints c SET position = m.to_position, updated_at = now(), error = NULL
           FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[])
                AS m(name, generation, from_position, to_position)
          WHERE c.name = m.name AND c.generation = m.generation AND c.position = m.from_position
            AND c.state = 'active'
          RETURNING c.name, c.generation, ${NO_FLUSH} AS commit`,
        [
          moves.map((m) => m.name),
          moves.map((m) => m.generation),
          moves.map((m) => m.from.toString()),
          moves.map((m) => m.to.toString()),
        ],
      )
      .then(
        (r) => {
          const moved = new Set(r.rows.map((x) => `${x.name}@${x.generation}`));
          for (const m of moves) m.settle(moved.has(`${m.name}@${m.generation}`));
        },
        (e: unknown) => {
          for (const m of moves) m.fail(e);
        },
      );
  }
}

/** A projection's active generation and its checkpoint, as the runner reads them before applying. */
interface CheckpointRow {
  name: string;
  generation: number;
  version: number;
  position: string | null;
  state: string | null;
  error: string | null;
}

/**
 * The checkpoint reads of the projections this runner leads, asked for in one turn of the event loop, in one
 * statement: every projection re-reads its checkpoint at the recheck pace, and they do so together (one
 * shared timer wakes them), so one statement per projection and recheck was most of an idle runner's
 * statements. Each projection still gets its own row of that snapshot, as its own statement answered.
 */
class CheckpointReads {
  private pending: Array<{
    name: string;
    settle: (row: CheckpointRow | undefined) => void;
    fail: (e: unknown) => void;
  }> = [];

  constructor(private readonly db: Sql) {}

  read(name: string): Promise<CheckpointRow | undefined> {
    return new Promise((settle, fail) => {
      if (this.pending.push({ name, settle, fail }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const reads = this.pending;
    this.pending = [];
    this.db
      .query<CheckpointRow>(
        `SELECT s.name, s.active_generation AS generation, s.version, c.position::text AS position, c.state, c.error
           FROM projection_state s
           LEFT JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation
          WHERE s.name = ANY($1::text[])`,
        [[...new Set(reads.map((r) => r.name))]],
        { prepareAs: 'okul_projection_checkpoints' },
      )
      .then(
        (r) => {
          const rows = new Map(r.rows.map((x) => [x.name, x]));
          for (const x of reads) x.settle(rows.get(x.name));
        },
        (e: unknown) => {
          for (const x of reads) x.fail(e);
        },
      );
  }
}

/**
 * One batch in its own transaction. When a handler throws, the transaction is rolled back and the batch is
 * applied again with that event (and every later event of its organisation) parked; when a batch handler
 * throws, again event by event to find the event. Each retry parks from an earlier position or turns batch
 * handlers off, so it ends.
 */
async function applyParking(
  db: Db,
  p: Projection,
  generation: number,
  events: StoredEvent[],
  from: bigint,
  requireState: 'active' | 'building',
  setBased: boolean,
  meter?: Meter,
): Promise<bigint> {
  const plan: ApplyPlan = { setBased, parkFrom: new Map() };
  for (;;) {
    const started = performance.now();
    let inside = 0;
    let waited = 0;
    const apply = async (tx: Sql, claimed: Claimed | null) => {
      const t = performance.now();
      const timed = new TimedSql(tx);
      try {
        return await applyBatch(timed, p, generation, events, from, requireState, plan, false, claimed);
      } finally {
        inside = performance.now() - t;
        waited = timed.ms;
      }
    };
    const to = events[events.length - 1].globalPosition;
    try {
      const { to: reached, parked } = await (
        db.transactionFrom
          ? db.transactionFrom<
              { to: bigint; parked: Array<{ event: StoredEvent; error: string }> },
              { parked: boolean }
            >(claimText(p.name, generation, from, to, requireState), apply)
          : db.transaction((tx) => apply(tx, null))
      ).finally(() => {
        if (!meter) return;
        const all = performance.now() - started;
        meter.applyMs += all;
        // Outside the handlers' code: the queries, and taking a connection, BEGIN and COMMIT.
        meter.sqlMs += waited + (all - inside);
      });
      for (const x of parked) {
        if (plan.parkFrom.get(orgOf(x.event))?.position !== x.event.globalPosition) continue;
        console.error(
          `[projection ${p.name}] parked event ${x.event.globalPosition} ${x.event.type} of organisation ${orgOf(x.event) || '(none)'}: ${x.error}`,
        );
      }
      return reached;
    } catch (e) {
      if (!(e instanceof HandlerError)) throw e;
      if (e.event === null) plan.setBased = false;
      else plan.parkFrom.set(orgOf(e.event), { position: e.event.globalPosition, error: e.message });
    }
  }
}

async function swapViews(sql: Sql, p: Projection, generation: number) {
  const t = physical(p, generation);
  for (const name of p.tables) {
    await sql.exec(
      // security_invoker: the reader's own role (and its row-level security) applies through the view, not
      // the view owner's.
      `DROP VIEW IF EXISTS ${ident(name)};
       CREATE VIEW ${ident(name)} WITH (security_invoker = true) AS SELECT * FROM ${t(name)};`,
    );
  }
}

async function dropTables(db: Sql, p: Projection, generation: number) {
  const t = physical(p, generation);
  for (const name of p.tables) await db.exec(`DROP TABLE IF EXISTS ${t(name)} CASCADE`);
}

async function dropGeneration(db: Sql, p: Projection, generation: number) {
  await dropTables(db, p, generation);
  await db.query(`DELETE FROM projection_checkpoints WHERE name = $1 AND generation = $2`, [
    p.name,
    generation,
  ]);
  await db.query(`DELETE FROM projection_parked WHERE projection = $1 AND generation = $2`, [
    p.name,
    generation,
  ]);
}

/** The error of a rebuild newer than the active generation that failed (kept so status can show it). */
async function failedRebuild(db: Sql, name: string): Promise<string | null> {
  const r = await db.query<{ error: string | null }>(
    `SELECT c.error FROM projection_checkpoints c LEFT JOIN projection_state s ON s.name = c.name
      WHERE c.name = $1 AND c.state = 'failed' AND c.generation > coalesce(s.active_generation, 0)
      ORDER BY c.generation DESC LIMIT 1`,
    [name],
  );
  return r.rows[0] ? (r.rows[0].error ?? 'rebuild failed') : null;
}

/**
 * Builds a new generation of a projection from position 0 while the live one keeps answering, then
 * swaps the views and the active generation in one transaction. The final catch-up happens inside that
 * transaction with the live checkpoint row locked, so the new generation is never behind what readers
 * already saw, and no event is skipped or applied twice. Old generations are dropped afterwards.
 * One rebuild per projection at a time (RebuildInProgressError otherwise).
 */
export async function rebuildProjection(
  db: Db,
  store: EventStore,
  p: Projection,
  onProgress?: (position: bigint, events: number) => void,
  opts: RebuildOptions = {},
): Promise<RebuildResult> {
  const batchSize = opts.batchSize ?? BATCH;
  const setBased = opts.setBased ?? true;
  await ensureProjectionTables(db);
  const release = await db.tryLock(rebuildLock(p.name));
  if (!release) throw new RebuildInProgressError(p.name);
  const started = performance.now();
  let gen: number | null = null;
  let swapped = false;
  try {
    // Leftovers of rebuilds that crashed or failed: we hold the rebuild lock, so nobody is writing them.
    const stale = await db.query<{ generation: number }>(
      `SELECT c.generation FROM projection_checkpoints c LEFT JOIN projection_state s ON s.name = c.name
        WHERE c.name = $1 AND c.generation <> coalesce(s.active_generation, -1) AND c.state IN ('building', 'failed', 'retired')`,
      [p.name],
    );
    for (const r of stale.rows) await db.transaction((tx) => dropGeneration(tx, p, r.generation));
    const current = await db.query<{ active_generation: number }>(
      `SELECT active_generation FROM projection_state WHERE name = $1`,
      [p.name],
    );
    const oldGen = current.rows[0]?.active_generation ?? null;
    const maxGen = await db.query<{ g: number | null }>(
      `SELECT max(generation) AS g FROM projection_checkpoints WHERE name = $1`,
      [p.name],
    );
    const newGen = Math.max(oldGen ?? 0, Number(maxGen.rows[0]?.g ?? 0)) + 1;
    gen = newGen;
    // PGlite is single-user (no roles to separate): row-level security is a PostgreSQL matter.
    await db.transaction((tx) => createGeneration(tx, p, newGen, db.kind === 'pg'));

    let position = 0n;
    let count = 0;
    const meter: Meter = { applyMs: 0, sqlMs: 0 };
    // On PostgreSQL the next batch is read while this one is applied (reading and parsing the events was a
    // third of a rebuild); PGlite's single connection would only queue the read behind the transaction.
    const prefetch = db.kind === 'pg';
    // After a batch holding nothing the projection handles, the next is first read as positions and types
    // where the store offers them (a light projection's rebuild reads little of the history's data).
    const readTypes = store.readTypes?.bind(store);
    const catchUp = async () => {
      let next: Promise<StoredEvent[]> | null = null;
      // Full batches without an event the projection handles, read past since the checkpoint was written (as
      // the runner does: the checkpoint moves past them with the next batch, in one transaction).
      let passed: EventPosition[] | null = null;
      let skipped = 0;
      let light = false;
      for (;;) {
        opts.signal?.throwIfAborted();
        const read = passed ? passed[passed.length - 1].globalPosition : position;
        let events: StoredEvent[] | null = null;
        let batch: EventPosition[];
        if (next || !light || !readTypes) batch = events = await (next ?? store.readAll(read, batchSize));
        else batch = await readTypes(read, batchSize);
        next = null;
        if (batch.length === 0) {
          // The last batches held nothing to apply: the checkpoint still has to reach them.
          if (passed) position = await moveCheckpoint(db, p.name, newGen, position, passed, 'building');
          return;
        }
        const handles = batch.some((e) => handlerFor(p, e.type));
        light = !handles;
        // The events themselves, from the same place (what is read is what is applied and counted).
        if (handles && !events) batch = events = await store.readAll(read, batchSize);
        if (prefetch && handles && batch.length === batchSize) {
          next = store.readAll(batch[batch.length - 1].globalPosition, batchSize);
          // Awaited in the next round; if this batch fails first, its error is the one that counts.
          next.catch(() => undefined);
        }
        count += batch.length;
        if (batch.length === batchSize && skipped < SKIP_BATCHES && !handles) {
          passed = batch;
          skipped++;
          continue;
        }
        position = events
          ? await applyParking(db, p, newGen, events, position, 'building', setBased, meter)
          : await moveCheckpoint(db, p.name, newGen, position, batch, 'building');
        passed = null;
        skipped = 0;
        onProgress?.(position, count);
      }
    };
    await catchUp();

    // PGlite runs one transaction at a time on its single connection, so the store cannot be read from
    // inside ours: there we check the live position instead and, if it moved ahead, catch up and retry.
    const readInsideTx = db.kind === 'pg';
    for (let attempt = 1; ; attempt++) {
      opts.signal?.throwIfAborted();
      try {
        await db.transaction(async (tx) => {
          const state = await tx.query<{ active_generation: number }>(
            `SELECT active_generation FROM projection_state WHERE name = $1 FOR UPDATE`,
            [p.name],
          );
          if ((state.rows[0]?.active_generation ?? null) !== oldGen) {
            throw new Error(`Projection ${p.name} was swapped by someone else during the rebuild`);
          }
          let live = 0n;
          if (oldGen !== null) {
            const l = await tx.query<{ position: string }>(
              `SELECT position::text AS position FROM projection_checkpoints WHERE name = $1 AND generation = $2 FOR UPDATE`,
              [p.name, oldGen],
            );
            live = BigInt(l.rows[0]?.position ?? '0');
          }
          let at = position;
          let n = 0;
          if (readInsideTx) {
            const timed = new TimedSql(tx);
            for (;;) {
              const events = await store.readAll(at, batchSize);
              if (events.length === 0) break;
              const plan: ApplyPlan = { setBased, parkFrom: new Map() };
              // The swap's transaction waits for its commit to be flushed (see NO_FLUSH).
              at = (await applyBatch(timed, p, newGen, events, at, 'building', plan, true)).to;
              n += events.length;
            }
            meter.sqlMs += timed.ms;
          }
          if (at < live) throw new CatchUpAgain();
          await swapViews(tx, p, newGen);
          await tx.query(
            `UPDATE projection_checkpoints SET state = 'active', updated_at = now(), rebuild_events = $3, rebuild_ms = $4,
                    rebuild_sql_ms = $5
              WHERE name = $1 AND generation = $2`,
            [p.name, newGen, count + n, Math.round(performance.now() - started), Math.round(meter.sqlMs)],
          );
          if (oldGen !== null) {
            await tx.query(
              `UPDATE projection_checkpoints SET state = 'retired', updated_at = now() WHERE name = $1 AND generation = $2`,
              [p.name, oldGen],
            );
          }
          await tx.query(
            `INSERT INTO projection_state (name, active_generation, version) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO UPDATE SET active_generation = $2, version = $3`,
            [p.name, newGen, p.version],
          );
          position = at;
          count += n;
        });
        swapped = true;
        break;
      } catch (e) {
        // A handler error inside the swap is parked by the catch-up outside it, then the swap is tried again.
        if (!(e instanceof CatchUpAgain || e instanceof HandlerError) || attempt >= 1000) throw e;
        await catchUp();
      }
    }
    onProgress?.(position, count);
    if (oldGen !== null) await db.transaction((tx) => dropGeneration(tx, p, oldGen));
    return {
      events: count,
      generation: newGen,
      position,
      ms: performance.now() - started,
      sqlMs: meter.sqlMs,
    };
  } catch (e) {
    if (gen !== null && !swapped) {
      const failedGen = gen;
      await db.transaction((tx) => dropGeneration(tx, p, failedGen)).catch(() => undefined);
    }
    throw e;
  } finally {
    await release().catch(() => undefined);
  }
}

interface Live {
  p: Projection;
  state: ProjectionStatus['state'];
  error: string | null;
  /** Releases this runner's leadership of the projection (an advisory lock); null when not the leader. */
  release: (() => Promise<void>) | null;
  /** A background rebuild this runner started (first build or a newer code version). */
  rebuilding: Promise<void> | null;
  /** After a transient error, no new attempt before this time. */
  backoffUntil: number;
  /** The loop applying this projection's batches while this runner leads it (null when none runs). */
  worker: Promise<void> | null;
  /** The checkpoint this runner last read or wrote (which shared reads it may still need). */
  position: bigint | null;
  /**
   * Where the last batch this runner applied left the checkpoint, until the next recheck: the next step
   * starts there without reading it (a claim from a checkpoint that moved meanwhile fails, and it is read).
   */
  resumeAt: { generation: number; position: bigint } | null;
  /** What applying took since the runner started. */
  meter: ProjectionThroughput;
}

const emptyMeter = (): ProjectionThroughput => ({
  events: 0,
  batches: 0,
  applyMs: 0,
  sqlMs: 0,
  readMs: 0,
  lastAppliedMs: 0,
});

/**
 * How many batches are applied at the same time: `shared` slots, given to waiters furthest behind first, and
 * one more kept for the projection furthest behind of the runner. A catch-up lasts as long as its slowest
 * projection's chain of batches (each waits for the one before), so that projection never waits for a slot
 * between two batches; the others share the rest, those further behind first.
 */
export class Slots {
  private queue: Array<{ position: bigint; go: () => void }> = [];
  private keptBusy = false;
  constructor(private shared: number) {}

  /**
   * A slot for a batch starting at `position`; `furthestBehind` says whether no other projection of the
   * runner is further behind (then the kept slot is taken when free). Answers its release.
   */
  async take(position: bigint, furthestBehind: boolean): Promise<() => void> {
    let release: () => void;
    if (furthestBehind && !this.keptBusy) {
      this.keptBusy = true;
      release = () => {
        this.keptBusy = false;
      };
    } else {
      if (this.shared > 0) this.shared--;
      else
        await new Promise<void>((go) => {
          // Ordered by position, first come first served among equals.
          let i = this.queue.length;
          while (i > 0 && this.queue[i - 1].position > position) i--;
          this.queue.splice(i, 0, { position, go });
        });
      release = () => {
        const next = this.queue.shift();
        if (next) next.go();
        else this.shared++;
      };
    }
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release();
    };
  }
}

/** What a projection's step leaves next (see `ProjectionRunner.step`). */
type Stepped = 'more' | 'head' | 'idle';

/** A batch as `SharedReads.scan` answers it: its positions and types, and its events when they were read. */
interface Scanned {
  positions: EventPosition[];
  events: StoredEvent[] | null;
}

const scanned = (events: StoredEvent[]): Scanned => ({ positions: events, events });

/**
 * Batches read from the store, shared by the projections of this runner: reading and parsing a batch costs
 * about as much as a light projection's handlers, and after a pause every projection starts from the same
 * place. A batch starts after the previous one's last event, so batches stay aligned however far apart the
 * projections drift. A full batch never changes: it is kept until every projection this runner applies has
 * passed it, so each is read once however far the light projections race ahead of the heavy ones. At most
 * `limit` batches are kept (bounded memory): when full, the batch furthest ahead gives way, as the slowest
 * projection needs it last; a read beyond every kept batch is then shared only while it is under way (the
 * projections racing ahead read together). A short batch (the head was reached, more may come) is shared only
 * while it is being read. A projection passing batches it may not need (`scan`) reads beyond a full window
 * only the positions and types where the store offers them, so the data of such a batch is read once, when
 * the slower projections reach it.
 */
export class SharedReads {
  private kept = new Map<bigint, Promise<StoredEvent[]>>();
  /** The events of the kept reads that have arrived (see `ready`). */
  private arrived = new WeakMap<Promise<StoredEvent[]>, StoredEvent[]>();
  /** Reads under way that are not kept. */
  private flying = new Map<bigint, Promise<StoredEvent[]>>();
  /** Reads of positions and types only, under way (`scan`). */
  private typeReads = new Map<bigint, Promise<EventPosition[]>>();
  /** The types present in each batch read (one look-up per type, not per event, for "handles any"). */
  private types = new WeakMap<EventPosition[], Set<string>>();
  /**
   * The last events read up to the head (a short batch, and the short batches read on from its end): every
   * event after `from` up to `to`, as appends commit in position order. A projection woken behind `to` takes
   * its events from here and reads only what came after `to`, in the read shared by every projection
   * reading on from there (one statement per wake-up instead of one per position the projections stood at).
   */
  private tail: { from: bigint; to: bigint; events: StoredEvent[] } | null = null;
  /** Batches and events read from the store since the runner started (the figures of a catch-up). */
  batches = 0;
  events = 0;
  /** Wake-ups of the runner so far (`woke`), and at which of them each read under way began. */
  private wakes = 0;
  private began = new WeakMap<Promise<unknown>, number>();

  constructor(
    private readonly store: EventStore,
    private readonly size: number,
    private readonly limit: number,
  ) {}

  /**
   * An append was told (or the idle timer fired): a read begun before may have missed it, so it is no longer
   * shared (a full batch that has arrived still is: it never changes).
   */
  woke(): void {
    this.wakes++;
  }

  /** Whether a read this runner began (or kept) can answer a projection now. */
  private current(read: Promise<unknown>): boolean {
    if (this.began.get(read) === this.wakes) return true;
    const events = this.arrived.get(read as Promise<StoredEvent[]>);
    return events !== undefined && events.length === this.size;
  }

  /** A read of the events or of the positions and types, marked with the wake-up it began after. */
  private begin<T>(read: Promise<T>): Promise<T> {
    this.began.set(read, this.wakes);
    return read;
  }

  read(from: bigint): Promise<StoredEvent[]> {
    const known = this.kept.get(from) ?? this.flying.get(from);
    if (known) {
      if (this.current(known)) return known;
      // Begun before a wake-up: a full batch never changes; a short one may lack what was told since, and is
      // read again (by then it is no longer shared, and its events are in the tail).
      return known.then((events) => (events.length === this.size ? events : this.read(from)));
    }
    const tail = this.tail;
    if (tail && tail.from <= from && from < tail.to) return this.readOn(tail, from);
    const read = this.begin(
      this.store.readAll(from, this.size).then((events) => {
        this.batches++;
        this.events += events.length;
        if (events.length < this.size) this.remember(from, events);
        return events;
      }),
    );
    const keep = this.admit(from);
    (keep ? this.kept : this.flying).set(from, read);
    if (keep)
      void read.then(
        (events) => this.arrived.set(read, events),
        () => undefined,
      );
    const drop = () => {
      if (this.kept.get(from) === read) this.kept.delete(from);
      if (this.flying.get(from) === read) this.flying.delete(from);
    };
    // A failed read is not shared either: the next projection at this position reads again.
    read.then((events) => (!keep || events.length < this.size ? drop() : undefined), drop);
    return read;
  }

  /** The events after `from` in the tail, then those read on from its end (at most a batch). */
  private async readOn(
    tail: { from: bigint; to: bigint; events: StoredEvent[] },
    from: bigint,
  ): Promise<StoredEvent[]> {
    const known = tail.events.filter((e) => e.globalPosition > from);
    const after = await this.read(tail.to);
    return known.concat(after).slice(0, this.size);
  }

  /** A short batch read at `from`: the tail, extended when it reads on from the tail's end. */
  private remember(from: bigint, events: StoredEvent[]): void {
    const tail = this.tail;
    let next =
      tail && tail.to === from
        ? { from: tail.from, to: tail.to, events: tail.events.concat(events) }
        : { from, to: from, events };
    if (events.length > 0) next.to = events[events.length - 1].globalPosition;
    // At most a batch is kept: the events dropped from the front move its start past them.
    if (next.events.length > this.size) {
      const drop = next.events.length - this.size;
      next = { ...next, from: next.events[drop - 1].globalPosition, events: next.events.slice(drop) };
    }
    // A tail further ahead than this read (a slower read finishing late) stays.
    if (!tail || next.to >= tail.to) this.tail = next;
  }

  /**
   * The batch at `from` for a projection that may pass it: the events when they are kept, under way, or would
   * be kept; beyond a full window, the positions and types only (`readTypes`, shared while under way), from
   * which the projection reads the events (`read`) only when it handles one of them.
   */
  scan(from: bigint): Promise<Scanned> {
    if (this.kept.has(from) || this.flying.has(from)) return this.read(from).then(scanned);
    if (!this.store.readTypes || this.room(from)) return this.read(from).then(scanned);
    const known = this.typeReads.get(from);
    if (known && this.began.get(known) !== this.wakes)
      // As in `read`: a short answer begun before a wake-up is asked again.
      return known.then((positions) =>
        positions.length === this.size ? { positions, events: null } : this.scan(from),
      );
    let read = known;
    if (!read) {
      const types = this.begin(this.store.readTypes(from, this.size));
      this.typeReads.set(from, types);
      const drop = () => {
        if (this.typeReads.get(from) === types) this.typeReads.delete(from);
      };
      types.then(drop, drop);
      read = types;
    }
    return read.then((positions) => ({ positions, events: null }));
  }

  /** The full batch at `from` when it is kept and has arrived (no read is started), else null. */
  ready(from: bigint): StoredEvent[] | null {
    const read = this.kept.get(from);
    const events = read ? this.arrived.get(read) : undefined;
    return events && events.length === this.size ? events : null;
  }

  /** The position furthest ahead among the kept batches (null when none is kept). */
  private furthest(): bigint | null {
    let furthest: bigint | null = null;
    for (const k of this.kept.keys()) if (furthest === null || k > furthest) furthest = k;
    return furthest;
  }

  /** Whether a batch read from `from` would be kept (room, or a kept batch further ahead to give way). */
  private room(from: bigint): boolean {
    if (this.kept.size < this.limit) return true;
    const furthest = this.furthest();
    return furthest !== null && from < furthest;
  }

  /** Whether a batch read from `from` is kept: room is made by letting the batch furthest ahead go. */
  private admit(from: bigint): boolean {
    if (this.kept.size < this.limit) return true;
    const furthest = this.furthest();
    if (furthest === null || furthest < from) return false;
    this.kept.delete(furthest);
    return true;
  }

  /** Whether a batch (its events, or their positions and types) holds a type the projection handles. */
  handlesAny(p: Projection, events: EventPosition[]): boolean {
    let types = this.types.get(events);
    if (!types) {
      types = new Set();
      for (const e of events) types.add(e.type);
      this.types.set(events, types);
    }
    for (const t of types) if (handlerFor(p, t)) return true;
    return false;
  }

  /** Forgets the batches before `position`: every projection reading here has passed them. */
  forget(position: bigint): void {
    for (const k of this.kept.keys()) if (k < position) this.kept.delete(k);
  }
}

/**
 * Runs every projection: one leader per projection across instances (an advisory lock), checkpoint
 * stored in the same transaction as the read-model writes, claimed and compare-and-set so a second
 * instance can neither move it backwards nor apply a batch twice.
 * A failing event stops that projection with state "failed" and the error; the others go on.
 * A runner whose code is older than the stored version steps aside; a newer one rebuilds.
 * Each projection it leads has a loop of its own that applies a batch whenever one of `concurrency` slots is
 * free, so a light projection is never held back by a slower one.
 */
export class ProjectionRunner {
  private live = new Map<string, Live>();
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Read-your-writes: the callers of `waitFor` still waiting, answered together (see `settle`). */
  private waiters = new Set<Waiter>();
  /**
   * What this process knows each projection has applied: a lower bound, from its own commits (as leader)
   * and from the shared poll of the checkpoints. Checkpoints only move forward (a rebuild swaps in a
   * generation at least as far), and appends commit in position order, so a known position never lies.
   */
  private known = new Map<string, bigint>();
  /** The last poll: per projection, whether it is waited for (active, at this code's version). */
  private counted: Map<string, boolean> | null = null;
  /** The shared poll of the checkpoints, while anyone waits (one query per process, not one per waiter). */
  private polling: Promise<void> | null = null;
  private wakePoll: (() => void) | null = null;
  private abort = new AbortController();
  private slots: Slots;
  private reads: SharedReads;
  private moves: CheckpointMoves;
  private checkpoints: CheckpointReads;
  /** Idle projection loops, woken together by an append or by one shared timer. */
  private sleepers = new Set<() => void>();
  private tick: ReturnType<typeof setTimeout> | null = null;
  /** Wake-ups so far: one that came while a projection was reading may be an append that read missed. */
  private notified = 0;
  private startedAt = performance.now();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    readonly projections: Projection[],
    private readonly opts: RunnerOptions = {},
  ) {
    for (const p of projections) {
      this.live.set(p.name, {
        p,
        state: 'stopped',
        error: null,
        release: null,
        rebuilding: null,
        backoffUntil: 0,
        worker: null,
        position: null,
        resumeAt: null,
        meter: emptyMeter(),
      });
    }
    this.slots = new Slots(Math.max(1, opts.concurrency ?? 3));
    this.reads = new SharedReads(store, this.batchSize, Math.max(8, 2 * projections.length));
    this.moves = new CheckpointMoves(db);
    this.checkpoints = new CheckpointReads(db);
  }

  private get batchSize() {
    return this.opts.batchSize ?? BATCH;
  }

  /**
   * Make sure every projection has its tables, rebuilding those whose stored version differs from the
   * code's. A rebuild that fails marks that projection failed and the others still get prepared.
   */
  async prepare(): Promise<void> {
    await ensureProjectionTables(this.db);
    for (const p of this.projections) {
      const l = this.live.get(p.name)!;
      const r = await this.db.query<{ version: number }>(
        `SELECT version FROM projection_state WHERE name = $1`,
        [p.name],
      );
      if (r.rows[0] && r.rows[0].version === p.version) continue;
      const release = await this.db.tryLock(leaderLock(p.name));
      if (!release) continue; // another instance leads it; whoever leads with this version rebuilds it
      l.state = 'rebuilding';
      try {
        await rebuildProjection(this.db, this.store, p, undefined, {
          batchSize: this.batchSize,
          setBased: this.opts.setBased,
        });
        l.state = 'stopped';
        l.error = null;
      } catch (e) {
        if (e instanceof RebuildInProgressError) {
          l.state = 'stopped';
          continue;
        }
        l.state = 'failed';
        l.error = errorText(e);
        console.error(`[projection ${p.name}] ${l.error}`);
      } finally {
        await release().catch(() => undefined);
      }
    }
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.startedAt = performance.now();
    for (const l of this.live.values()) l.meter = emptyMeter();
    this.loop = this.run();
  }

  /** Wake the idle projections now (called after an append in this process). */
  notify(): void {
    this.notified++;
    this.reads.woke();
    if (this.tick) clearTimeout(this.tick);
    this.tick = null;
    const sleepers = [...this.sleepers];
    this.sleepers.clear();
    for (const wake of sleepers) wake();
  }

  /** What each projection's batches took since `start()`: events, time applying, of it in SQL, reading. */
  throughput(): Record<string, ProjectionThroughput> {
    return Object.fromEntries([...this.live.values()].map((l) => [l.p.name, { ...l.meter }]));
  }

  /**
   * What this runner read from the store since it was made: batches and events (with every batch read once,
   * the events of a catch-up from the start are the store's events).
   */
  storeReads(): { batches: number; events: number } {
    return { batches: this.reads.batches, events: this.reads.events };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wake?.();
    this.notify();
    await this.loop;
    this.loop = null;
    for (const l of this.live.values()) {
      await l.rebuilding;
      // The state changes before the lock goes, so no observer sees two leaders at once.
      if (l.state !== 'failed') l.state = 'stopped';
      await this.resign(l);
    }
  }

  private async resign(l: Live): Promise<void> {
    const release = l.release;
    l.release = null;
    if (release) await release().catch(() => undefined);
  }

  /** The database or the store is unreachable: let go (the lock's connection may be gone) and retry later. */
  private async fail(l: Live, e: unknown): Promise<void> {
    const msg = errorText(e);
    if (l.error !== msg) console.error(`[projection ${l.p.name}] ${msg}; retrying`);
    l.error = msg;
    l.backoffUntil = Date.now() + (this.opts.leaderRetryMs ?? 2000);
    if (l.state !== 'failed') l.state = 'standby';
    await this.resign(l);
    this.releaseWaiters((w) => w.names.includes(l.p.name));
  }

  /** Answers these waiters now with what is known (false unless reached): the database cannot move them. */
  private releaseWaiters(which: (w: Waiter) => boolean): void {
    for (const w of [...this.waiters]) if (which(w)) w.done(this.reached(w));
  }

  /** Whether the lock's connection was lost (a database restart): then lead again only once the lock is ours. */
  private lostLead(l: Live): boolean {
    if (!l.release || !this.db.holds || this.db.holds(leaderLock(l.p.name))) return false;
    l.release = null;
    if (l.state !== 'failed') l.state = 'standby';
    return true;
  }

  /** Leadership, at the recheck pace: each projection this runner leads gets a loop of its own. */
  private async run(): Promise<void> {
    while (!this.stopped) {
      const now = Date.now();
      // One projection after the other: the locks live on one connection of their own.
      for (const l of this.live.values()) {
        if (this.stopped) break;
        if (l.worker || l.rebuilding || now < l.backoffUntil) continue;
        try {
          this.lostLead(l);
          if (!l.release) {
            l.release = await this.db.tryLock(leaderLock(l.p.name));
            if (!l.release) {
              l.state = 'standby';
              continue;
            }
          }
          l.worker = this.work(l).finally(() => {
            l.worker = null;
          });
        } catch (e) {
          await this.fail(l, e);
        }
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.leaderRetryMs ?? 2000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    await Promise.all([...this.live.values()].map((l) => l.worker));
  }

  /**
   * One projection's loop while this runner leads it: a batch whenever a slot is free (several projections
   * at once, each in its own transaction on its own connection: while one waits on the database, another's
   * handlers run), a nap when it is caught up. Ends when the lead is lost, a rebuild starts or the runner stops.
   */
  private async work(l: Live): Promise<void> {
    const retryMs = this.opts.leaderRetryMs ?? 2000;
    // Leadership was just taken (or found held): the first step re-examines everything, later ones at the
    // recheck pace; whether the lock is still held is asked before each later one.
    let lastRound = -1;
    for (let first = true; !this.stopped && l.release && !l.rebuilding; first = false) {
      if (!first && this.lostLead(l)) return;
      // Failed and unbuilt projections are re-examined at this pace, not on every loop. The rounds are the
      // same for every projection, so those woken together re-read their checkpoints in one statement.
      const round = Math.floor(Date.now() / retryMs);
      const recheck = round !== lastRound;
      if (recheck) lastRound = round;
      let next: Stepped = 'idle';
      const notified = this.notified;
      try {
        next = await this.step(l, recheck);
      } catch (e) {
        await this.fail(l, e);
        return;
      }
      this.forgetPassedReads();
      // After a batch that ended at the head, reading again at once finds nothing unless an append came since:
      // every append wakes the runner (`notify`), and the read began after the last wake-up before this step
      // (SharedReads does not share a read begun before a wake-up), so it saw every append told before it.
      if (next !== 'more' && !this.stopped && this.notified === notified) await this.nap();
    }
  }

  /** Whether no other projection this runner applies is further behind than `l` at `position`. */
  private furthestBehind(l: Live, position: bigint): boolean {
    for (const o of this.live.values()) {
      if (o === l || !o.worker || o.position === null || o.state === 'failed') continue;
      if (o.position < position) return false;
    }
    return true;
  }

  private forgetPassedReads(): void {
    let lowest: bigint | null = null;
    for (const l of this.live.values()) {
      if (!l.worker || l.position === null || l.state === 'failed') continue;
      if (lowest === null || l.position < lowest) lowest = l.position;
    }
    if (lowest !== null) this.reads.forget(lowest);
  }

  /** Sleeps until an append (notify) or the idle timer, which every idle projection shares. */
  private nap(): Promise<void> {
    return new Promise((resolve) => {
      this.sleepers.add(resolve);
      this.tick ??= setTimeout(() => this.notify(), this.opts.idleMs ?? 100);
    });
  }

  /**
   * The active generation and checkpoint of a projection this runner leads, or null when there is nothing to
   * apply to (a rebuild started or is needed, newer code leads it, it failed, or it is not active).
   */
  private async checkpoint(
    l: Live,
    recheck: boolean,
  ): Promise<{ generation: number; position: bigint } | null> {
    const row = await this.checkpoints.read(l.p.name);
    if (!row || row.version < l.p.version) {
      // Never built, or built by older code: rebuild in the background (only at the recheck pace, and not
      // again after a rebuild failed: that needs a code fix and `projections rebuild`).
      if (!recheck) return null;
      const failed = await failedRebuild(this.db, l.p.name);
      if (failed) {
        l.state = 'failed';
        l.error = failed;
        return null;
      }
      this.startRebuild(l);
      return null;
    }
    if (row.version > l.p.version) {
      // Newer code runs elsewhere: its tables are not ours to write.
      l.state = 'standby';
      l.error = `stored version ${row.version} is newer than this code's version ${l.p.version}`;
      await this.resign(l);
      return null;
    }
    if (row.state === 'failed') {
      l.state = 'failed';
      l.error = row.error;
      return null;
    }
    if (row.state !== 'active' || row.position === null) {
      l.state = 'idle';
      return null;
    }
    return { generation: row.generation, position: BigInt(row.position) };
  }

  /**
   * One batch for one projection this runner leads; answers what is next: 'more' when there may be more to
   * apply now, 'head' when it applied what it read up to the head, 'idle' when it found nothing to do.
   */
  private async step(l: Live, recheck: boolean): Promise<Stepped> {
    if (l.state === 'failed' && !recheck) return 'idle';
    const known = recheck ? null : l.resumeAt;
    l.resumeAt = null;
    const checkpoint = known ?? (await this.checkpoint(l, recheck));
    if (!checkpoint) return 'idle';
    const { generation, position: from } = checkpoint;
    l.position = from;
    this.applied(l.p.name, from);
    const t = performance.now();
    // Where the batch in hand starts, and the batch (its events, or only their positions and types).
    let at = from;
    let batch = await this.reads.scan(at);
    // A full batch without an event this projection handles would write nothing but its checkpoint: read on
    // (a bounded number of batches) and move the checkpoint once, past all of them. Nothing is skipped: the
    // checkpoint still moves in a transaction that claims it, and a crash before it re-reads them.
    let passed = 0;
    for (let n = 0; n < SKIP_BATCHES && batch.positions.length === this.batchSize; n++) {
      if (this.reads.handlesAny(l.p, batch.positions)) break;
      const last = batch.positions[batch.positions.length - 1].globalPosition;
      const next = await this.reads.scan(last);
      if (next.positions.length === 0) break;
      passed += batch.positions.length;
      at = last;
      batch = next;
    }
    const handles = batch.positions.length > 0 && this.reads.handlesAny(l.p, batch.positions);
    // Positions and types said there is something to apply: the events themselves, from the same place (the
    // head may have moved meanwhile: what is read is what is applied and counted).
    let events = handles ? (batch.events ?? (await this.reads.read(at))) : null;
    // Behind the others, the batches after this one are often read already: they go in the same transaction.
    if (events && events.length === this.batchSize) {
      const joined = [events];
      for (let n = 1; n < JOIN_BATCHES; n++) {
        const last = joined[joined.length - 1];
        const next = this.reads.ready(last[last.length - 1].globalPosition);
        if (!next) break;
        joined.push(next);
      }
      if (joined.length > 1) events = joined.flat();
    }
    l.meter.readMs += performance.now() - t;
    l.error = null;
    if (batch.positions.length === 0) {
      l.state = 'idle';
      // Nothing was written: the checkpoint is still where it was found.
      l.resumeAt = { generation, position: from };
      return 'idle';
    }
    l.state = 'running';
    if (!events) {
      // Nothing to apply (the head holds only events of other read models): the checkpoint moves by a
      // compare-and-set, without a slot, in one statement with the other projections' moves of this turn
      // (`CheckpointMoves`). A transaction per such batch, for most projections after every append, kept the
      // slots from the projections a command waits for.
      try {
        l.position = await this.moves.move(l.p.name, generation, from, batch.positions);
      } catch (e) {
        if (e instanceof CheckpointMoved) return 'more';
        throw e;
      }
      l.resumeAt = { generation, position: l.position };
      this.applied(l.p.name, l.position);
      l.meter.events += passed + batch.positions.length;
      return batch.positions.length < this.batchSize ? 'head' : 'more';
    }
    // Only applying takes a slot: a projection that finds nothing new (polling at the head while others
    // catch up) must not keep one from a projection that has work.
    const done = await this.slots.take(from, this.furthestBehind(l, from));
    try {
      if (this.stopped) return 'idle';
      const setBased = this.opts.setBased ?? true;
      l.position = await applyParking(this.db, l.p, generation, events, from, 'active', setBased, l.meter);
      l.resumeAt = { generation, position: l.position };
      this.applied(l.p.name, l.position);
      l.meter.events += passed + events.length;
      l.meter.batches++;
      l.meter.lastAppliedMs = performance.now() - this.startedAt;
      return events.length < this.batchSize ? 'head' : 'more';
    } catch (e) {
      if (e instanceof CheckpointMoved) return 'more'; // another writer or a rebuild moved it: read again
      throw e;
    } finally {
      done();
    }
  }

  private startRebuild(l: Live) {
    l.state = 'rebuilding';
    l.rebuilding = rebuildProjection(this.db, this.store, l.p, undefined, {
      batchSize: this.batchSize,
      setBased: this.opts.setBased,
      signal: this.abort.signal,
    })
      .then(() => {
        l.state = 'idle';
        l.error = null;
      })
      .catch((e) => {
        if (e instanceof RebuildInProgressError || this.abort.signal.aborted) {
          l.state = 'standby';
          return;
        }
        l.state = 'failed';
        l.error = errorText(e);
        console.error(`[projection ${l.p.name}] ${l.error}`);
      })
      .finally(() => {
        l.rebuilding = null;
        this.wake?.();
      });
  }

  status(): Array<Pick<ProjectionStatus, 'name' | 'state' | 'error'>> {
    return [...this.live.values()].map((l) => ({ name: l.p.name, state: l.state, error: l.error }));
  }

  /**
   * Read-your-writes: resolves true once every healthy projection of this runner's code version has applied
   * `position` (false on timeout, or as soon as the database is found unreachable: the caller meets the outage
   * itself then, a request answers 503 at once instead of after the whole wait). Failed projections, and ones stored at another version, are not waited
   * for. `only`: the projections to wait for (say, those that handle the events a command wrote); default all.
   * Where this runner leads a projection, its commits answer at once (no query); the others' checkpoints are
   * read by one poll shared by every waiter of the process, so it also works when another instance leads.
   */
  waitFor(
    position: bigint,
    timeoutMs = 5000,
    only: (p: Projection) => boolean = () => true,
  ): Promise<boolean> {
    const names = this.projections.filter(only).map((p) => p.name);
    if (names.length === 0) return Promise.resolve(true);
    if (names.every((n) => (this.known.get(n) ?? -1n) >= position)) return Promise.resolve(true);
    if (!this.opts.toldEveryAppend) this.notify();
    return new Promise<boolean>((resolve) => {
      const w: Waiter = {
        position,
        names,
        done: (ok) => {
          clearTimeout(timer);
          this.waiters.delete(w);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => w.done(this.reached(w)), timeoutMs);
      this.waiters.add(w);
      // A poll napping at the slow pace is woken when this waiter needs a projection led elsewhere.
      if (names.some((n) => !this.leads(n))) this.wakePoll?.();
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
        // A waiter that came as the loop ended starts it again.
        if (this.waiters.size > 0) this.polling = this.poll().finally(() => (this.polling = null));
      });
    });
  }

  /**
   * Whether this process already knows that every projection `only` names has applied `position` (its own
   * commits, the shared poll): answered from memory, with no query and no wait.
   */
  hasApplied(position: bigint, only: (p: Projection) => boolean = () => true): boolean {
    return this.projections.every((p) => !only(p) || (this.known.get(p.name) ?? -1n) >= position);
  }

  /** A projection's applied position as this process learnt it (its commit, or the shared poll). */
  private applied(name: string, position: bigint): void {
    if ((this.known.get(name) ?? -1n) >= position) return;
    this.known.set(name, position);
    if (this.waiters.size > 0) this.settle();
  }

  private reached(w: Waiter): boolean {
    return w.names.every(
      (n) =>
        (this.known.get(n) ?? -1n) >= w.position || (this.counted !== null && this.counted.get(n) !== true),
    );
  }

  /** Answers every waiter whose projections have all reached its position. */
  private settle(): void {
    for (const w of [...this.waiters]) if (this.reached(w)) w.done(true);
  }

  /** Whether this runner applies the projection's batches right now (its commits then answer its waiters). */
  private leads(name: string): boolean {
    const l = this.live.get(name);
    return !!l && !!l.release && !!l.worker && l.state !== 'failed' && l.state !== 'standby';
  }

  /**
   * One query for every waiter of the process, at a short pace while one waits for a projection led
   * elsewhere, at a slow one (a safety net: a lead lost, a projection that failed) when this runner's own
   * commits will answer.
   */
  private async poll(): Promise<void> {
    while (this.waiters.size > 0) {
      try {
        const r = await this.db.query<{ name: string; position: string; counted: boolean }>(
          `SELECT s.name, c.position::text AS position, (s.version = mine.version AND c.state = 'active') AS counted
             FROM unnest($1::text[], $2::int[]) AS mine(name, version)
             JOIN projection_state s ON s.name = mine.name
             JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation`,
          [this.projections.map((p) => p.name), this.projections.map((p) => p.version)],
        );
        const counted = new Map<string, boolean>();
        for (const x of r.rows) {
          counted.set(x.name, x.counted);
          if ((this.known.get(x.name) ?? -1n) < BigInt(x.position))
            this.known.set(x.name, BigInt(x.position));
        }
        this.counted = counted;
        this.settle();
      } catch (e) {
        // The database is away: the waiters go on now and meet the outage themselves (their request answers
        // 503 at once instead of after the whole wait); anything else is asked again by the next round.
        if (isUnreachable(e)) this.releaseWaiters(() => true);
      }
      if (this.waiters.size === 0) return;
      const remote = [...this.waiters].some((w) =>
        w.names.some((n) => (this.known.get(n) ?? -1n) < w.position && !this.leads(n)),
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(
          () => {
            this.wakePoll = null;
            resolve();
          },
          remote ? POLL_MS : LEADER_POLL_MS,
        );
        this.wakePoll = () => {
          clearTimeout(timer);
          this.wakePoll = null;
          resolve();
        };
      });
    }
  }
}

/**
 * Which of these advisory locks some session holds, on PostgreSQL (pg_locks); null on PGlite, whose locks
 * live in one process's memory. `Db.tryLock` keys a name as hashtext(name) widened to bigint, which
 * pg_locks shows split into classid (high 32 bits) and objid (low 32 bits) with objsubid 1.
 */
async function heldLocks(db: Db, names: string[]): Promise<Set<string> | null> {
  if (db.kind !== 'pg' || names.length === 0) return null;
  const r = await db.query<{ name: string }>(
    `SELECT n AS name FROM unnest($1::text[]) AS n
      WHERE EXISTS (
        SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(n)::bigint)`,
    [names],
  );
  return new Set(r.rows.map((x) => x.name));
}

/**
 * Position, lag and state of each projection, as the CLI and /health show them. On PostgreSQL the state
 * also tells whether any process leads the projection ("stopped" when none does) and whether a rebuild
 * is really running (a half-built generation left by a killed rebuild is not reported as one).
 */
export async function projectionStatuses(
  db: Db,
  store: EventStore,
  projections: Projection[],
): Promise<ProjectionStatus[]> {
  await ensureProjectionTables(db);
  const head = await store.headPosition();
  const rows = await db.query<{
    name: string;
    generation: number;
    position: string;
    state: string;
    error: string | null;
    updated_at: string;
    version: number | null;
    active_generation: number | null;
    rebuild_events: string | null;
    rebuild_ms: string | null;
    rebuild_sql_ms: string | null;
  }>(
    `SELECT c.name, c.generation, c.position::text AS position, c.state, c.error, c.updated_at::text AS updated_at,
            s.version, s.active_generation, c.rebuild_events::text AS rebuild_events, c.rebuild_ms::text AS rebuild_ms,
            c.rebuild_sql_ms::text AS rebuild_sql_ms
       FROM projection_checkpoints c LEFT JOIN projection_state s ON s.name = c.name
      ORDER BY c.generation`,
  );
  const parked = new Map<string, { events: number; orgs: string[] }>();
  for (const g of await parkedGroups(db)) {
    const x = parked.get(g.projection) ?? { events: 0, orgs: [] };
    x.events += g.events;
    x.orgs.push(g.organizationId);
    parked.set(g.projection, x);
  }
  const locks = await heldLocks(
    db,
    projections.flatMap((p) => [leaderLock(p.name), rebuildLock(p.name)]),
  );
  return projections.map((p): ProjectionStatus => {
    const mine = rows.rows.filter((r) => r.name === p.name);
    const active = mine.find((r) => r.generation === r.active_generation);
    const newer = mine.filter((r) => r.generation > (active?.generation ?? 0));
    const failedRebuild = newer.find((r) => r.state === 'failed');
    const building =
      locks && !locks.has(rebuildLock(p.name)) ? undefined : newer.find((r) => r.state === 'building');
    const position = active ? BigInt(active.position) : 0n;
    const lag = head > position ? head - position : 0n;
    let state: ProjectionStatus['state'];
    let error = active?.error ?? null;
    if (active?.state === 'failed') state = 'failed';
    else if (building) state = 'rebuilding';
    else if (failedRebuild) {
      state = 'failed';
      error = failedRebuild.error;
    } else if (!active || (locks && !locks.has(leaderLock(p.name)))) state = 'stopped';
    else state = lag > 0n ? 'running' : 'idle';
    return {
      name: p.name,
      version: active?.version ?? p.version,
      generation: active?.generation ?? 0,
      position,
      lag,
      state,
      error,
      updatedAt: (building ?? active)?.updated_at ?? null,
      parked: parked.get(p.name)?.events ?? 0,
      staleOrganizations: parked.get(p.name)?.orgs ?? [],
      rebuildEventsPerSecond:
        active && Number(active.rebuild_events) > 0
          ? Math.round((Number(active.rebuild_events) * 1000) / Math.max(1, Number(active.rebuild_ms)))
          : null,
      rebuildSqlPercent:
        active && Number(active.rebuild_events) > 0 && active.rebuild_sql_ms !== null
          ? Math.round((Number(active.rebuild_sql_ms) * 100) / Math.max(1, Number(active.rebuild_ms)))
          : null,
    };
  });
}

/** Parked events of the active generations, one line per projection and organisation. */
export async function parkedGroups(db: Db): Promise<ParkedGroup[]> {
  await ensureProjectionTables(db);
  const r = await db.query<{
    projection: string;
    organization_id: string;
    n: number;
    first_position: string;
    first_type: string;
    error: string;
    parked_at: string;
  }>(
    `SELECT k.projection, k.organization_id, count(*)::int AS n, min(k.position)::text AS first_position,
            (array_agg(k.type ORDER BY k.position))[1] AS first_type,
            (array_agg(k.error ORDER BY k.position))[1] AS error, min(k.parked_at)::text AS parked_at
       FROM projection_parked k JOIN projection_state s ON s.name = k.projection AND s.active_generation = k.generation
      GROUP BY k.projection, k.organization_id ORDER BY k.projection, k.organization_id`,
  );
  return r.rows.map((x) => ({
    projection: x.projection,
    organizationId: x.organization_id,
    events: x.n,
    firstPosition: BigInt(x.first_position),
    firstType: x.first_type,
    error: x.error,
    parkedAt: x.parked_at,
  }));
}

/** What a retry did for one organisation of one projection. */
export interface RetryResult {
  projection: string;
  organizationId: string;
  /** Parked events applied (in order) and removed from the parked table. */
  applied: number;
  /** Still parked: the first one failed again with `error`. */
  remaining: number;
  error: string | null;
}

/** A retry stopped at this parked event (a handler still throws on it). */
class StillFailing extends Error {
  constructor(
    readonly position: bigint,
    readonly why: string,
  ) {
    super(why);
  }
}

/**
 * Re-applies parked events after a fix, per organisation, in position order, each organisation in one
 * transaction that claims the projection's checkpoint row as a batch does: the leader waits meanwhile and
 * then finds the organisation no longer parked, so its later events follow in order. When an event still
 * fails, the ones before it are applied and it stays parked (with the new error) with everything after it.
 */
export async function retryParked(
  db: Db,
  projections: Projection[],
  filter: { projection?: string; organizationId?: string } = {},
): Promise<RetryResult[]> {
  await ensureProjectionTables(db);
  const results: RetryResult[] = [];
  for (const p of projections) {
    if (filter.projection && p.name !== filter.projection) continue;
    const groups = await db.query<{ organization_id: string; generation: number }>(
      `SELECT DISTINCT k.organization_id, k.generation
         FROM projection_parked k JOIN projection_state s ON s.name = k.projection AND s.active_generation = k.generation
        WHERE k.projection = $1 AND ($2::text IS NULL OR k.organization_id = $2) ORDER BY 1`,
      [p.name, filter.organizationId ?? null],
    );
    for (const g of groups.rows)
      results.push(await retryOrganization(db, p, g.generation, g.organization_id));
  }
  return results;
}

async function retryOrganization(
  db: Db,
  p: Projection,
  generation: number,
  org: string,
): Promise<RetryResult> {
  let stop: StillFailing | null = null;
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        await tx.query(
          `SELECT 1 FROM projection_checkpoints WHERE name = $1 AND generation = $2 FOR UPDATE`,
          [p.name, generation],
        );
        const rows = await tx.query<{ event: Record<string, unknown> | string }>(
          `SELECT event FROM projection_parked WHERE projection = $1 AND generation = $2 AND organization_id = $3
            ORDER BY position`,
          [p.name, generation, org],
        );
        const events = rows.rows.map((r) => {
          const e = (typeof r.event === 'string' ? JSON.parse(r.event) : r.event) as StoredEvent & {
            globalPosition: string;
          };
          return { ...e, globalPosition: BigInt(e.globalPosition) } as StoredEvent;
        });
        const ctx: ProjectionContext = { sql: tx, table: physical(p, generation) };
        let applied = 0;
        for (const e of events) {
          if (stop && e.globalPosition >= stop.position) break;
          try {
            await handlerFor(p, e.type)!(ctx, e);
          } catch (err) {
            if (isTransient(err)) throw err;
            throw new StillFailing(e.globalPosition, new HandlerError(e, err).message);
          }
          applied++;
        }
        if (applied > 0) {
          await tx.query(
            `DELETE FROM projection_parked WHERE projection = $1 AND generation = $2 AND organization_id = $3
                AND position <= $4`,
            [p.name, generation, org, events[applied - 1].globalPosition.toString()],
          );
        }
        if (stop) {
          await tx.query(
            `UPDATE projection_parked SET error = $4 WHERE projection = $1 AND generation = $2 AND position = $3`,
            [p.name, generation, stop.position.toString(), stop.why],
          );
        }
        return {
          projection: p.name,
          organizationId: org,
          applied,
          remaining: events.length - applied,
          error: stop?.why ?? null,
        };
      });
    } catch (e) {
      if (!(e instanceof StillFailing)) throw e;
      stop = e;
    }
  }
}

/** Which organisations' read models are stale, by projection (those with parked events in the active generation). */
export async function staleReadModels(
  db: Sql,
): Promise<Array<{ projection: string; organizationId: string }>> {
  const r = await db.query<{ projection: string; organization_id: string }>(
    `SELECT DISTINCT k.projection, k.organization_id
       FROM projection_parked k JOIN projection_state s ON s.name = k.projection AND s.active_generation = k.generation`,
  );
  return r.rows.map((x) => ({ projection: x.projection, organizationId: x.organization_id }));
}
