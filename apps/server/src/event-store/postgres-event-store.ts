import {
  ConcurrencyError,
  type AppendResult,
  type EventPosition,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
} from '@okul/domain';
import { AppendSignal } from './append-signal';
import {
  orphaned,
  type PipelineOptions,
  type PipelinedAppends,
  type QueuedAppend,
} from './pipelined-appends';
import type { Db, Sql } from '@okul/projections';

// One constant key for every append, because a bigserial drawn by one transaction can commit after a higher
// one drawn by another, and a reader would then skip it for good. So the bigserial is drawn
// under the lock and the lock is released only after the commit is visible, so positions become visible
// in order and a reader that moved past N never sees an event below N appear later.
const APPEND_LOCK = 7_301_994;
// Held while the schema is created or replaced, so instances starting together do not collide.
const SCHEMA_LOCK = 7_301_995;
/**
 * Every append transaction notifies this channel with its last position when it commits, so a process
 * that did not make the append (a projections process behind API instances) wakes at once instead of at
 * its next poll.
 */
export const APPENDED_CHANNEL = 'okul_events_appended';

/**
 * The events table and the append function. The function does in one round trip what an append needs
 * under the lock, with a plan PL/pgSQL keeps per connection: take the lock, then (in a statement whose
 * snapshot is taken after the lock, as every statement of a VOLATILE function gets a fresh one) check each
 * append's expected version, refuse units whose event ids are stored, and insert the units that pass.
 */
