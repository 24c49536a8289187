import type { EventStore } from '@okul/domain';
import {
  readProjectionCheckpoints,
  type Db,
  type Projection,
  type ProjectionCheckpoint,
  type ProjectionRunner,
  type Sql,
} from '@okul/projections';
import { currentOrganization, currentOrganizationScope } from './organization-scope';
import { freshFlights } from './read-model/fresh-flights';

/**
 * The read models a command of an organisation still waits for before it answers: those authorisation reads
 * (the guard's user, session, membership and organisation rows, the subscription's payments: `accounts`) and
 * the invitations an invited user reads outside any organisation (`inbox`). A role change, a removal or a
 * payment of the subscription thus holds from the very next request, whichever instance answers it, and
 * reads outside an organisation (which have no organisation's head to wait for) see them at once. Every other
 * read model is waited for by its reads (docs/DECISIONS.md, "Read-your-writes: every read waits for its own
 * read models").
 */
export const COMMAND_SIDE_READ_MODELS: readonly string[] = ['accounts', 'inbox'];

/** How long a read waits for a read model before it answers with what it has. */
const WAIT_MS = 5000;

/**
 * The read models whose reads wait for them: every one but the command side's on PostgreSQL; none on
 * PGlite, whose one connection would be held by a reading transaction while the projection waits for it
 * (there every command waits for every read model).
 */
export function readSideWaits(db: Db, projections: readonly Projection[]): readonly string[] {
  if (db.kind !== 'pg') return [];
  return projections.map((p) => p.name).filter((name) => !COMMAND_SIDE_READ_MODELS.includes(name));
}

/**
 * The positions reads wait for, each read by one query shared by concurrent callers that arrived before it
 * started (`freshFlights`): so it is never older than a write answered before the caller arrived.
 */
export class OrganizationHeads {
  private readonly heads = freshFlights<bigint | null>();
  private readonly typed = freshFlights<bigint | null>();
  private readonly storeHeads = freshFlights<bigint>();
  private readonly checkpointReadings = freshFlights<ProjectionCheckpoint[]>();

  /** `db`: where the read models' checkpoints are read (the API's pool). */
  constructor(
    private readonly store: EventStore,
    private readonly db: Sql,
  ) {}

  private fresh(organizationId: string): Promise<bigint | null> {
    return this.heads(organizationId, () => this.store.organizationHead(organizationId));
  }

  /**
   * Starts reading the organisation's last position for the current request (the guard calls it beside its
   * own query, so the reads and the read cache's stamp that need it find it read, at no round trip of theirs).
   */
  prefetch(): void {
    const s = currentOrganizationScope();
    if (!s?.request || s.id === '' || s.head !== null) return;
    const head = this.fresh(s.id);
    s.head = head;
    // A failed reading is read again by the next one who needs it (who also sees this failure if it awaited it).
    head.catch(() => {
      if (s.head === head) s.head = null;
    });
  }

  /**
   * The organisation's last position as of the caller's arrival, and at least the caller's own writes: read
   * once per request, once per query otherwise. Null when the store cannot tell (EventStoreDB).
   */
  async organization(organizationId: string): Promise<bigint | null> {
    const s = currentOrganizationScope();
    if (s?.id !== organizationId) return this.fresh(organizationId);
    if (s.request) s.head ??= this.fresh(organizationId);
    const head = await (s.request && s.head ? s.head : this.fresh(organizationId));
    return head === null || head >= s.written ? head : s.written;
  }

  /**
   * Every read model's checkpoint, as of the caller's arrival and its own writes: within a request read once
   * (the guard's kept row and the read cache's stamp share it: one round trip for both) until the request
   * writes; `again` reads them anew (after waiting for a read model). Shared by concurrent callers that
   * arrived before the query started (`freshFlights`).
   */
  checkpoints(organizationId: string, again = false): Promise<ProjectionCheckpoint[]> {
    const s = currentOrganizationScope();
    const read = () =>
      this.checkpointReadings(organizationId, () => readProjectionCheckpoints(this.db, organizationId));
    if (!s?.request || s.id !== organizationId) return read();
    if (!again && s.checkpoints?.written === s.written) return s.checkpoints.rows;
    const rows = read();
    const memo = { written: s.written, rows };
    s.checkpoints = memo;
    // A failed reading is read again by the next one who needs it (who also sees this failure if it awaited it).
    rows.catch(() => {
      if (s.checkpoints === memo) s.checkpoints = null;
    });
    return rows;
  }

