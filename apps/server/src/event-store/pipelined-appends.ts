import { ConcurrencyError, type AppendResult, type EventStore, type StreamAppend } from '@okul/domain';

declare const queuedAppend: unique symbol;

/** Where an append stands in a store's queue: handed to `queued`, named by a later append's `after`. */
export interface QueuedAppend {
  readonly [queuedAppend]: true;
}

export interface PipelineOptions {
  /**
   * Called once the appends hold their place, before they are written (synchronously, within the call): an
   * append naming that place as its `after` is written after them. So a caller may decide its next append on
   * what these will leave without waiting for their commit. (PostgresEventStore queues at once and keeps the
   * queue's order for every append to a stream.)
   */
  queued(place: QueuedAppend): void;
  /**
   * An earlier append, sharing a stream with these, that they were decided on: if it is not written, these are
   * refused with a ConcurrencyError on the stream they share, whatever that stream's version is by then (a
   * write of someone else may have brought it to the version these expect, on other events).
   */
  after?: QueuedAppend;
}

/**
 * A store that queues appends (group commit) and can tell when one has its place: the executor then lets the
 * next draw of an allocation counter be decided while the previous one is still being written, so that
 * consecutive draws share a batch. Not part of the domain's port: a store without a queue (EventStoreDB)
 * simply does not offer it, and the executor takes turns through the whole append there.
 */
export interface PipelinedAppends {
  /** Whether appendManyQueued may be used (a decorator offers it only when the store below does). */
  readonly pipelinesAppends: boolean;
  /** `appendMany` (atomic), with its place in the queue told and an earlier append it relies on. */
  appendManyQueued(appends: StreamAppend[], options: PipelineOptions): Promise<AppendResult[]>;
}

export function pipelinesAppends(store: EventStore): store is EventStore & PipelinedAppends {
  const s = store as Partial<PipelinedAppends>;
  return typeof s.appendManyQueued === 'function' && s.pipelinesAppends === true && store.appendManyIsAtomic;
}

/**
 * The refusal of an append decided on an earlier one that was not written: a conflict on the stream they
 * share, whatever its version (another write may have brought it to the version the append expects).
 */
export function orphaned(unit: StreamAppend[], before: StreamAppend[]): ConcurrencyError {
  const shared = new Set(before.map((a) => a.streamId));
  const a = unit.find((x) => shared.has(x.streamId)) ?? unit[0];
  return new ConcurrencyError(a.streamId, a.expectedVersion, null);
}
