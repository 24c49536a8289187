import type { EventStore, StoredEvent } from '@okul/domain';
import type { Db, Sql } from './sql';
import { ident } from './sql';
import type { Projection, ProjectionContext } from './projection';

export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  position: bigint;
  lag: bigint;
  state: 'running' | 'idle' | 'stopped' | 'failed' | 'rebuilding' | 'standby';
  error: string | null;
  updatedAt: string | null;
}

export interface RunnerOptions {
  /** How long the loop sleeps when nothing is new (a local append wakes it early). */
  idleMs?: number;
  /** How often a runner that is not the leader of a projection tries to become it. */
  leaderRetryMs?: number;
  /** Events per transaction. */
  batchSize?: number;
}

export interface RebuildOptions {
  batchSize?: number;
  /** Aborting stops the rebuild between batches; the half-built generation is dropped. */
  signal?: AbortSignal;
}

export interface RebuildResult {
  /** Events read from the store (all types). */
  events: number;
  generation: number;
  /** The position the new generation was switched in at. */
  position: bigint;
}

const BATCH = 500;

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

/** A handler threw on an event: the event is poison for this projection until its code is fixed. */
class HandlerError extends Error {
  constructor(
    readonly index: number,
    readonly event: StoredEvent,
    cause: unknown,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`event ${event.globalPosition} ${event.type} (stream ${event.streamId}): ${why}`);
  }
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
  });
}

function physical(p: Projection, generation: number) {
  return (name: string) => {
    if (!p.tables.includes(name)) throw new Error(`Projection ${p.name} does not own table ${name}`);
    return ident(`${name}__g${generation}`);
  };
}

async function createGeneration(sql: Sql, p: Projection, generation: number): Promise<void> {
  const t = physical(p, generation);
  for (const name of p.tables) await sql.exec(`DROP TABLE IF EXISTS ${t(name)} CASCADE`);
  await sql.exec(p.schema(t));
  await sql.query(
    `INSERT INTO projection_checkpoints (name, generation, position, state) VALUES ($1, $2, 0, 'building')
     ON CONFLICT (name, generation) DO UPDATE SET position = 0, state = 'building', error = NULL, updated_at = now()`,
    [p.name, generation],
  );
}

/**
 * Apply events to one generation and move its checkpoint, in the caller's transaction.
 * The checkpoint row is claimed (FOR UPDATE) before any handler runs: a second writer of the same
 * generation waits here, then finds the position moved and writes nothing, instead of racing the first
 * one through the handlers (where it could fail on a unique key and look like a poison event).
 */
async function applyBatch(
  sql: Sql,
  p: Projection,
  generation: number,
  events: StoredEvent[],
  from: bigint,
  requireState: 'active' | 'building',
): Promise<bigint> {
  const claim = await sql.query<{ position: string; state: string }>(
    `SELECT position::text AS position, state FROM projection_checkpoints WHERE name = $1 AND generation = $2 FOR UPDATE`,
    [p.name, generation],
  );
  const row = claim.rows[0];
  if (!row || BigInt(row.position) !== from || row.state !== requireState) throw new CheckpointMoved(p.name);
  const ctx: ProjectionContext = { sql, table: physical(p, generation) };
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const h = p.handlers[e.type];
    if (!h) continue;
    try {
      await h(ctx, e);
    } catch (err) {
      if (isTransient(err)) throw err;
      throw new HandlerError(i, e, err);
    }
  }
  const to = events[events.length - 1].globalPosition;
  // Compare-and-set as well: the claim above already guarantees it, this keeps the rule visible in one place.
  const res = await sql.query(
    `UPDATE projection_checkpoints SET position = $4, updated_at = now(), error = NULL
      WHERE name = $1 AND generation = $2 AND position = $3 AND state = $5`,
    [p.name, generation, from.toString(), to.toString(), requireState],
  );
  if (res.rowCount !== 1) throw new CheckpointMoved(p.name);
  return to;
}