  /** The organisation's last position among events of these types (null when the store cannot tell). */
  ofTypes(organizationId: string, types: readonly string[]): Promise<bigint | null> {
    return this.typed(`${organizationId}|${types.join(',')}`, () =>
      this.store.organizationHead(organizationId, types),
    );
  }

  /** The store's last position, any organisation's. */
  all(): Promise<bigint> {
    return this.storeHeads('', () => this.store.headPosition());
  }
}

/**
 * The event types a read model handles, as its handlers name them; null when it looks its handlers up by a
 * rule instead (the audit log maps every type it can), so its reads wait for the organisation's last event.
 */
function handledTypes(p: Projection): readonly string[] | null {
  const types = Object.keys(p.handlers);
  return types.length > 0 ? types.sort() : null;
}

/**
 * The Db the API reads through, around `db`: a query naming a table of a read model in `readSide` first waits
 * until that read model has applied what the reader may have written or been answered before it asked.
 *
 * - Within an organisation (a request, a command's lookups, a job of it): up to the organisation's last event
 *   among the types the named read models handle. The organisation's last position (read once per request,
 *   beside the guard's query) answers at no further cost when this process already knows the read models
 *   reached it, as in a quiet organisation; otherwise one query reads the position of the last event of
 *   those types (so a read of students under a stream of payments does not wait for a payment it cannot
 *   show), remembered for the rest of the request until it writes.
 * - `crossOrganization` (the owner's pool: a user's memberships in every organisation, the developer's lists,
 *   a calendar feed by its token, the SMS worker): up to the store's last event, whatever the scope.
 * - Without an organisation, on the API's pool: no wait; row-level security shows no organisation's rows there.
 */
export function awaitReadModels(
  db: Db,
  runner: ProjectionRunner,
  heads: OrganizationHeads,
  readSide: readonly string[],
  options: { crossOrganization?: boolean } = {},
): Db {
  const byTable = new Map<string, Projection>();
  for (const p of runner.projections)
    if (readSide.includes(p.name)) for (const t of p.tables) byTable.set(t, p);
  if (byTable.size === 0) return db;
  // Logical table names as whole words, as the stale-read guard matches them.
  const names = new RegExp(`\\b(${[...byTable.keys()].join('|')})\\b`, 'g');
  const typesOf = new Map<string, readonly string[] | null>();
  const types = (key: string, projections: Set<Projection>): readonly string[] | null => {
    if (!typesOf.has(key)) {
      const all = new Set<string>();
      let known = true;
      for (const p of projections) {
        const handled = handledTypes(p);
        if (handled === null) known = false;
        else for (const t of handled) all.add(t);
      }
      typesOf.set(key, known ? [...all].sort() : null);
    }
    return typesOf.get(key)!;
  };
  /** Per request, the position each read model was found to need (forgotten when the request writes). */
  const needed = new WeakMap<object, { written: bigint; positions: Map<string, bigint> }>();

  const waitFor = async (text: string) => {
    const org = options.crossOrganization ? undefined : currentOrganization();
    if (!options.crossOrganization && !org) return;
    const projections = new Set<Projection>();
    for (const m of text.matchAll(names)) projections.add(byTable.get(m[1])!);
    if (projections.size === 0) return;
    const only = (p: Projection) => projections.has(p);
    if (org === undefined) {
      await runner.waitFor(await heads.all(), WAIT_MS, only);
      return;
    }
    const head = (await heads.organization(org)) ?? (await heads.all());
    if (runner.hasApplied(head, only)) return;
    const scope = currentOrganizationScope();
    let memo = scope?.request ? needed.get(scope) : undefined;
    if (scope?.request && (!memo || memo.written !== scope.written)) {
      memo = { written: scope.written, positions: new Map() };
      needed.set(scope, memo);
    }
    const key = [...projections]
      .map((p) => p.name)
      .sort()
      .join(',');
    let position = memo?.positions.get(key);
    if (position === undefined) {
      const handled = types(key, projections);
      position = handled === null ? head : ((await heads.ofTypes(org, handled)) ?? head);
      memo?.positions.set(key, position);
    }
    await runner.waitFor(position, WAIT_MS, only);
  };
  const waiting = (sql: Sql): Sql => ({
    async query(text, params, options) {
      await waitFor(text);
      return sql.query(text, params, options);
    },
    async exec(text) {
      await waitFor(text);
      return sql.exec(text);
    },
  });
  return {
    ...db,
    ...waiting(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(waiting(tx))),
    // not offered: its first statement would skip the wait
    transactionFrom: undefined,
    tryLock: (name) => db.tryLock(name),
    close: () => db.close(),
  };
}
