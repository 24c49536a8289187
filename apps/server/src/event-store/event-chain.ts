import { createHash } from 'node:crypto';
import type { EventStore, StoredEvent } from '@okul/domain';
import type { Db, Sql } from '@okul/projections';
import { log } from '../infra/observability/logger';

/**
 * Tamper evidence (docs/DECISIONS.md, "Tamper evidence"): each organisation's events form a hash chain kept
 * in `event_chain`, one row per event, filled in position order by one leader right after the append. The
 * append path is untouched: no per-organisation head row that every append would have to lock.
 * Events without an organisation (account actions) form the chain of the empty organisation id.
 */
export const CHAIN_SCHEMA = `
  SELECT pg_advisory_xact_lock(hashtext('okul:event_chain_schema'));
  CREATE TABLE IF NOT EXISTS event_chain (
    global_position bigint PRIMARY KEY,
    organization_id text NOT NULL,
    event_id uuid NOT NULL,
    hash text NOT NULL
  );
  CREATE INDEX IF NOT EXISTS event_chain_org_idx ON event_chain (organization_id, global_position);
  CREATE TABLE IF NOT EXISTS event_chain_checkpoint (
    id int PRIMARY KEY CHECK (id = 1),
    position bigint NOT NULL
  );
  INSERT INTO event_chain_checkpoint (id, position) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
`;

/** The hash an organisation's chain starts from. */
export const GENESIS = '0'.repeat(64);

const LEADER_LOCK = 'event_chain';
const BATCH = 1000;
/** Heads kept in memory by the leader; beyond that the oldest are read again from the table when needed. */
const MAX_HEADS = 10_000;

/** The organisation an event belongs to in the chain ('' = none). */
export function chainOrganization(e: StoredEvent): string {
  const org = (e.metadata as { organizationId?: unknown } | null)?.organizationId;
  return typeof org === 'string' ? org : '';
}

/**
 * SHA-256 over the previous hash and the event's own content. The content is one JSON array so no two
 * different events give the same text; data and metadata are serialised as they are read back from the
 * store (jsonb orders keys itself), so the writer and `events verify` see the same text.
 */
export function eventHash(previous: string, e: StoredEvent): string {
  const content = JSON.stringify([
    e.id,
    e.streamId,
    e.streamVersion,
    e.type,
    e.data,
    e.metadata,
    chainOrganization(e),
    e.globalPosition.toString(),
  ]);
  return createHash('sha256').update(previous).update('\n').update(content).digest('hex');
}

export async function ensureChainTables(db: Sql): Promise<void> {
  await db.exec(CHAIN_SCHEMA);
}

export async function chainCheckpoint(db: Sql): Promise<bigint> {
  const r = await db.query<{ p: string }>(
    'SELECT position::text AS p FROM event_chain_checkpoint WHERE id = 1',
  );
  return BigInt(r.rows[0]?.p ?? '0');
}

/**
 * Fills the chain behind the appends: one leader across instances (an advisory lock), the chain rows and
 * the checkpoint written in one transaction that first checks the checkpoint is still where this leader
 * left it (a second leader after a lost lock writes nothing twice).
 */
