import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConcurrencyError,
  DomainError,
  type Decider,
  type ActionRefusedEvent,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
} from '@okul/domain';
import { handlerFor, type ProjectionRunner } from '@okul/projections';
import { EVENT_STORE, PROJECTIONS } from './tokens';
import { withOrganization } from './organization-scope';
import { deterministicUuid, newId } from './ids';

/** Who asks, from where, with which idempotency key: becomes the events' metadata. */
export interface CommandContext {
  organizationId: string | null;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  correlationId: string;
  /** From the Idempotency-Key header when the client sent one: a retried request stores nothing twice. */
  idempotencyKey: string | null;
  now: Date;
}

/** A stream as read for a decision: its state and the version the append will expect. */
export interface LoadedStream<S> {
  readonly streamId: string;
  readonly state: S;
  /** The version of its last event; null when the stream does not exist yet. */
  readonly version: number | null;
}

/**
 * Events decided for a stream that was loaded: the append expects the version it was loaded at, so a
 * change by someone else in between is a conflict and the command is decided again.
 */
export interface StreamDecision<E extends DomainEvent = DomainEvent> {
  stream: Pick<LoadedStream<unknown>, 'streamId' | 'version'>;
  events: E[];
  /**
   * A counter the command only draws the next number from (student numbers, attendance codes). Two
   * independent commands meet there although neither touches what the other does, so a conflict on it is
   * retried until the command gets its number (ALLOCATION_ATTEMPTS), never answered 409 to the user.
   */
  allocation?: boolean;
}

/** The decision of one decider over one loaded stream. */
export function decideOn<C, E extends DomainEvent, S>(
  stream: LoadedStream<S>,
  decider: Decider<C, E, S>,
  command: C,
): StreamDecision<E> {
  return { stream, events: decider.decide(command, stream.state) };
}

interface Append {
  streamId: string;
  events: DomainEvent[];
  expectedVersion: ExpectedVersion;
  allocation?: boolean;
}

/** Tries of one command before a conflict is answered as 409: a bounded retry, so a hot stream cannot spin. */
export const MAX_ATTEMPTS = 4;
/** Tries when the conflict is on an allocation counter: one writer wins each round, so 50 writers need 50. */
export const ALLOCATION_ATTEMPTS = 200;

interface Deciding {
  key: string | null;
  replayed: Set<string>;
  /** Releases the allocation counter this try holds (at most one, so two tries never wait on each other). */
  release: (() => void) | null;
  nested: boolean;
}

/** The idempotency key of the command being decided, for `load` (called by handlers inside decideAll). */
const deciding = new AsyncLocalStorage<Deciding>();

/** Counters remembered as such; beyond that many the memory starts again (a missed one is only slower). */
const MAX_COUNTERS = 10_000;

/** One holder per key at a time, in arrival order. */
class KeyedLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(key: string): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

/** The id of the n-th event a keyed command writes to a stream: the same on every try of that request. */
const keyedEventId = (key: string, streamId: string, n: number) =>
  deterministicUuid(`${key}:${streamId}:${n}`);

/**
 * Runs a command against one or more streams: read, fold, decide, append with the expected version;
 * on a concurrency conflict read again and decide again (bounded), then answer 409.
 * Waits until the read models show the write before answering (read-your-writes).
 */
@Injectable()
export class CommandExecutor {
  /** Told of every concurrency conflict: retried, or refused with 409 after the last try (the metrics). */
  onConflict?: (outcome: 'retried' | 'refused') => void;
  /**
   * Streams decided as allocation counters. Commands of this process that draw from one take turns from
   * its read to its append, so they do not all read the same number and all but one retry, again and again.
   */
  private readonly counters = new Set<string>();
  private readonly counterLocks = new KeyedLocks();

