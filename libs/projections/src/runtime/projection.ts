import type { EventOf, EventType, StoredEvent } from '@okul/domain';
import type { Sql } from './sql';

export interface ProjectionContext {
  sql: Sql;
  /** The physical name of one of this projection's tables, in the generation being written. */
  table(name: string): string;
}

/** Applies one event of type `T`, its data typed from the domain's one event map. */
export type ProjectionHandler<T extends EventType = EventType> = (
  ctx: ProjectionContext,
  event: EventOf<T>,
) => Promise<void>;

/** The handlers of a projection, by event type: each receives the event it is named after. */
export type ProjectionHandlers = {
  [T in EventType]?: (ctx: ProjectionContext, event: EventOf<T>) => Promise<void>;
};

/**
 * Applies a run of events with set-based writes (multi-row inserts, aggregated upserts). A run is a sequence of
 * consecutive events (among those this projection handles) whose types map to the same batch handler. It must
 * leave the tables exactly as applying `handlers[type]` to each event in order would: the runner falls back to
 * those on any error, and the tests compare both paths.
 */
export type BatchHandler<T extends EventType = EventType> = (
  ctx: ProjectionContext,
  events: EventOf<T>[],
) => Promise<void>;

type Untyped<A> = ((ctx: ProjectionContext, event: A) => Promise<void>) | undefined;

/**
 * The handler for a stored event, or undefined when the projection does not handle its type. Events read
 * back from the store are trusted to carry the data their type names (every one came out of a decider).
 */
export function handlerFor(p: Projection, type: string): Untyped<StoredEvent> {
  return (p.handlers as Record<string, Untyped<StoredEvent>>)[type];
}

/** The batch handler for a stored event's type (see handlerFor), or undefined. */
export function batchFor(p: Projection, type: string): Untyped<StoredEvent[]> {
  return (p.batchHandlers as Record<string, Untyped<StoredEvent[]>> | undefined)?.[type];
}

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
  handlers: ProjectionHandlers;
  /** Set-based versions of some handlers, by event type (see BatchHandler). */
  batchHandlers?: { [T in EventType]?: (ctx: ProjectionContext, events: EventOf<T>[]) => Promise<void> };
}

export function defineProjection(p: Projection): Projection {
  return p;
}
