import type { StoredEvent } from '@okul/domain';
import type { Sql } from './sql';

export interface ProjectionContext {
  sql: Sql;
  /** The physical name of one of this projection's tables, in the generation being written. */
  table(name: string): string;
}

export type ProjectionHandler = (ctx: ProjectionContext, event: StoredEvent<any>) => Promise<void>;

/**
 * Applies a run of events with set-based writes (multi-row inserts, aggregated upserts). A run is a sequence of
 * consecutive events (among those this projection handles) whose types map to the same batch handler. It must
 * leave the tables exactly as applying `handlers[type]` to each event in order would: the runner falls back to
 * those on any error, and the tests compare both paths.
 */
export type BatchHandler = (ctx: ProjectionContext, events: StoredEvent<any>[]) => Promise<void>;

/**
 * A read model: a name, a version, its tables and a handler per event type.
 * Its tables are its own; nothing else writes them. Bumping `version` rebuilds it from zero on start.
 * Readers query the logical table names: each is a view over the active generation's physical table,
 * so a rebuild writes new tables while readers keep the old ones, then swaps in one transaction.
 */
export interface Projection {
  name: string;
  version: number;
  /** Logical table names, e.g. ['courses']. */
  tables: string[];
  /** CREATE TABLE / CREATE INDEX statements, naming tables through `t`. */
  schema(t: (name: string) => string): string;
  handlers: Record<string, ProjectionHandler>;
  /** Set-based versions of some handlers, by event type (see BatchHandler). */
  batchHandlers?: Record<string, BatchHandler>;
}

export function defineProjection(p: Projection): Projection {
  return p;
}