export const EVENTS_SCHEMA = `
  SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});
  CREATE TABLE IF NOT EXISTS events (
    global_position bigserial PRIMARY KEY,
    event_id uuid NOT NULL UNIQUE,
    stream_id text NOT NULL,
    stream_version int NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    organization_id text GENERATED ALWAYS AS (metadata->>'organizationId') STORED,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, stream_version)
  );
  CREATE INDEX IF NOT EXISTS events_org_idx ON events (organization_id, global_position);
  -- organizationHead with types (what a read waits for): one backward probe per type. It replaced an index
  -- on (type, global_position) that no query used, so an append maintains as many indexes as before.
  DROP INDEX IF EXISTS events_type_idx;
  CREATE INDEX IF NOT EXISTS events_org_type_idx ON events (organization_id, type, global_position);
  CREATE OR REPLACE FUNCTION okul_append_events(
    p_lock bigint, p_k int[], p_u int[], p_stream text[], p_expected int[], p_id uuid[], p_ord int[],
    p_type text[], p_data text[], p_metadata text[]
  ) RETURNS TABLE (out_stream text, out_position text, out_version int)
  LANGUAGE plpgsql VOLATILE AS $fn$
  DECLARE
    r record;
    last bigint;
  BEGIN
    PERFORM pg_advisory_xact_lock(p_lock);
    FOR r IN
    WITH n AS (
      SELECT * FROM unnest(p_k, p_u, p_stream, p_expected, p_id, p_ord, p_type, p_data, p_metadata)
        AS n(k, u, stream_id, expected, event_id, ord, type, data, metadata)
    ),
    -- The units one of whose event ids is stored already, looked up once per event (not once per stream of
    -- the unit: a unit of hundreds of streams made that quadratic).
    seen AS (SELECT DISTINCT n.u FROM n JOIN events e ON e.event_id = n.event_id),
    heads AS (
      SELECT x.u, x.stream_id, x.expected,
             (SELECT coalesce(max(e.stream_version), -1) FROM events e WHERE e.stream_id = x.stream_id) AS v,
             x.u IN (SELECT seen.u FROM seen) AS seen
        FROM (SELECT DISTINCT n.u, n.stream_id, n.expected FROM n) x
    ),
    ok AS (
      SELECT h.u, h.stream_id, h.v FROM heads h
       WHERE h.u IN (SELECT hh.u FROM heads hh GROUP BY hh.u
                      HAVING bool_and((hh.expected IS NULL OR hh.v = hh.expected) AND NOT hh.seen))
    ),
    ins AS (
      INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
      SELECT n.event_id, n.stream_id, ok.v + n.ord, n.type, n.data::jsonb, n.metadata::jsonb
        FROM n JOIN ok ON ok.u = n.u AND ok.stream_id = n.stream_id
       ORDER BY n.k
      RETURNING events.global_position, events.stream_id, events.stream_version
    )
    SELECT ins.stream_id AS s, max(ins.global_position) AS p, max(ins.stream_version) AS v
      FROM ins GROUP BY ins.stream_id
    LOOP
      out_stream := r.s;
      out_position := r.p::text;
      out_version := r.v;
      last := greatest(last, r.p);
      RETURN NEXT;
    END LOOP;
    IF last IS NOT NULL THEN PERFORM pg_notify('${APPENDED_CHANNEL}', last::text); END IF;
  END
  $fn$;
  -- The same for a batch of ONE unit (the usual append when writers do not overlap), step by step: the checks
  -- are a few index lookups, where the general statement's grouping and joins cost twice the insert itself.
  CREATE OR REPLACE FUNCTION okul_append_unit(
    p_lock bigint, p_k int[], p_stream text[], p_expected int[], p_id uuid[], p_ord int[],
    p_type text[], p_data text[], p_metadata text[]
  ) RETURNS TABLE (out_stream text, out_position text, out_version int)
  LANGUAGE plpgsql VOLATILE AS $fn$
  DECLARE
    r record;
    v int;
    pos bigint;
    streams text[] := '{}';
    heads int[] := '{}';
  BEGIN
    PERFORM pg_advisory_xact_lock(p_lock);
    FOR r IN SELECT DISTINCT s.stream_id, s.expected FROM unnest(p_stream, p_expected) AS s(stream_id, expected) LOOP
      SELECT coalesce(max(e.stream_version), -1) INTO v FROM events e WHERE e.stream_id = r.stream_id;
      IF r.expected IS NOT NULL AND v <> r.expected THEN RETURN; END IF;
      streams := streams || r.stream_id;
      heads := heads || v;
    END LOOP;
    IF EXISTS (SELECT 1 FROM events e WHERE e.event_id = ANY (p_id)) THEN RETURN; END IF;
    IF cardinality(p_id) = 1 THEN
      INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
        VALUES (p_id[1], p_stream[1], heads[1] + p_ord[1], p_type[1], p_data[1]::jsonb, p_metadata[1]::jsonb)
        RETURNING global_position INTO pos;
      out_stream := p_stream[1];
      out_position := pos::text;
      out_version := heads[1] + p_ord[1];
      RETURN NEXT;
      PERFORM pg_notify('${APPENDED_CHANNEL}', out_position);
      RETURN;
    END IF;
    FOR r IN
    WITH ins AS (
      INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
      SELECT n.event_id, n.stream_id, hd.head + n.ord, n.type, n.data::jsonb, n.metadata::jsonb
        FROM unnest(p_k, p_stream, p_id, p_ord, p_type, p_data, p_metadata)
          AS n(k, stream_id, event_id, ord, type, data, metadata)
        JOIN unnest(streams, heads) AS hd(sid, head) ON hd.sid = n.stream_id
       ORDER BY n.k
      RETURNING events.global_position, events.stream_id, events.stream_version
    )
    SELECT ins.stream_id AS s, max(ins.global_position) AS p, max(ins.stream_version) AS v
      FROM ins GROUP BY ins.stream_id
    LOOP
      out_stream := r.s;
      out_position := r.p::text;
      out_version := r.v;
      pos := greatest(pos, r.p);
      RETURN NEXT;
    END LOOP;
    IF pos IS NOT NULL THEN PERFORM pg_notify('${APPENDED_CHANNEL}', pos::text); END IF;
  END
  $fn$;
  -- The same for ONE event (the usual command), with scalar parameters: no arrays to build, unnest and
  -- loop over, one version look-up, one id look-up and the insert.
  CREATE OR REPLACE FUNCTION okul_append_one(
    p_lock bigint, p_stream text, p_expected int, p_id uuid, p_type text, p_data jsonb, p_metadata jsonb
  ) RETURNS TABLE (out_stream text, out_position text, out_version int)
  LANGUAGE plpgsql VOLATILE AS $fn$
  DECLARE
    v int;
    pos bigint;
  BEGIN
    PERFORM pg_advisory_xact_lock(p_lock);
    SELECT coalesce(max(e.stream_version), -1) INTO v FROM events e WHERE e.stream_id = p_stream;
    IF p_expected IS NOT NULL AND v <> p_expected THEN RETURN; END IF;
    IF EXISTS (SELECT 1 FROM events e WHERE e.event_id = p_id) THEN RETURN; END IF;
    INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
      VALUES (p_id, p_stream, v + 1, p_type, p_data, p_metadata)
      RETURNING global_position INTO pos;
    out_stream := p_stream;
    out_position := pos::text;
    out_version := v + 1;
    RETURN NEXT;
    PERFORM pg_notify('${APPENDED_CHANNEL}', out_position);
  END
  $fn$;
  -- Units written one after another in ONE call, in the order given, each checked on what the ones before it
  -- left: draws queued one behind another on a counter, each expecting the version the previous one leaves,
  -- in one round trip instead of one statement each. A unit naming an earlier one (p_after) that was not
  -- written is not written either. Rows are in unit order; a unit's rows are its events in order.
  CREATE OR REPLACE FUNCTION okul_append_chain(
    p_lock bigint, p_u int[], p_after int[], p_stream text[], p_expected int[], p_id uuid[], p_ord int[],
    p_type text[], p_data text[], p_metadata text[]
  ) RETURNS TABLE (out_unit int, out_stream text, out_position text, out_version int)
  LANGUAGE plpgsql VOLATILE AS $fn$
  DECLARE
    n int := cardinality(p_u);
    i int := 1;
    j int;
    k int;
    v int;
    ok boolean;
    pos bigint;
    last bigint;
    written int[] := '{}';
  BEGIN
    PERFORM pg_advisory_xact_lock(p_lock);
    WHILE i <= n LOOP
      j := i;
      WHILE j <= n AND p_u[j] = p_u[i] LOOP j := j + 1; END LOOP;
      ok := p_after[i] IS NULL OR p_after[i] = ANY (written);
      IF ok THEN
        FOR k IN i .. j - 1 LOOP
          CONTINUE WHEN p_ord[k] <> 1 OR p_expected[k] IS NULL;
          SELECT coalesce(max(e.stream_version), -1) INTO v FROM events e WHERE e.stream_id = p_stream[k];
          IF v <> p_expected[k] THEN ok := false; EXIT; END IF;
        END LOOP;
      END IF;
      IF ok AND EXISTS (SELECT 1 FROM events e WHERE e.event_id = ANY (p_id[i:j - 1])) THEN ok := false; END IF;
      IF ok THEN
        FOR k IN i .. j - 1 LOOP
          SELECT coalesce(max(e.stream_version), -1) + 1 INTO v FROM events e WHERE e.stream_id = p_stream[k];
          INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
            VALUES (p_id[k], p_stream[k], v, p_type[k], p_data[k]::jsonb, p_metadata[k]::jsonb)
            RETURNING global_position INTO pos;
          out_unit := p_u[i];
          out_stream := p_stream[k];
          out_position := pos::text;
          out_version := v;
          RETURN NEXT;
        END LOOP;
        written := written || p_u[i];
        last := pos;
      END IF;
      i := j;
    END LOOP;
    IF last IS NOT NULL THEN PERFORM pg_notify('${APPENDED_CHANNEL}', last::text); END IF;
  END
  $fn$;
`;