export class EventChainer {
  private readonly heads = new Map<string, string>();
  private release: (() => Promise<void>) | null = null;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A wake-up that came while a step was running: the step may have read before that append. */
  private nudged = false;
  private lastError: string | null = null;
  /** Where this leader left the checkpoint (null: read it); a move by anyone else fails the next write. */
  private position: bigint | null = null;
  /** The last step chained what it read up to the head (a short batch): reading again waits for a wake-up. */
  private atHead = false;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly opts: { idleMs?: number; leaderRetryMs?: number; batchSize?: number } = {},
  ) {}

  async prepare(): Promise<void> {
    await ensureChainTables(this.db);
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.loop = this.run();
  }

  notify(): void {
    if (this.wake) this.wake();
    else this.nudged = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.loop = null;
    const release = this.release;
    this.release = null;
    if (release) await release().catch(() => undefined);
  }

  /** Chains everything stored so far (this process must be able to lead); answers the checkpoint. */
  async catchUp(): Promise<bigint> {
    for (;;) {
      const before = await chainCheckpoint(this.db);
      if (!(await this.step())) return before;
    }
  }

  private async run(): Promise<void> {
    let nextTry = 0;
    while (!this.stopped) {
      let worked = false;
      this.nudged = false;
      try {
        if (this.release && this.db.holds && !this.db.holds(LEADER_LOCK)) {
          this.release = null;
          this.heads.clear();
          this.position = null;
        }
        if (!this.release && Date.now() >= nextTry) {
          this.release = await this.db.tryLock(LEADER_LOCK);
          if (!this.release) nextTry = Date.now() + (this.opts.leaderRetryMs ?? 2000);
        }
        if (this.release) worked = await this.step();
        this.lastError = null;
      } catch (e) {
        const msg = (e as Error).message;
        if (this.lastError !== msg) log('event-chain').error({ err: e }, 'step failed; retrying');
        this.lastError = msg;
        this.heads.clear();
        this.position = null;
        const release = this.release;
        this.release = null;
        if (release) await release().catch(() => undefined);
        nextTry = Date.now() + (this.opts.leaderRetryMs ?? 2000);
      }
      // After a short batch, a read at once would find only what was appended since, which wakes it anyway
      // (`notify`; one that came during the step set `nudged`, as the step may have read before it).
      if ((!worked || this.atHead) && !this.stopped && !this.nudged) {
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

  /** One batch; answers whether it chained anything. */
  private async step(): Promise<boolean> {
    this.atHead = false;
    const from = this.position ?? (await chainCheckpoint(this.db));
    this.position = null;
    const events = await this.store.readAll(from, this.opts.batchSize ?? BATCH);
    if (events.length === 0) {
      this.position = from;
      return false;
    }
    const orgs = [...new Set(events.map(chainOrganization))].filter((o) => !this.heads.has(o));
    if (orgs.length > 0) {
      const r = await this.db.query<{ organization_id: string; hash: string }>(
        `SELECT DISTINCT ON (organization_id) organization_id, hash FROM event_chain
          WHERE organization_id = ANY($1::text[]) ORDER BY organization_id, global_position DESC`,
        [orgs],
      );
      for (const o of orgs) this.heads.set(o, GENESIS);
      for (const row of r.rows) this.heads.set(row.organization_id, row.hash);
    }
    const next = new Map<string, string>();
    const cols: [string[], string[], string[], string[]] = [[], [], [], []];
    for (const e of events) {
      const org = chainOrganization(e);
      const hash = eventHash(next.get(org) ?? this.heads.get(org)!, e);
      next.set(org, hash);
      cols[0].push(e.globalPosition.toString());
      cols[1].push(org);
      cols[2].push(e.id);
      cols[3].push(hash);
    }
    const last = events[events.length - 1].globalPosition;
    // One statement, atomic on its own: the checkpoint moves only from where this leader found it (a second
    // leader waits for the row and then finds it moved), and the rows go in only if it moved. Where the
    // checkpoint read, its lock, the insert and the move took a transaction of five round trips.
    const r = await this.db.query<{ moved: number }>(
      `WITH moved AS (
         UPDATE event_chain_checkpoint SET position = $5 WHERE id = 1 AND position = $6 RETURNING 1
       ), chained AS (
         INSERT INTO event_chain (global_position, organization_id, event_id, hash)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::uuid[], $4::text[]) WHERE EXISTS (SELECT 1 FROM moved)
       )
       SELECT count(*)::int AS moved FROM moved`,
      [...cols, last.toString(), from.toString()],
    );
    const moved = r.rows[0].moved === 1;
    if (!moved) {
      // Someone else chained these meanwhile: our heads may be stale.
      this.heads.clear();
      return true;
    }
    if (this.heads.size + next.size > MAX_HEADS) this.heads.clear();
    for (const [org, hash] of next) this.heads.set(org, hash);
    this.position = last;
    this.atHead = events.length < (this.opts.batchSize ?? BATCH);
    return true;
  }
}

export type VerifyOutcome =
  | { ok: true; verified: number; head: string; pending: number; checkpoint: bigint }
  | {
      ok: false;
      verified: number;
      position: bigint;
      eventId: string;
      reason: 'altered' | 'removed' | 'inserted';
      event: StoredEvent | null;
    };

const PAGE = 1000;

async function* chainRows(db: Sql, org: string) {
  let after = '0';
  for (;;) {
    const r = await db.query<{ p: string; event_id: string; hash: string }>(
      `SELECT global_position::text AS p, event_id::text AS event_id, hash FROM event_chain
        WHERE organization_id = $1 AND global_position > $2 ORDER BY global_position LIMIT $3`,
      [org, after, PAGE],
    );
    if (r.rows.length === 0) return;
    for (const row of r.rows) yield { position: BigInt(row.p), eventId: row.event_id, hash: row.hash };
    after = r.rows[r.rows.length - 1].p;
  }
}

async function* orgEvents(store: EventStore, org: string) {
  let after = 0n;
  for (;;) {
    const page = await store.readOrganization(org, after, PAGE);
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1].globalPosition;
  }
}

/**
 * Recomputes an organisation's chain from its stored events and compares it with the chain rows, in
 * position order; answers the first event that differs (altered), whose row is gone (removed) or that sits
 * below the checkpoint without a chain row (inserted). Events after the checkpoint are not chained yet.
 */
export async function verifyChain(
  db: Sql,
  store: EventStore,
  org: string,
  signal?: AbortSignal,
): Promise<VerifyOutcome> {
  const checkpoint = await chainCheckpoint(db);
  const events = orgEvents(store, org);
  const rows = chainRows(db, org);
  let e = (await events.next()).value ?? null;
  let c = (await rows.next()).value ?? null;
  let previous = GENESIS;
  let verified = 0;
  let pending = 0;
  while (e || c) {
    if (signal?.aborted) throw signal.reason;
    if (e && (!c || e.globalPosition < c.position)) {
      if (e.globalPosition <= checkpoint) {
        return {
          ok: false,
          verified,
          position: e.globalPosition,
          eventId: e.id,
          reason: 'inserted',
          event: e,
        };
      }
      pending++;
      e = (await events.next()).value ?? null;
      continue;
    }
    const row = c!;
    if (!e || row.position < e.globalPosition) {
      return {
        ok: false,
        verified,
        position: row.position,
        eventId: row.eventId,
        reason: 'removed',
        event: null,
      };
    }
    if (e.id !== row.eventId || eventHash(previous, e) !== row.hash) {
      return { ok: false, verified, position: row.position, eventId: e.id, reason: 'altered', event: e };
    }
    previous = row.hash;
    verified++;
    e = (await events.next()).value ?? null;
    c = (await rows.next()).value ?? null;
  }
  return { ok: true, verified, head: previous, pending, checkpoint };
}