  private remember(counter: string): void {
    if (this.counters.size >= MAX_COUNTERS && !this.counters.has(counter)) this.counters.clear();
    this.counters.add(counter);
  }

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRunner,
  ) {}

  async load<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<LoadedStream<S>> {
    const scope = deciding.getStore();
    if (scope && !scope.release && !scope.nested && this.counters.has(streamId)) {
      scope.release = await this.counterLocks.acquire(streamId);
    }
    return this.fold(streamId, await this.store.readStream(streamId), decider);
  }

  /** Several streams of one decider read together (a batch command's hundreds of streams in one query). */
  async loadMany<C, E extends DomainEvent, S>(
    streamIds: readonly string[],
    decider: Decider<C, E, S>,
  ): Promise<Map<string, LoadedStream<S>>> {
    const read = await this.store.readStreams([...new Set(streamIds)]);
    return new Map([...read].map(([id, events]) => [id, this.fold(id, events, decider)]));
  }

  private fold<C, E extends DomainEvent, S>(
    streamId: string,
    stored: StoredEvent[],
    decider: Decider<C, E, S>,
  ): LoadedStream<S> {
    let events = stored;
    // A retry of a request whose events were stored (the answer was lost, or the process died before
    // answering) is decided again on the stream as it was before them: it decides the same, answers what the
    // first try answered, and commit finds the events stored and writes nothing.
    const scope = deciding.getStore();
    if (scope?.key) {
      const first = keyedEventId(scope.key, streamId, 0);
      const at = events.findIndex((e) => e.id === first);
      if (at >= 0) {
        events = events.slice(0, at);
        scope.replayed.add(streamId);
      }
    }
    const state = events.reduce(
      (s, e) => decider.evolve(s, { type: e.type, data: e.data } as E),
      decider.initialState,
    );
    return { streamId, state, version: events.length ? events[events.length - 1].streamVersion : null };
  }

  /** One stream, one decider. Answers the events written. */
  async execute<C, E extends DomainEvent, S>(
    ctx: CommandContext,
    streamId: string,
    decider: Decider<C, E, S>,
    command: C | ((state: S) => C),
  ): Promise<E[]> {
    let written: E[] = [];
    await this.executeMany(ctx, async () => {
      const stream = await this.load(streamId, decider);
      const cmd = typeof command === 'function' ? (command as (s: S) => C)(stream.state) : command;
      const decision = decideOn(stream, decider, cmd);
      written = decision.events;
      return [decision];
    });
    return written;
  }

  /**
   * Several streams decided together (e.g. a student and its number reservation), appended atomically
   * where the store allows. `decideAll` is re-run from fresh reads after a conflict.
   */
  async executeMany(
    ctx: CommandContext,
    decideAll: (attempt: number) => Promise<StreamDecision[]>,
  ): Promise<bigint> {
    return this.commit(ctx, async (attempt) =>
      (await decideAll(attempt)).map((d) => ({
        streamId: d.stream.streamId,
        events: d.events,
        // The one place a loaded version becomes the append's expectation.
        expectedVersion: d.stream.version ?? 'no_stream',
        allocation: d.allocation,
      })),
    );
  }

  /** Append the one fact that needs no decision: a refused action, remembered for the audit log. */
  async record(ctx: CommandContext, streamId: string, events: ActionRefusedEvent[]): Promise<void> {
    await this.commit(ctx, async () => [{ streamId, events, expectedVersion: 'any' }]);
  }

  /**
   * Reads made while deciding a command of an organisation are that organisation's, whoever runs it (a
   * request, a job, a process manager): under row-level security its streams and read models are visible.
   */
  private commit(ctx: CommandContext, decideAll: (attempt: number) => Promise<Append[]>): Promise<bigint> {
    const run = () => this.commitIn(ctx, decideAll);
    return ctx.organizationId ? withOrganization(ctx.organizationId, run) : run();
  }

  private async commitIn(
    ctx: CommandContext,
    decideAll: (attempt: number) => Promise<Append[]>,
  ): Promise<bigint> {
    for (let attempt = 1; ; attempt++) {
      // A command run while another is being decided takes no turn on a counter: the outer one may hold it.
      const nested = deciding.getStore() !== undefined;
      const scope: Deciding = { key: ctx.idempotencyKey, replayed: new Set(), release: null, nested };
      // A turn on a counter lasts from its read to the append: the wait for the read models is not part of it.
      const endTurn = () => scope.release?.();
      const decided = await deciding
        .run(scope, () => decideAll(attempt))
        .catch((e: unknown) => {
          endTurn();
          throw e;
        });
      const decisions = decided.filter((d) => d.events.length > 0);
      for (const d of decisions) if (d.allocation) this.remember(d.streamId);
      if (decisions.length === 0 || scope.replayed.size > 0) endTurn();
      if (decisions.length === 0) return 0n;
      if (scope.replayed.size > 0) {
        const position = await this.storedBefore(ctx.idempotencyKey!, decisions);
        if (position !== null) {
          await this.projections.waitFor(position);
          return position;
        }
      }
      const metadata: EventMetadata = {
        organizationId: ctx.organizationId,
        userId: ctx.userId,
        ipAddress: ctx.ipAddress,
        userAgent: ctx.userAgent,
        correlationId: ctx.correlationId,
        causationId: null,
        occurredAt: ctx.now.toISOString(),
      };
      // Numbered per stream, so that `load` finds a request's first event on each stream it wrote.
      const appends: StreamAppend[] = decisions.map((d) => ({
        streamId: d.streamId,
        expectedVersion: d.expectedVersion,
        events: d.events.map((e, n): NewEvent => ({
          id: ctx.idempotencyKey ? keyedEventId(ctx.idempotencyKey, d.streamId, n) : newId(),
          type: e.type,
          data: e.data,
          metadata,
        })),
      }));
      try {
        const results = await this.store.appendMany(appends).finally(endTurn);
        const position = results.reduce((m, r) => (r.lastPosition > m ? r.lastPosition : m), 0n);
        // Read models without a handler for any of these events show the write already: not waited for.
        const types = [...new Set(appends.flatMap((a) => a.events.map((e) => e.type)))];
        await this.projections.waitFor(position, undefined, (p) =>
          types.some((type) => handlerFor(p, type) !== undefined),
        );
        return position;
      } catch (e) {
        if (e instanceof ConcurrencyError) {
          const counter = decisions.some((d) => d.allocation && d.streamId === e.streamId);
          const refused = attempt >= (counter ? ALLOCATION_ATTEMPTS : MAX_ATTEMPTS);
          this.onConflict?.(refused ? 'refused' : 'retried');
          if (refused) throw new DomainError('common.conflict');
          // Spread the next tries of writers that met on a counter, so they do not meet again at once.
          if (counter) await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 * attempt)));
          continue;
        }
        throw e;
      }
    }
  }

  /**
   * When every event these appends would write is already stored under this request's key (a retry of a
   * request that was written), the position of the last of them; otherwise null (write as usual).
   */
  private async storedBefore(key: string, decisions: Append[]): Promise<bigint | null> {
    let position = 0n;
    for (const d of decisions) {
      const stored = await this.store.readStream(d.streamId);
      for (let n = 0; n < d.events.length; n++) {
        const id = keyedEventId(key, d.streamId, n);
        const e = stored.find((x) => x.id === id);
        if (!e) return null;
        if (e.globalPosition > position) position = e.globalPosition;
      }
    }
    return position;
  }
}