interface Row {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: any;
  metadata: any;
}

const COLUMNS = `global_position::text AS global_position, event_id::text AS event_id, stream_id, stream_version, type, data, metadata`;
// ORDER BY must name the table's column: a bare `global_position` would bind to the text alias above and
// sort '10' before '9'.
const BY_POSITION = 'ORDER BY events.global_position';

function toStored(r: Row): StoredEvent {
  return {
    id: r.event_id,
    streamId: r.stream_id,
    streamVersion: r.stream_version,
    globalPosition: BigInt(r.global_position),
    type: r.type,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    metadata: typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata,
  };
}

/** The stream version the append requires, as the SQL sees it: -1 for "no stream", NULL for "any". */
function expectedParam(ev: ExpectedVersion): number | null {
  if (ev === 'any') return null;
  return ev === 'no_stream' ? -1 : ev;
}

function matches(ev: ExpectedVersion, current: number | null): boolean {
  if (ev === 'any') return true;
  return ev === 'no_stream' ? current === null : current === ev;
}

class PendingUnit {
  /** Written, or not written (refused or failed); undefined while queued or being written. */
  settled?: 'written' | 'failed';

  constructor(
    readonly appends: StreamAppend[],
    private readonly resolved: (results: AppendResult[]) => void,
    private readonly rejected: (error: unknown) => void,
    /** An earlier unit this one was decided on (`PipelineOptions.after`): written only if it is. */
    readonly after: PendingUnit | null,
  ) {}

  resolve(results: AppendResult[]): void {
    this.settled ??= 'written';
    this.resolved(results);
  }

  reject(error: unknown): void {
    this.settled ??= 'failed';
    this.rejected(error);
  }

  orphaned(): ConcurrencyError {
    return orphaned(this.appends, this.after!.appends);
  }
}

type UnitOutcome = { results: AppendResult[] } | { error: Error };

const MAX_UNITS_PER_BATCH = 256;
/**
 * Batches written at once on PostgreSQL, each its own transaction on its own connection. The append lock
 * still lets one batch at a time draw positions and commit, but the next one is already at the lock when the
 * first commits, instead of the database waiting for the reply, the callers and the next statement.
 */
const BATCHES_IN_FLIGHT = 2;
/** Streams whose last known version is remembered to refuse stale appends without a statement each. */
const KNOWN_VERSIONS = 10_000;

/** Each append of the unit writes events, each to a stream of its own. */
function simpleUnit(unit: StreamAppend[]): boolean {
  const streams = unit.map((a) => a.streamId);
  return unit.every((a) => a.events.length > 0) && new Set(streams).size === streams.length;
}

/** Can the units be written by ONE call of the append function: each appends to distinct streams, none empty, and no stream is in two units. */
function oneRound(units: StreamAppend[][]): boolean {
  const used = new Set<string>();
  for (const unit of units) {
    for (const a of unit) {
      if (a.events.length === 0 || used.has(a.streamId)) return false;
      used.add(a.streamId);
    }
  }
  return true;
}

/**
 * The PostgreSQL adapter of the event store port, over `pg` or PGlite (same SQL).
 * Idempotent by event id; optimistic concurrency by (stream_id, stream_version); appends serialised by
 * one transaction-scoped advisory lock, so global positions are gap-safe for readers.
 */
