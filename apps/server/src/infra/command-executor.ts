import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConcurrencyError,
  DomainError,
  type Decider,
  type ActionRefusedEvent,
  type AppendResult,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
} from '@okul/domain';
import { handlerFor, type Projection, type ProjectionRunner } from '@okul/projections';
import { pipelinesAppends, type QueuedAppend } from '../event-store/pipelined-appends';
import { EVENT_STORE, PROJECTIONS } from './tokens';
import { noteWritten, withOrganization } from './organization-scope';
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
  /** The id of its last event (null when none): what a decision that undoes that write names as its cause. */
  readonly lastEventId?: string | null;
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
  /**
   * A claim other commands check (a TCKN held by a student): the events, decided by the claim's decider on
   * the state `events` leave, that give it back. Where appendMany is not atomic, claims are written before the
   * streams that rely on them, and released with these when a later stream fails.
   */
  release?: DomainEvent[];
  /**
   * The event these events undo (taking over an abandoned claim): stored as their causationId, so a late retry
   * of the command that wrote that event sees it undone and decides afresh.
   */
  causationId?: string;
}

/** The decision of one decider over one loaded stream. */
export function decideOn<C, E extends DomainEvent, S>(
  stream: LoadedStream<S>,
  decider: Decider<C, E, S>,
  command: C,
): StreamDecision<E> {
  return { stream, events: decider.decide(command, stream.state) };
}

/**
 * The decision of a claim other commands check (an address, a TCKN), with the events that give it back:
 * decided by the same decider on the state the claim leaves (see `StreamDecision.release`).
 */
export function claimOn<C, E extends DomainEvent, S>(
  stream: LoadedStream<S>,
  decider: Decider<C, E, S>,
  claim: C,
  giveBack: C,
): StreamDecision<E> {
  const events = decider.decide(claim, stream.state);
  if (events.length === 0) return { stream, events };
  return { stream, events, release: decider.decide(giveBack, events.reduce(decider.evolve, stream.state)) };
}

interface Append {
  streamId: string;
  events: DomainEvent[];
  expectedVersion: ExpectedVersion;
  allocation?: boolean;
  release?: DomainEvent[];
  causationId?: string;
}

/**
 * An allocation counter as this process left it with its last draw, queued but perhaps not yet written: the
 * next draw is decided on it and written only if that one is (`PipelineOptions.after`).
 */
interface CounterMemory {
  readonly decider: unknown;
  readonly state: unknown;
  readonly version: number | null;
  readonly lastEventId: string | null;
  /** The last draw queued, and a promise settled once its append has (written or not). */
  readonly last: QueuedAppend;
  readonly lastDone: Promise<void>;
  /**
   * The first event id of every draw queued since the counter was last read from the store: a keyed request
   * whose id is among them may be a retry not yet visible there (see `loadCounter`).
   */
  readonly ids: Set<string>;
  /** One per read from the store: a failed draw forgets the memory only if it was decided on this one. */
  readonly epoch: object;
}

/** A counter read under the turn of the command being decided (from memory or from the store). */
interface CounterRead {
  readonly streamId: string;
  readonly memoryKey: string;
  readonly decider: Decider<unknown, DomainEvent, unknown>;
  readonly loaded: LoadedStream<unknown>;
  /** The memory it was decided on; null when read from the store. */
  readonly base: CounterMemory | null;
}

interface Deciding {
  key: string | null;
  organizationId: string | null;
  replayed: Set<string>;
  /** Per stream, how many of this key's writes on it were undone (see `fold`). */
  generations: Map<string, number>;
  /** Releases the allocation counter this try holds (at most one, so two tries never wait on each other). */
  release: (() => void) | null;
  /** The counter whose turn this try holds, as it was read. */
  counter: CounterRead | null;
  nested: boolean;
}

/** Tries of one command before a conflict is answered as 409: a bounded retry, so a hot stream cannot spin. */
export const MAX_ATTEMPTS = 4;
/** Tries when the conflict is on an allocation counter: one writer wins each round, so 50 writers need 50. */
export const ALLOCATION_ATTEMPTS = 200;