async function swapViews(sql: Sql, p: Projection, generation: number) {
  const t = physical(p, generation);
  for (const name of p.tables) {
    await sql.exec(
      `DROP VIEW IF EXISTS ${ident(name)}; CREATE VIEW ${ident(name)} AS SELECT * FROM ${t(name)};`,
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
  await ensureProjectionTables(db);
  const release = await db.tryLock(rebuildLock(p.name));
  if (!release) throw new RebuildInProgressError(p.name);
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
    await db.transaction((tx) => createGeneration(tx, p, newGen));

    let position = 0n;
    let count = 0;
    const catchUp = async () => {
      for (;;) {
        opts.signal?.throwIfAborted();
        const events = await store.readAll(position, batchSize);
        if (events.length === 0) return;
        position = await db.transaction((tx) => applyBatch(tx, p, newGen, events, position, 'building'));
        count += events.length;
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
            for (;;) {
              const events = await store.readAll(at, batchSize);
              if (events.length === 0) break;
              at = await applyBatch(tx, p, newGen, events, at, 'building');
              n += events.length;
            }
          }
          if (at < live) throw new CatchUpAgain();
          await swapViews(tx, p, newGen);
          await tx.query(
            `UPDATE projection_checkpoints SET state = 'active', updated_at = now() WHERE name = $1 AND generation = $2`,
            [p.name, newGen],
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
        if (!(e instanceof CatchUpAgain) || attempt >= 1000) throw e;
        await catchUp();
      }
    }
    onProgress?.(position, count);
    if (oldGen !== null) await db.transaction((tx) => dropGeneration(tx, p, oldGen));
    return { events: count, generation: newGen, position };
  } catch (e) {
    if (gen !== null && !swapped) {
      // Keep the failure visible to `projections status`, without the half-built tables.
      const failedGen = gen;
      const why = e instanceof HandlerError ? `rebuild failed: ${e.message}` : null;
      await db
        .transaction(async (tx) => {
          if (why) {
            await dropTables(tx, p, failedGen);
            await tx.query(
              `UPDATE projection_checkpoints SET state = 'failed', error = $3, updated_at = now() WHERE name = $1 AND generation = $2`,
              [p.name, failedGen, why],
            );
          } else {
            await dropGeneration(tx, p, failedGen);
          }
        })
        .catch(() => undefined);
    }
    if (e instanceof HandlerError) throw new Error(`Rebuild of ${p.name} failed: ${e.message}`, { cause: e });
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
}

/**
 * Runs every projection: one leader per projection across instances (an advisory lock), checkpoint
 * stored in the same transaction as the read-model writes, claimed and compare-and-set so a second
 * instance can neither move it backwards nor apply a batch twice.
 * A failing event stops that projection with state "failed" and the error; the others go on.
 * A runner whose code is older than the stored version steps aside; a newer one rebuilds.
 */
export class ProjectionRunner {
  private live = new Map<string, Live>();
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private waiters = new Set<() => void>();
  private abort = new AbortController();

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
      });
    }
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
        await rebuildProjection(this.db, this.store, p, undefined, { batchSize: this.batchSize });
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
    this.loop = this.run();
  }

  /** Wake the loop now (called after an append in this process). */
  notify(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wake?.();
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

  private async run(): Promise<void> {
    let lastLeaderTry = 0;
    while (!this.stopped) {
      let worked = false;
      const now = Date.now();
      // Leadership and failed projections are re-examined at this pace, not on every loop.
      const recheck = now - lastLeaderTry >= (this.opts.leaderRetryMs ?? 2000);
      if (recheck) lastLeaderTry = now;
      for (const l of this.live.values()) {
        if (this.stopped) break;
        if (l.rebuilding || now < l.backoffUntil) continue;
        try {
          if (l.release && this.db.holds && !this.db.holds(leaderLock(l.p.name))) {
            // The lock's connection was lost (a database restart): lead again only once the lock is ours.
            l.release = null;
            if (l.state !== 'failed') l.state = 'standby';
          }
          if (!l.release) {
            if (!recheck) continue;
            l.release = await this.db.tryLock(leaderLock(l.p.name));
            if (!l.release) {
              l.state = 'standby';
              continue;
            }
          }
          worked = (await this.step(l, recheck)) || worked;
        } catch (e) {
          // The database or the store is unreachable: let go (the lock's connection may be gone) and retry.
          const msg = errorText(e);
          if (l.error !== msg) console.error(`[projection ${l.p.name}] ${msg}; retrying`);
          l.error = msg;
          l.backoffUntil = Date.now() + (this.opts.leaderRetryMs ?? 2000);
          if (l.state !== 'failed') l.state = 'standby';
          await this.resign(l);
        }
      }
      for (const w of this.waiters) w();
      if (!worked && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.opts.idleMs ?? 100);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  /** One batch for one projection this runner leads; answers whether it applied anything. */
  private async step(l: Live, recheck: boolean): Promise<boolean> {
    if (l.state === 'failed' && !recheck) return false;
    const cp = await this.db.query<{
      generation: number;
      version: number;
      position: string | null;
      state: string | null;
      error: string | null;
    }>(
      `SELECT s.active_generation AS generation, s.version, c.position::text AS position, c.state, c.error
         FROM projection_state s
         LEFT JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation
        WHERE s.name = $1`,
      [l.p.name],
    );
    const row = cp.rows[0];
    if (!row || row.version < l.p.version) {
      // Never built, or built by older code: rebuild in the background (only at the recheck pace, and not
      // again after a rebuild failed: that needs a code fix and `projections rebuild`).
      if (!recheck) return false;
      const failed = await failedRebuild(this.db, l.p.name);
      if (failed) {
        l.state = 'failed';
        l.error = failed;
        return false;
      }
      this.startRebuild(l);
      return false;
    }
    if (row.version > l.p.version) {
      // Newer code runs elsewhere: its tables are not ours to write.
      l.state = 'standby';
      l.error = `stored version ${row.version} is newer than this code's version ${l.p.version}`;
      await this.resign(l);
      return false;
    }
    if (row.state === 'failed') {
      l.state = 'failed';
      l.error = row.error;
      return false;
    }
    if (row.state !== 'active' || row.position === null) {
      l.state = 'idle';
      return false;
    }
    const generation = row.generation;
    const from = BigInt(row.position);
    const events = await this.store.readAll(from, this.batchSize);
    l.error = null;
    if (events.length === 0) {
      l.state = 'idle';
      return false;
    }
    l.state = 'running';
    try {
      await this.db.transaction((tx) => applyBatch(tx, l.p, generation, events, from, 'active'));
      return true;
    } catch (e) {
      if (e instanceof CheckpointMoved) return true; // another writer or a rebuild moved it: read again
      if (!(e instanceof HandlerError)) throw e;
      await this.fail(l, generation, from, events, e);
      return false;
    }
  }

  /** Keep the events before the poison one, then stop the projection with the error. */
  private async fail(l: Live, generation: number, from: bigint, events: StoredEvent[], e: HandlerError) {
    if (e.index > 0) {
      await this.db
        .transaction((tx) => applyBatch(tx, l.p, generation, events.slice(0, e.index), from, 'active'))
        .catch(() => undefined);
    }
    l.state = 'failed';
    l.error = e.message;
    console.error(`[projection ${l.p.name}] stopped on error: ${l.error}`);
    await this.db.query(
      `UPDATE projection_checkpoints SET state = 'failed', error = $3, updated_at = now()
        WHERE name = $1 AND generation = $2 AND state = 'active'`,
      [l.p.name, generation, l.error],
    );
  }

  private startRebuild(l: Live) {
    l.state = 'rebuilding';
    l.rebuilding = rebuildProjection(this.db, this.store, l.p, undefined, {
      batchSize: this.batchSize,
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
   * `position` (false on timeout). Reads checkpoints from the database, so it also works when another
   * instance is the leader. Failed projections, and ones stored at another version, are not waited for.
   */
  async waitFor(position: bigint, timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const names = this.projections.map((p) => p.name);
    const versions = this.projections.map((p) => p.version);
    this.notify();
    for (;;) {
      const r = await this.db.query<{ behind: string }>(
        `SELECT count(*)::text AS behind
           FROM unnest($2::text[], $3::int[]) AS mine(name, version)
           JOIN projection_state s ON s.name = mine.name AND s.version = mine.version
           JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation
          WHERE c.state = 'active' AND c.position < $1`,
        [position.toString(), names, versions],
      );
      if (r.rows[0].behind === '0') return true;
      if (Date.now() > deadline) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, 20);
        this.waiters.add(done);
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
  }>(
    `SELECT c.name, c.generation, c.position::text AS position, c.state, c.error, c.updated_at::text AS updated_at,
            s.version, s.active_generation
       FROM projection_checkpoints c LEFT JOIN projection_state s ON s.name = c.name
      ORDER BY c.generation`,
  );
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
    };
  });
}
