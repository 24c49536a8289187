import { DomainError } from '@okul/domain';
import { staleReadModels, type Db, type Projection, type Sql } from '@okul/projections';
import { currentOrganization } from './organization-scope';

export { organizationScope } from './organization-scope';

/** How long the list of stale (projection, organisation) pairs is reused before it is read again. */
const REFRESH_MS = 250;

/**
 * The Db the API reads through. While a projection has parked events of an organisation (its read model of
 * that organisation is stale), a request of that organisation whose query names one of that projection's
 * tables is refused with 503 `common.readModelStale` instead of answering numbers that miss events; reads of
 * other projections, and every other organisation, go on. The list of stale pairs is tiny (normally empty) and
 * read at most every REFRESH_MS, so the check costs a map lookup per query.
 */
export function guardStaleReads(db: Db, projections: Projection[], parked: Sql = db): Db {
  const tablesOf = new Map(projections.map((p) => [p.name, p.tables]));
  let cached: { at: number; byOrg: Promise<Map<string, RegExp>> } | null = null;
  const load = async () => {
    const tables = new Map<string, Set<string>>();
    // The list of every organisation, read by the owner (`parked`): under row-level security the API's role
    // would see only the organisation of the request that happened to refresh it.
    for (const s of await staleReadModels(parked)) {
      const set = tables.get(s.organizationId) ?? new Set<string>();
      for (const t of tablesOf.get(s.projection) ?? []) set.add(t);
      tables.set(s.organizationId, set);
    }
    // Logical table names as whole words: `students` does not match `attendance_students` or `students__g2`.
    return new Map([...tables].map(([org, set]) => [org, new RegExp(`\\b(${[...set].join('|')})\\b`)]));
  };
  const staleTables = () => {
    const now = Date.now();
    if (!cached || now - cached.at > REFRESH_MS) {
      const byOrg = load();
      cached = { at: now, byOrg };
      byOrg.catch(() => (cached = null));
    }
    return cached.byOrg;
  };
  const refuse = (byOrg: Map<string, RegExp>, text: string) => {
    const org = currentOrganization();
    if (org !== undefined && byOrg.get(org)?.test(text)) throw new DomainError('common.readModelStale');
  };
  const guard = (sql: Sql, byOrg: () => Promise<Map<string, RegExp>> | Map<string, RegExp>): Sql => ({
    async query(text, params) {
      if (currentOrganization() !== undefined) refuse(await byOrg(), text);
      return sql.query(text, params);
    },
    async exec(text) {
      if (currentOrganization() !== undefined) refuse(await byOrg(), text);
      return sql.exec(text);
    },
  });
  return {
    ...db,
    ...guard(db, staleTables),
    kind: db.kind,
    // The list is read before the transaction opens: on PGlite's one connection a read inside it would wait
    // for the transaction itself.
    async transaction(fn) {
      const byOrg = currentOrganization() !== undefined ? await staleTables() : new Map();
      return db.transaction((tx) => fn(guard(tx, () => byOrg)));
    },
    tryLock: (name) => db.tryLock(name),
    close: () => db.close(),
  };
}