/** The idempotency key of the command being decided, for `load` (called by handlers inside decideAll). */
const deciding = new AsyncLocalStorage<Deciding>();

/** Counters remembered as such; beyond that many the memory starts again (a missed one is only slower). */
const MAX_COUNTERS = 10_000;
/** Draws decided on memory before the counter is read from the store again (bounds `CounterMemory.ids`). */
const DRAWS_PER_READ = 1_000;

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

/**
 * The id of the n-th event a keyed command writes to a stream: the same on every try of that request. A
 * write that was undone (released after a later stream failed, on a store without atomic appendMany) is
 * followed by the next generation's ids, so a new try writes anew instead of finding the undone events.
 */
const keyedEventId = (key: string, streamId: string, n: number, generation = 0) =>
  deterministicUuid(generation === 0 ? `${key}:${streamId}:${n}` : `${key}:${streamId}:${generation}:${n}`);

const releaseEventId = (key: string, streamId: string, n: number, generation: number) =>
  deterministicUuid(`${key}:${streamId}:${generation}:release:${n}`);

/** Where a non-atomic store writes each stream: counters first, then claims, then what relies on them. */
const writeRank = (a: Append) => (a.allocation ? 0 : a.release?.length ? 1 : 2);

/**
 * Runs a command against one or more streams: read, fold, decide, append with the expected version;
 * on a concurrency conflict read again and decide again (bounded), then answer 409.
 * Waits until the command-side read models (authorisation's) show the write before answering; the other read
 * models are waited for by the reads that name them (read-your-writes, `read-side-waits.ts`).
 */
@Injectable()
export class CommandExecutor {
  /** Told of every concurrency conflict: retried, or refused with 409 after the last try (the metrics). */
  onConflict?: (outcome: 'retried' | 'refused') => void;
  /**
   * Told how long each step of a written command took (the metrics, read by the bench): deciding (the
   * lookups, loads and decider), the append, and the wait for the read models (read-your-writes).
   */
  onStep?: (step: 'decide' | 'append' | 'wait', ms: number) => void;
  /**
   * Read models a command of an organisation does not wait for: their reads wait instead, until they have
   * applied what the reader must see (`read-side-waits.ts`). Empty: every command waits for all.
   */
  readSideWaits: ReadonlySet<string> = new Set();
  /**
   * Streams decided as allocation counters. Commands of this process that draw from one take turns, so they
   * do not all read the same number and all but one retry, again and again. Where the store queues appends
   * (`pipelinesAppends`) a turn lasts from the read to the moment the draw is queued, and the next one is
   * decided on the counter as that draw leaves it (`memory`), so consecutive draws share a group commit;
   * elsewhere it lasts to the end of the append.
   */
  private readonly counters = new Set<string>();
  private readonly counterLocks = new KeyedLocks();
  private readonly pipelined: boolean;
  /** Per organisation and counter, its state after the last draw queued (see `CounterMemory`). */
  private readonly memory = new Map<string, CounterMemory>();

