/** Who did something, from where: carried by every stored event, so the audit log needs nothing else. */
export interface EventMetadata {
  organizationId: string | null;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string; // ISO
}

/** An event as a decider returns it: a fact, named in the past tense. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** An event as it is stored and read back. */
export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  id: string;
  streamId: string;
  streamVersion: number; // 0-based position in its stream
  globalPosition: bigint; // 1-based position in the whole store
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

/** Where an event is and what type it is (the store's `readTypes`). */
export interface EventPosition {
  globalPosition: bigint;
  type: string;
}

/** An event about to be appended: the id is chosen by the command so that a retried command is a no-op. */
export interface NewEvent<E extends DomainEvent = DomainEvent> {
  id: string;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** The stream's version after the append (version of its last event). */
  nextExpectedVersion: number;
  /** Global position of the last event written (or already stored). */
  lastPosition: bigint;
}

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

/**
 * The event store port. Adapters: PostgreSQL (pg and PGlite drivers) and EventStoreDB.
 * One contract test suite proves every adapter.
 */
export interface EventStore {
  /**
   * True when appendMany writes all its streams or none (PostgreSQL). False (EventStoreDB) when it appends
   * stream by stream in the order given and stops at the first failure, the earlier streams staying written:
   * the command executor then writes claims first and gives them back when a later stream fails.
   */
  readonly appendManyIsAtomic: boolean;
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /** Several streams in one write: atomic when `appendManyIsAtomic`, in order otherwise. */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string): Promise<StoredEvent[]>;
  /** Several streams read together (one query where the adapter can): each id -> its events, [] if absent. */
  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>>;
  /** Events with globalPosition > fromPosition, in position order, at most `limit`. */
  readAll(fromPosition: bigint, limit: number): Promise<StoredEvent[]>;
  /**
   * The position and type of each event `readAll` answers for the same arguments, without the data: a reader
   * that needs only some types (a projection passing events it does not handle) learns it at a fraction of
   * the cost. Optional: where absent, readers read the events.
   */
  readTypes?(fromPosition: bigint, limit: number): Promise<EventPosition[]>;
  /** Position of the last event (0n when empty). */
  headPosition(): Promise<bigint>;
  /** One organisation's events with globalPosition > fromPosition (by metadata.organizationId), at most `limit`. */
  readOrganization(organizationId: string, fromPosition: bigint, limit: number): Promise<StoredEvent[]>;
  /**
   * Position of the organisation's last event (0n when it has none), or null when the adapter cannot tell
   * without reading everything (EventStoreDB keeps no index by organisation): callers then rely on other
   * signs of change, such as the projections' checkpoints.
   * With `types`: the position of the organisation's last event of one of those types (0n when none), what a
   * read of a read model handling just those types must wait for. An adapter may answer a later position (the
   * organisation's last event of any type): never an earlier one.
   */
  organizationHead(organizationId: string, types?: readonly string[]): Promise<bigint | null>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Concurrency conflict on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'ConcurrencyError';
  }
}