export class PostgresEventStore implements EventStore, PipelinedAppends {
  /** One transaction per unit: a conflict anywhere writes nothing. */
  readonly appendManyIsAtomic = true;
  /** Appends are queued synchronously and written in queue order per stream (`appendManyQueued`). */
  readonly pipelinesAppends = true;
  private readonly appended = new AppendSignal();
  private readonly queue: PendingUnit[] = [];
  /** The streams of the batches being written: a unit on one of them waits for it (appends keep their order). */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private readonly maxInFlight: number;
  private idle: Array<() => void> = [];
  /**
   * A version each recently written stream is known to have reached. Versions only grow, so an append
   * expecting less is a conflict (unless it repeats stored events), found without a statement under the lock.
   */
  private readonly known = new Map<string, number>();
  /** The highest position told to the `onAppended` listeners. */
  private told = 0n;
  private listeners = 0;
  private unlistenOthers: (() => Promise<void>) | null = null;

  /**
   * `db` reads streams and an organisation's events: the API's pool, under row-level security. `writer` owns
   * the table: appends (a group commit mixes organisations in one transaction, serialised by the append lock)
   * and the reads of every organisation's events (`readAll`, `headPosition`: the projections' input).
   */
  constructor(
    private readonly db: Db,
    private readonly writer: Db = db,
    private readonly readsWhole: (streamId: string) => boolean = () => false,
  ) {
    // PGlite is one connection: its transactions run one after another anyway.
    this.maxInFlight = writer.kind === 'pglite' ? 1 : BATCHES_IN_FLIGHT;
  }

  /** `readsWhole`: streams read by `writer` whole, whatever organisation their events were recorded in. */
  static async create(
    db: Db,
    writer: Db = db,
    readsWhole?: (streamId: string) => boolean,
  ): Promise<PostgresEventStore> {
    await writer.exec(EVENTS_SCHEMA);
    return new PostgresEventStore(db, writer, readsWhole);
  }

  /**
   * Called after appends with the position they reached: at once for those made through this instance, and
   * on PostgreSQL also for other processes' appends (their commit's NOTIFY), heard while anyone listens.
   * Positions only grow: an append at or below a position already told is visible to whoever woke then.
   */
  onAppended(listener: (position: bigint) => void): () => void {
    const unlisten = this.appended.listen(listener);
    this.listeners++;
    if (this.listeners === 1 && this.writer.listen) {
      this.unlistenOthers = this.writer.listen(APPENDED_CHANNEL, (payload) => {
        if (/^\d+$/.test(payload)) this.tell(BigInt(payload));
      });
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unlisten();
      if (--this.listeners === 0) void this.stopHearing();
    };
  }

  private tell(position: bigint): void {
    if (position <= this.told) return;
    this.told = position;
    this.appended.emit(position);
  }

  private async stopHearing(): Promise<void> {
    const end = this.unlistenOthers;
    this.unlistenOthers = null;
    await end?.();
  }