  private remember(counter: string): void {
    if (this.counters.size >= MAX_COUNTERS && !this.counters.has(counter)) this.counters.clear();
    this.counters.add(counter);
  }

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRunner,
  ) {
    this.pipelined = pipelinesAppends(store);
  }

  async load<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<LoadedStream<S>> {
    const scope = deciding.getStore();
    if (scope && !scope.release && !scope.nested && this.counters.has(streamId)) {
      if (this.pipelined) return this.loadCounter(scope, streamId, decider);
      scope.release = await this.counterLocks.acquire(streamId);
    }
    return this.fold(streamId, await this.store.readStream(streamId), decider);
  }

  /**
   * A stream named by an id this request has just minted (`newEntityId`): without an idempotency key that id
   * is random, so nothing can be stored under it and it is not read (a round trip less per command); the
   * append still expects no stream, so were it written meanwhile the command would be decided again. With a
   * key the id is the key's own: a retry must find what the first try wrote, so it is read as usual.
   */
  async loadMinted<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<LoadedStream<S>> {
    const scope = deciding.getStore();
    if (!scope || scope.key !== null || this.counters.has(streamId)) return this.load(streamId, decider);
    return { streamId, state: decider.initialState, version: null, lastEventId: null };
  }

  /**
   * A counter read under a turn: as the last draw queued by this process left it when there is one, so the
   * draw need not wait for that one's commit; otherwise from the store. A draw of another process in between
   * makes the append a conflict, which forgets the memory and is decided again from the store.
   */
  private async loadCounter<C, E extends DomainEvent, S>(
    scope: Deciding,
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<LoadedStream<S>> {
    if (scope.key) {
      // A retry of a request whose draw is stored decides on the stream as it was before it (`fold`), as the
      // first try did: it needs no turn, and memory would answer another number.
      const stored = this.fold(streamId, await this.store.readStream(streamId), decider);
      if (scope.replayed.has(streamId)) return stored;
    }
    scope.release = await this.counterLocks.acquire(streamId);
    const memoryKey = `${scope.organizationId ?? ''}\u0000${streamId}`;
    let base = this.memory.get(memoryKey) ?? null;
    const retried = (m: CounterMemory) =>
      scope.key !== null &&
      m.ids.has(keyedEventId(scope.key, streamId, 0, scope.generations.get(streamId) ?? 0));
    // Read from the store again once the draws in memory are written: a request drawing again under a key
    // queued after the read above (a copy racing itself: the store may not show it yet), another decider of
    // the same stream, or enough draws since the last read.
    if (base && (base.decider !== decider || base.ids.size >= DRAWS_PER_READ || retried(base))) {
      await base.lastDone;
      base = null;
    }
    const typed = decider as unknown as Decider<unknown, DomainEvent, unknown>;
    if (base) {
      const loaded = { streamId, state: base.state, version: base.version, lastEventId: base.lastEventId };
      scope.counter = { streamId, memoryKey, decider: typed, loaded, base };
      return loaded as LoadedStream<S>;
    }
    const loaded = this.fold(streamId, await this.store.readStream(streamId), decider);
    scope.counter = { streamId, memoryKey, decider: typed, loaded, base: null };
    return loaded;
  }

  /** The counter as the draw just queued leaves it: what the next command of this process decides on. */
  private drew(
    counter: CounterRead,
    events: NewEvent[],
    last: QueuedAppend,
    lastDone: Promise<void>,
  ): object | null {
    const { base, loaded, memoryKey } = counter;
    // Forgotten since this draw was decided (one before it failed): this one is refused too, do not build on it.
    if (base && this.memory.get(memoryKey) !== base) return null;
    const ids = base ? base.ids : new Set<string>();
    ids.add(events[0].id);
    const epoch = base ? base.epoch : {};
    if (!this.memory.has(memoryKey) && this.memory.size >= MAX_COUNTERS) {
      // The oldest goes first (a Map keeps insertion order); a counter forgotten is read from the store again.
      this.memory.delete(this.memory.keys().next().value!);
    }
    this.memory.set(memoryKey, {
      decider: counter.decider,
      state: events.reduce((s, e) => counter.decider.evolve(s, { type: e.type, data: e.data }), loaded.state),
      version: (loaded.version ?? -1) + events.length,
      lastEventId: events[events.length - 1].id,
      last,
      lastDone,
      ids,
      epoch,
    });
    return epoch;
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
      for (let generation = 0; ; generation++) {
        const at = events.findIndex((e) => e.id === keyedEventId(scope.key!, streamId, 0, generation));
        if (at < 0) break;
        // A write of this request that was undone (released, or taken over as abandoned) is history like any
        // other event: the retry decides on it, under the next generation's ids.
        if (!undone(scope.key, streamId, generation, events, at)) {
          events = events.slice(0, at);
          scope.replayed.add(streamId);
          scope.generations.set(streamId, generation);
          break;
        }
        scope.generations.set(streamId, generation + 1);
      }
    }
    const state = events.reduce(
      (s, e) => decider.evolve(s, { type: e.type, data: e.data } as E),
      decider.initialState,
    );
    const last = events.length ? events[events.length - 1] : null;
    return { streamId, state, version: last ? last.streamVersion : null, lastEventId: last ? last.id : null };
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
        release: d.release,
        causationId: d.causationId,
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

  /** The read models a command waits for: all of them without an organisation, else the command side's. */
  private commandSide(ctx: CommandContext): (p: Projection) => boolean {
    const readSide = ctx.organizationId ? this.readSideWaits : new Set<string>();
    return (p) => !readSide.has(p.name);
  }

  private async commitIn(
    ctx: CommandContext,
    decideAll: (attempt: number) => Promise<Append[]>,
  ): Promise<bigint> {
    for (let attempt = 1; ; attempt++) {
      // A command run while another is being decided takes no turn on a counter: the outer one may hold it.
      const nested = deciding.getStore() !== undefined;
      const scope: Deciding = {
        key: ctx.idempotencyKey,
        organizationId: ctx.organizationId,
        replayed: new Set<string>(),
        generations: new Map<string, number>(),
        release: null,
        counter: null,
        nested,
      };
      // A turn on a counter lasts from its read to the append (to its place in the store's queue where the
      // store has one): the wait for the read models is not part of it.
      const endTurn = () => scope.release?.();
      const decideStarted = performance.now();
      const decided = await deciding
        .run(scope, () => decideAll(attempt))
        .catch((e: unknown) => {
          endTurn();
          throw e;
        });
      const decisions = decided.filter((d) => d.events.length > 0);
      for (const d of decisions) if (d.allocation) this.remember(d.streamId);
      const draws = scope.counter && decisions.some((d) => d.streamId === scope.counter!.streamId);
      if (decisions.length === 0 || scope.replayed.size > 0 || (scope.counter && !draws)) endTurn();
      if (decisions.length === 0) return 0n;
      if (scope.replayed.size > 0) {
        const position = await this.storedBefore(ctx.idempotencyKey!, decisions, scope.generations);
        if (position !== null) {
          noteWritten(position);
          await this.projections.waitFor(position, undefined, this.commandSide(ctx));
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
      const appends: StreamAppend[] = decisions.map((d) => {
        const generation = scope.generations.get(d.streamId) ?? 0;
        const meta = d.causationId ? { ...metadata, causationId: d.causationId } : metadata;
        return {
          streamId: d.streamId,
          expectedVersion: d.expectedVersion,
          events: d.events.map((e, n): NewEvent => ({
            id: ctx.idempotencyKey ? keyedEventId(ctx.idempotencyKey, d.streamId, n, generation) : newId(),
            type: e.type,
            data: e.data,
            metadata: meta,
          })),
        };
      });
      const appendStarted = performance.now();
      this.onStep?.('decide', appendStarted - decideStarted);
      try {
        const results = await (
          this.store.appendManyIsAtomic
            ? this.appendAtomic(scope, appends, endTurn)
            : this.appendInOrder(ctx, metadata, decisions, appends, scope.generations)
        ).finally(endTurn);
        const position = results.reduce((m, r) => (r.lastPosition > m ? r.lastPosition : m), 0n);
        const waitStarted = performance.now();
        this.onStep?.('append', waitStarted - appendStarted);
        noteWritten(position);
        // Read models without a handler for any of these events show the write already: not waited for; nor
        // are those whose reads wait for what they must show themselves.
        const types = [...new Set(appends.flatMap((a) => a.events.map((e) => e.type)))];
        const commandSide = this.commandSide(ctx);
        await this.projections.waitFor(
          position,
          undefined,
          (p) => commandSide(p) && types.some((type) => handlerFor(p, type) !== undefined),
        );
        this.onStep?.('wait', performance.now() - waitStarted);
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
   * One atomic append. A draw on a counter read under the turn is queued with the draw it was decided on (if
   * any) as the one it relies on, and ends the turn once queued: the next command decides on the counter as
   * this draw leaves it. If the append fails, the memory it built is forgotten (the draws queued on it are
   * refused by the store and decided again, from the store).
   */
  private appendAtomic(
    scope: Deciding,
    appends: StreamAppend[],
    endTurn: () => void,
  ): Promise<AppendResult[]> {
    const counter = scope.counter;
    const draw = counter ? appends.find((a) => a.streamId === counter.streamId) : undefined;
    if (!counter || !draw || !pipelinesAppends(this.store)) return this.store.appendMany(appends);
    let settled!: () => void;
    const lastDone = new Promise<void>((resolve) => (settled = resolve));
    let epoch: object | null = null;
    const written = this.store.appendManyQueued(appends, {
      queued: (place) => {
        epoch = this.drew(counter, draw.events, place, lastDone);
        endTurn();
      },
      after: counter.base?.last,
    });
    written.then(settled, () => {
      if (epoch && this.memory.get(counter.memoryKey)?.epoch === epoch) this.memory.delete(counter.memoryKey);
      settled();
    });
    return written;
  }

  /**
   * A store whose appendMany is not atomic (EventStoreDB) is written one stream at a time: counters first (a
   * conflict there, the usual one, leaves nothing written), then claims, then the streams that rely on them,
   * so a failure never leaves a student without its number or TCKN claim. When a stream fails, the claims
   * already written are released (their decider's release events) before the failure goes on as it would on
   * an atomic store: a conflict is decided again, anything else answers as it did. A number drawn for a
   * command that then failed stays drawn: numbers stay unique, with a gap. A process that dies before the
   * release leaves a claim without its holder; the claim's decider lets it be taken over once abandoned.
   */
  private async appendInOrder(
    ctx: CommandContext,
    metadata: EventMetadata,
    decisions: Append[],
    appends: StreamAppend[],
    generations: Map<string, number>,
  ): Promise<AppendResult[]> {
    const order = decisions
      .map((_, i) => i)
      .sort((a, b) => writeRank(decisions[a]) - writeRank(decisions[b]));
    const results: AppendResult[] = new Array(appends.length);
    const written: number[] = [];
    try {
      for (const i of order) {
        const a = appends[i];
        results[i] = await this.store.append(a.streamId, a.events, a.expectedVersion);
        written.push(i);
      }
    } catch (e) {
      for (const i of written) {
        const release = decisions[i].release;
        if (!release || release.length === 0) continue;
        const a = appends[i];
        const generation = generations.get(a.streamId) ?? 0;
        const events = release.map((r, n): NewEvent => ({
          id: ctx.idempotencyKey ? releaseEventId(ctx.idempotencyKey, a.streamId, n, generation) : newId(),
          type: r.type,
          data: r.data,
          // Names the write it undoes, so a retry of this request sees that write undone (`fold`).
          metadata: { ...metadata, causationId: a.events[0].id },
        }));
        // Unreleased (the store is away, or the claim moved on), the claim is left to be taken over later.
        await this.store.append(a.streamId, events, results[i].nextExpectedVersion).catch(() => undefined);
      }
      throw e;
    }
    return results;
  }

  /**
   * When every event these appends would write is already stored under this request's key (a retry of a
   * request that was written), the position of the last of them; otherwise null (write as usual).
   */
  private async storedBefore(
    key: string,
    decisions: Append[],
    generations: Map<string, number>,
  ): Promise<bigint | null> {
    let position = 0n;
    for (const d of decisions) {
      const stored = await this.store.readStream(d.streamId);
      for (let n = 0; n < d.events.length; n++) {
        const id = keyedEventId(key, d.streamId, n, generations.get(d.streamId) ?? 0);
        const e = stored.find((x) => x.id === id);
        if (!e) return null;
        if (e.globalPosition > position) position = e.globalPosition;
      }
    }
    return position;
  }
}

/**
 * Whether the write of `key` (that generation) starting at `at` was undone later: an event after it names
 * one of its events as its cause (a release after a failed command, or the takeover of an abandoned claim).
 */
function undone(
  key: string,
  streamId: string,
  generation: number,
  events: StoredEvent[],
  at: number,
): boolean {
  const own = new Set<string>();
  for (let n = 0; at + n < events.length; n++) {
    const id = keyedEventId(key, streamId, n, generation);
    if (events[at + n].id !== id) break;
    own.add(id);
  }
  return events.slice(at + own.size).some((e) => own.has(e.metadata?.causationId ?? ''));
}
