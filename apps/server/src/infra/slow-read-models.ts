import type { EventStore } from '@okul/domain';
import type { Db, Projection, ProjectionRunner, Sql } from '@okul/projections';
import { currentOrganization } from './organization-scope';
import { freshFlights } from './read-model/fresh-flights';

/**
 * The read models a command does not wait for: SQL-heavy or written for every event (statistics, the record
 * history, the audit log), and read on screens of their own rather than right after a write. A read of one of
 * them waits instead until it has applied the organisation's last event in the store, so nothing a user reads
 * is older than their own write, on any instance (docs/DECISIONS.md, "Read-your-writes: ...").
 */
export const SLOW_READ_MODELS: readonly string[] = ['statistics', 'history', 'audit_log'];

/** How long a read waits for a slow read model before it answers with what it has. */
const WAIT_MS = 5000;

/**
 * The read models whose reads wait for them: none on PGlite, whose one connection would be held by a reading
 * transaction while the projection waits for it (there every command waits for every read model, as before).
 */
export function readSideWaits(db: Db): readonly string[] {
  return db.kind === 'pg' ? SLOW_READ_MODELS : [];
}

/**
 * The Db the API reads through, around `db`: a query of an organisation naming a table of a slow read model
 * first waits until that read model has applied the organisation's last event (its position read once per
 * query, or shared with a reading of it that started after this query arrived).
 */
export function awaitSlowReadModels(
  db: Db,
  runner: ProjectionRunner,
  store: EventStore,
  slow: readonly string[],
): Db {
  const byTable = new Map<string, Projection>();
  for (const p of runner.projections) if (slow.includes(p.name)) for (const t of p.tables) byTable.set(t, p);
  if (byTable.size === 0) return db;
  // Logical table names as whole words, as the stale-read guard matches them.
  const names = new RegExp(`\\b(${[...byTable.keys()].join('|')})\\b`, 'g');
  const head = async (org: string) => (await store.organizationHead(org)) ?? (await store.headPosition());
  // A reading already running may have started before the caller's own write: a caller joins the next one.
  const headFlights = freshFlights<bigint>();
  const freshHead = (org: string): Promise<bigint> => headFlights(org, () => head(org));
  const waitFor = async (text: string) => {
    const org = currentOrganization();
    if (!org) return;
    const projections = new Set<Projection>();
    for (const m of text.matchAll(names)) projections.add(byTable.get(m[1])!);
    if (projections.size === 0) return;
    const position = await freshHead(org);
    await runner.waitFor(position, WAIT_MS, (p) => projections.has(p));
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
    tryLock: (name) => db.tryLock(name),
    close: () => db.close(),
  };
}