  async append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const [r] = await this.appendMany([{ streamId, events, expectedVersion }]);
    return r;
  }

  /**
   * All appends of one call are one unit: a conflict in any of them writes none of them.
   * Units that arrive while transactions are in flight are queued and written together in the next one
   * (group commit): the append lock and the commit's flush are paid once per batch, not once per append.
   * Up to `BATCHES_IN_FLIGHT` batches are written at once, on distinct streams; a unit on a stream of a batch
   * in flight waits for it, so appends to one stream keep the order they were queued in.
   * Each unit keeps its own outcome; only an unexpected SQL error makes the batch retry unit by unit.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return Promise.resolve([]);
    return new Promise<AppendResult[]>((resolve, reject) => {
      this.queue.push(new PendingUnit(appends, resolve, reject, null));
      this.pump();
    });
  }

  /**
   * `appendMany`, telling the caller synchronously once the unit is queued (its place among the appends to
   * its streams is then fixed); with `after`, the unit is written only if that earlier unit was.
   */
  appendManyQueued(appends: StreamAppend[], options: PipelineOptions): Promise<AppendResult[]> {
    const after = options.after as unknown;
    if (after !== undefined && !(after instanceof PendingUnit)) {
      return Promise.reject(new Error('appendManyQueued: `after` is not an append queued by this store'));
    }
    return new Promise<AppendResult[]>((resolve, reject) => {
      if (appends.length === 0) return reject(new Error('appendManyQueued: nothing to append'));
      const unit = new PendingUnit(appends, resolve, reject, after ?? null);
      this.queue.push(unit);
      options.queued(unit as unknown as QueuedAppend);
      this.pump();
    });
  }

  /** Starts batches while fewer than the most are in flight and queued units can go. */
  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      const streams = new Set(batch.flatMap((p) => p.appends.map((a) => a.streamId)));
      for (const s of streams) this.busy.add(s);
      this.inFlight++;
      void this.commitBatch(batch)
        .catch((e: unknown) => batch.forEach((p) => p.reject(e)))
        .finally(() => {
          for (const s of streams) this.busy.delete(s);
          this.inFlight--;
          this.pump();
          if (this.inFlight === 0 && this.queue.length === 0) {
            const waiting = this.idle;
            this.idle = [];
            for (const done of waiting) done();
          }
        });
    }
  }

  /**
   * The queued units that can be written now, in queue order: none on a stream of a batch in flight, nor on
   * a stream of a unit left behind (a later unit must not overtake an earlier one on its stream).
   */
  private takeBatch(): PendingUnit[] {
    const held = new Set(this.busy);
    const batch: PendingUnit[] = [];
    const taken = new Set<PendingUnit>();
    const rest: PendingUnit[] = [];
    for (const p of this.queue) {
      // Decided on a unit that was not written: refused (and so, in turn, the units decided on this one).
      if (p.after?.settled === 'failed') {
        p.reject(p.orphaned());
        continue;
      }
      const waits = p.after !== null && p.after.settled === undefined && !taken.has(p.after);
      if (batch.length < MAX_UNITS_PER_BATCH && !waits && !p.appends.some((a) => held.has(a.streamId))) {
        batch.push(p);
        taken.add(p);
        continue;
      }
      rest.push(p);
      for (const a of p.appends) held.add(a.streamId);
    }
    this.queue.length = 0;
    for (const p of rest) this.queue.push(p);
    return batch;
  }

  private remember(streamId: string, version: number): void {
    const before = this.known.get(streamId);
    if (before !== undefined && before >= version) return;
    this.known.delete(streamId);
    this.known.set(streamId, version);
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.known.size > KNOWN_VERSIONS) this.known.delete(this.known.keys().next().value!);
  }

  private async commitBatch(all: PendingUnit[]): Promise<void> {
    // Written one by one after a failed batch, a unit may follow one that has failed since.
    const batch: PendingUnit[] = [];
    for (const p of all) {
      if (p.after?.settled === 'failed') p.reject(p.orphaned());
      else batch.push(p);
    }
    if (batch.length === 0) return;
    let outcomes: UnitOutcome[];
    const units = batch.map((p) => p.appends);
    const index = new Map(batch.map((p, i) => [p, i]));
    const afters = batch.map((p) => (p.after ? (index.get(p.after) ?? -1) : -1));
    try {
      // The usual batch is one call of the append function: sent alone it is its own transaction (the lock
      // it takes is held to that commit), one round trip instead of BEGIN, the call and COMMIT.
      outcomes =
        oneRound(units) && afters.every((b) => b < 0)
          ? await this.writeRound(this.writer, units, false)
          : afters.some((b) => b >= 0) && units.every(simpleUnit)
            ? await this.writeChain(units, afters)
            : await this.writer.transaction((tx) => this.writeUnits(tx, units, afters));
    } catch (e) {
      if (batch.length === 1) return batch[0].reject(e);
      // One unit's SQL error (say, an event id repeated inside it) aborted the shared transaction: write each
      // unit on its own so that only the faulty one fails.
      for (const p of batch) await this.commitBatch([p]);
      return;
    }
    let last = 0n;
    outcomes.forEach((o, i) => {
      if ('error' in o) {
        if (o.error instanceof ConcurrencyError && o.error.actual !== null)
          this.remember(o.error.streamId, o.error.actual);
        return batch[i].reject(o.error);
      }
      o.results.forEach((r, j) => {
        if (r.lastPosition > last) last = r.lastPosition;
        this.remember(batch[i].appends[j].streamId, r.nextExpectedVersion);
      });
      batch[i].resolve(o.results);
    });
    this.tell(last);
  }

  /** `afters[u]`: the index of the unit `u` was decided on (written only if that one is), or -1. */
  private async writeUnits(tx: Sql, units: StreamAppend[][], afters: number[] = []): Promise<UnitOutcome[]> {
    const outcomes: UnitOutcome[] = new Array(units.length);
    const simple = units.map((unit) => {
      const streams = unit.map((a) => a.streamId);
      return unit.every((a) => a.events.length > 0) && new Set(streams).size === streams.length;
    });
    // One statement per round; a round holds units whose streams do not overlap, so each statement checks
    // every expected version against what earlier rounds (and transactions) wrote. Units touching a stream
    // keep the order they were queued in: a unit that waits also holds back later units on its streams,
    // and a unit that must go step by step is a barrier.
    let waiting = units.map((_, u) => u);
    // The version each stream written in this transaction is at now. A unit that expects another version of
    // one of them is a conflict (versions only grow) unless it repeats stored events: those are refused
    // together after one look-up of their ids, where writers that met on one counter cost a statement each
    // per round, under the lock, for the one that could win. The same holds for a unit expecting less than
    // a version its stream reached in an earlier batch (`known`; the winner's batch may have gone just
    // before), with the stream's version read for the refusal.
    const heads = new Map<string, number>();
    const settle = (u: number, o: UnitOutcome) => {
      outcomes[u] = o;
      if ('results' in o) units[u].forEach((a, j) => heads.set(a.streamId, o.results[j].nextExpectedVersion));
    };
    /**
     * The unit's first append behind its stream, with the stream's version when this transaction knows it.
     * On a stream an earlier waiting unit writes (`ahead`) only an expectation below it is behind for sure.
     */
    const stale = (u: number, ahead: Set<string>): { append: StreamAppend; actual?: number } | null => {
      const checked = new Set<string>();
      for (const a of units[u]) {
        // A later append of the unit to the same stream expects what the unit's own earlier one leaves.
        if (checked.has(a.streamId)) continue;
        checked.add(a.streamId);
        const expected = expectedParam(a.expectedVersion);
        if (expected === null) continue;
        const head = heads.get(a.streamId);
        if (head !== undefined) {
          if (ahead.has(a.streamId) ? expected < head : expected !== head) return { append: a, actual: head };
          continue;
        }
        const reached = this.known.get(a.streamId);
        if (reached !== undefined && expected < reached) return { append: a };
      }
      return null;
    };
    const before = (u: number) => afters[u] ?? -1;
    while (waiting.length > 0) {
      // In queue order, so a unit decided on one refused just now is refused in the same pass.
      waiting = waiting.filter((u) => {
        const b = before(u);
        if (b < 0 || !outcomes[b] || !('error' in outcomes[b])) return true;
        outcomes[u] = { error: orphaned(units[u], units[b]) };
        return false;
      });
      if (waiting.length === 0) break;
      const suspects: Array<{ u: number; append: StreamAppend; actual?: number }> = [];
      const ahead = new Set<string>();
      for (const u of waiting) {
        const behind = stale(u, ahead);
        if (behind) suspects.push({ u, ...behind });
        else for (const a of units[u]) ahead.add(a.streamId);
      }
      if (suspects.length > 0) {
        const ids = suspects.flatMap((x) => units[x.u].flatMap((a) => a.events.map((e) => e.id)));
        const r = await tx.query<{ id: string }>(
          'SELECT event_id::text AS id FROM events WHERE event_id = ANY($1::uuid[])',
          [ids],
        );
        const stored = new Set(r.rows.map((row) => row.id));
        const unsure = [
          ...new Set(suspects.filter((x) => x.actual === undefined).map((x) => x.append.streamId)),
        ];
        const current = new Map<string, number>();
        if (unsure.length > 0) {
          const v = await tx.query<{ stream_id: string; v: number }>(
            `SELECT stream_id, max(stream_version) AS v FROM events
              WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
            [unsure],
          );
          for (const row of v.rows) current.set(row.stream_id, row.v);
        }
        const refused = new Set<number>();
        for (const x of suspects) {
          if (units[x.u].some((a) => a.events.some((e) => stored.has(e.id.toLowerCase())))) continue;
          const actual = x.actual ?? current.get(x.append.streamId) ?? null;
          // What was known is at most what is stored, unless the events were removed since: then the
          // statement decides.
          if ((actual ?? -1) === expectedParam(x.append.expectedVersion)) continue;
          outcomes[x.u] = {
            error: new ConcurrencyError(x.append.streamId, x.append.expectedVersion, actual),
          };
          refused.add(x.u);
        }
        waiting = waiting.filter((u) => !refused.has(u));
        if (waiting.length === 0) break;
      }
      if (!simple[waiting[0]]) {
        const u = waiting.shift()!;
        settle(u, await this.writeStepByStep(tx, units[u]));
        continue;
      }
      const round: number[] = [];
      const later: number[] = [];
      const used = new Set<string>();
      let i = 0;
      for (; i < waiting.length && simple[waiting[i]]; i++) {
        const u = waiting[i];
        // Not before the unit it was decided on is written (refused just now, it is refused next pass).
        const b = before(u);
        const unsettled = b >= 0 && (outcomes[b] === undefined || 'error' in outcomes[b]);
        (unsettled || units[u].some((a) => used.has(a.streamId)) ? later : round).push(u);
        for (const a of units[u]) used.add(a.streamId);
      }
      if (round.length > 0) {
        const results = await this.writeRound(
          tx,
          round.map((u) => units[u]),
        );
        round.forEach((u, k) => settle(u, results[k]));
      }
      waiting = [...later, ...waiting.slice(i)];
    }
    return outcomes;
  }

  /**
   * Units of which some were decided on others of the batch (draws on a counter): one call of the chain
   * function, its own transaction, writing them in queue order; those it did not write are explained after
   * its commit (outside the lock, as for one round).
   */
  private async writeChain(units: StreamAppend[][], afters: number[]): Promise<UnitOutcome[]> {
    const cols: unknown[][] = [[], [], [], [], [], [], [], [], []];
    units.forEach((unit, u) =>
      unit.forEach((a) =>
        a.events.forEach((e, i) => {
          const row = [u, afters[u] >= 0 ? afters[u] : null, a.streamId, expectedParam(a.expectedVersion)];
          row.push(e.id, i + 1, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
          row.forEach((v, c) => cols[c].push(v));
        }),
      ),
    );
    const r = await this.writer.query<{ u: number; stream_id: string; p: string; v: number }>(
      `SELECT out_unit AS u, out_stream AS stream_id, out_position AS p, out_version AS v
         FROM okul_append_chain($1, $2::int[], $3::int[], $4::text[], $5::int[], $6::uuid[], $7::int[], $8::text[], $9::text[], $10::text[])`,
      [APPEND_LOCK, ...cols],
      { prepareAs: 'okul_append_chain' },
    );
    // Per unit, each stream's last row (rows come in order).
    const written = new Map<number, Map<string, AppendResult>>();
    for (const row of r.rows) {
      const streams = written.get(row.u) ?? new Map<string, AppendResult>();
      streams.set(row.stream_id, { nextExpectedVersion: row.v, lastPosition: BigInt(row.p) });
      written.set(row.u, streams);
    }
    const outcomes: UnitOutcome[] = [];
    for (let u = 0; u < units.length; u++) {
      const streams = written.get(u);
      if (streams) outcomes.push({ results: units[u].map((a) => streams.get(a.streamId)!) });
      else if (afters[u] >= 0 && !written.has(afters[u]))
        outcomes.push({ error: orphaned(units[u], units[afters[u]]) });
      else outcomes.push(await this.explain(this.writer, units[u], false));
    }
    return outcomes;
  }

  /** A unit that appends twice to one stream, or checks a version without events: one append at a time. */
  private async writeStepByStep(tx: Sql, unit: StreamAppend[]): Promise<UnitOutcome> {
    // Versions are read here before any append function runs: take the append lock first (see EVENTS_SCHEMA).
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
    await tx.query('SAVEPOINT okul_append_unit');
    const results: AppendResult[] = [];
    let error: Error | null = null;
    for (const a of unit) {
      if (a.events.length === 0) {
        const current = await this.version(tx, a.streamId);
        if (!matches(a.expectedVersion, current)) {
          error = new ConcurrencyError(a.streamId, a.expectedVersion, current);
          break;
        }
        results.push({ nextExpectedVersion: current ?? -1, lastPosition: 0n });
        continue;
      }
      const [o] = await this.writeRound(tx, [[a]]);
      if ('error' in o) {
        error = o.error;
        break;
      }
      results.push(o.results[0]);
    }
    await tx.query(error ? 'ROLLBACK TO SAVEPOINT okul_append_unit' : 'RELEASE SAVEPOINT okul_append_unit');
    return error ? { error } : { results };
  }

  /**
   * One call of the append function for several units with pairwise distinct streams; a unit whose
   * streams come back unwritten is explained (under the lock the function took).
   */
  private async writeRound(tx: Sql, units: StreamAppend[][], locked = true): Promise<UnitOutcome[]> {
    const cols: unknown[][] = [[], [], [], [], [], [], [], [], []];
    let k = 0;
    units.forEach((unit, u) =>
      unit.forEach((a) =>
        a.events.forEach((e, i) => {
          const row = [++k, u, a.streamId, expectedParam(a.expectedVersion), e.id, i + 1, e.type];
          row.push(JSON.stringify(e.data), JSON.stringify(e.metadata));
          row.forEach((v, c) => cols[c].push(v));
        }),
      ),
    );
    type Written = { stream_id: string; p: string; v: number };
    // Prepared by name: parsed and planned once per connection, as these are sent for every append.
    const r =
      units.length > 1
        ? await tx.query<Written>(
            `SELECT out_stream AS stream_id, out_position AS p, out_version AS v
               FROM okul_append_events($1, $2::int[], $3::int[], $4::text[], $5::int[], $6::uuid[], $7::int[], $8::text[], $9::text[], $10::text[])`,
            [APPEND_LOCK, ...cols],
            { prepareAs: 'okul_append_events' },
          )
        : k === 1
          ? await tx.query<Written>(
              `SELECT out_stream AS stream_id, out_position AS p, out_version AS v
                 FROM okul_append_one($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb)`,
              [APPEND_LOCK, cols[2][0], cols[3][0], cols[4][0], cols[6][0], cols[7][0], cols[8][0]],
              { prepareAs: 'okul_append_one' },
            )
          : await tx.query<Written>(
              `SELECT out_stream AS stream_id, out_position AS p, out_version AS v
                 FROM okul_append_unit($1, $2::int[], $3::text[], $4::int[], $5::uuid[], $6::int[], $7::text[], $8::text[], $9::text[])`,
              [APPEND_LOCK, cols[0], ...cols.slice(2)],
              { prepareAs: 'okul_append_unit' },
            );
    const written = new Map(r.rows.map((row) => [row.stream_id, row]));
    const outcomes: UnitOutcome[] = [];
    for (const unit of units) {
      if (written.has(unit[0].streamId)) {
        outcomes.push({
          results: unit.map((a) => {
            const w = written.get(a.streamId)!;
            return { nextExpectedVersion: w.v, lastPosition: BigInt(w.p) };
          }),
        });
      } else {
        outcomes.push(await this.explain(tx, unit, locked));
      }
    }
    return outcomes;
  }

  /**
   * Why a unit wrote nothing: a retry of a command already stored, or a conflict. Outside the append lock
   * (`locked` false: the function's transaction has ended) the reasons still hold, as stored ids and
   * versions only grow; but an expectation ahead of its stream may have been met since, which was a
   * conflict when the unit was written.
   */
  private async explain(tx: Sql, unit: StreamAppend[], locked: boolean): Promise<UnitOutcome> {
    const results: AppendResult[] = [];
    // The first append whose expectation holds although nothing was written.
    let met: { streamId: string; expectedVersion: ExpectedVersion; current: number | null } | null = null;
    for (const a of unit) {
      const ids = a.events.map((e) => e.id);
      const known = await tx.query<{ stream_id: string; v: number; p: string }>(
        `SELECT stream_id, stream_version AS v, global_position::text AS p FROM events
          WHERE event_id = ANY($1::uuid[]) ${BY_POSITION}`,
        [ids],
      );
      if (known.rows.length === ids.length && known.rows.every((row) => row.stream_id === a.streamId)) {
        // A commit whose reply was lost (a dropped connection) is retried; the retry answers what the first
        // attempt wrote instead of writing the events twice.
        const last = known.rows[known.rows.length - 1];
        results.push({ nextExpectedVersion: last.v, lastPosition: BigInt(last.p) });
        continue;
      }
      if (known.rows.length > 0) {
        return {
          error: new Error(
            `Append to ${a.streamId} reuses event ids already stored by another append (${known.rows.length} of ${ids.length})`,
          ),
        };
      }
      const current = await this.version(tx, a.streamId);
      if (!matches(a.expectedVersion, current)) {
        return { error: new ConcurrencyError(a.streamId, a.expectedVersion, current) };
      }
      met ??= { streamId: a.streamId, expectedVersion: a.expectedVersion, current };
    }
    if (met && !locked) {
      return { error: new ConcurrencyError(met.streamId, met.expectedVersion, met.current) };
    }
    if (met) {
      return { error: new Error(`Append unit on ${unit[0].streamId} is partly a retry of a stored command`) };
    }
    return { results };
  }

  private async version(sql: Sql, streamId: string): Promise<number | null> {
    const r = await sql.query<{ v: number | null }>(
      'SELECT max(stream_version) AS v FROM events WHERE stream_id = $1',
      [streamId],
    );
    return r.rows[0]?.v ?? null;
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const r = await (this.readsWhole(streamId) ? this.writer : this.db).query<Row>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    );
    return r.rows.map(toStored);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const out = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
    const whole = [...out.keys()].filter((id) => this.readsWhole(id));
    const scoped = [...out.keys()].filter((id) => !this.readsWhole(id));
    for (const [db, ids] of [
      [this.writer, whole],
      [this.db, scoped],
    ] as const) {
      if (ids.length === 0) continue;
      const r = await db.query<Row>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
        [ids],
      );
      for (const row of r.rows) {
        const e = toStored(row);
        out.get(e.streamId)!.push(e);
      }
    }
    return out;
  }

  async readAll(fromPosition: bigint, limit: number): Promise<StoredEvent[]> {
    const r = await this.writer.query<Row>(
      `SELECT ${COLUMNS} FROM events WHERE global_position > $1 ${BY_POSITION} LIMIT $2`,
      [fromPosition.toString(), limit],
    );
    return r.rows.map(toStored);
  }

  /** The positions and types only: no data or metadata is read, sent or parsed. */
  async readTypes(fromPosition: bigint, limit: number): Promise<EventPosition[]> {
    const r = await this.writer.query<{ p: string; type: string }>(
      `SELECT global_position::text AS p, type FROM events WHERE global_position > $1 ${BY_POSITION} LIMIT $2`,
      [fromPosition.toString(), limit],
    );
    return r.rows.map((x) => ({ globalPosition: BigInt(x.p), type: x.type }));
  }

  /** An organisation's history (for replay and export), in position order, through its index. */
  async readOrganization(
    organizationId: string,
    fromPosition: bigint,
    limit: number,
  ): Promise<StoredEvent[]> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM events WHERE organization_id = $1 AND global_position > $2 ${BY_POSITION} LIMIT $3`,
      [organizationId, fromPosition.toString(), limit],
    );
    return r.rows.map(toStored);
  }

  async headPosition(): Promise<bigint> {
    const r = await this.writer.query<{ p: string | null }>(
      'SELECT max(global_position)::text AS p FROM events',
    );
    return BigInt(r.rows[0]?.p ?? '0');
  }

  async organizationHead(organizationId: string, types?: readonly string[]): Promise<bigint> {
    const r =
      types === undefined
        ? await this.db.query<{ p: string | null }>(
            'SELECT max(global_position)::text AS p FROM events WHERE organization_id = $1',
            [organizationId],
          )
        : // One backward probe of (organization_id, type, global_position) per type.
          await this.db.query<{ p: string | null }>(
            `SELECT max(x.p)::text AS p FROM unnest($2::text[]) AS t(type),
               LATERAL (SELECT max(e.global_position) AS p FROM events e
                         WHERE e.organization_id = $1 AND e.type = t.type) x`,
            [organizationId, types],
          );
    return BigInt(r.rows[0]?.p ?? '0');
  }

  /** Waits for queued appends to be written (the Db itself belongs to the caller). */
  async close(): Promise<void> {
    if (this.inFlight > 0 || this.queue.length > 0) await new Promise<void>((r) => this.idle.push(r));
    await this.stopHearing();
    this.appended.close();
  }
}
