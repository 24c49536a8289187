import { Inject, Injectable } from '@nestjs/common';
import {
  ConcurrencyError,
  DomainError,
  type Decider,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StreamAppend,
} from '@okul/domain';
import type { ProjectionRunner } from '@okul/projections';
import { EVENT_STORE, PROJECTIONS } from './tokens';
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
}

/** Tries of one command before a conflict is answered as 409: a bounded retry, so a hot stream cannot spin. */
export const MAX_ATTEMPTS = 4;

/**
 * Runs a command against one or more streams: read, fold, decide, append with the expected version;
 * on a concurrency conflict read again and decide again (bounded), then answer 409.
 * Waits until the read models show the write before answering (read-your-writes).
 */
@Injectable()
export class CommandExecutor {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRunner,
  ) {}

  async load<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<LoadedStream<S>> {
    const events = await this.store.readStream(streamId);
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
      })),
    );
  }

  /** Append facts that need no decision (e.g. a refused action for the audit log). */
  async record(ctx: CommandContext, streamId: string, events: DomainEvent[]): Promise<void> {
    await this.commit(ctx, async () => [{ streamId, events, expectedVersion: 'any' }]);
  }

  private async commit(
    ctx: CommandContext,
    decideAll: (attempt: number) => Promise<Append[]>,
  ): Promise<bigint> {
    for (let attempt = 1; ; attempt++) {
      const decisions = (await decideAll(attempt)).filter((d) => d.events.length > 0);
      if (decisions.length === 0) return 0n;
      const metadata: EventMetadata = {
        organizationId: ctx.organizationId,
        userId: ctx.userId,
        ipAddress: ctx.ipAddress,
        userAgent: ctx.userAgent,
        correlationId: ctx.correlationId,
        causationId: null,
        occurredAt: ctx.now.toISOString(),
      };
      let n = 0;
      const appends: StreamAppend[] = decisions.map((d) => ({
        streamId: d.streamId,
        expectedVersion: d.expectedVersion,
        events: d.events.map((e): NewEvent => ({
          id: ctx.idempotencyKey ? deterministicUuid(`${ctx.idempotencyKey}:${d.streamId}:${n++}`) : newId(),
          type: e.type,
          data: e.data,
          metadata,
        })),
      }));
      try {
        const results = await this.store.appendMany(appends);
        const position = results.reduce((m, r) => (r.lastPosition > m ? r.lastPosition : m), 0n);
        await this.projections.waitFor(position);
        return position;
      } catch (e) {
        if (e instanceof ConcurrencyError) {
          if (attempt >= MAX_ATTEMPTS) throw new DomainError('common.conflict');
          continue;
        }
        throw e;
      }
    }
  }
}
