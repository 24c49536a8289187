import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type CurrentRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
  type Subscription,
} from '@okul/domain';
import { log } from '../infra/observability/logger';

function toRevision(ev: ExpectedVersion): AppendExpectedRevision {
  if (ev === 'no_stream') return NO_STREAM;
  if (ev === 'any') return ANY;
  return BigInt(ev);
}

function fromRevision(r: CurrentRevision | undefined): number | null {
  return typeof r === 'bigint' ? Number(r) : null;
}

function matches(ev: ExpectedVersion, current: number | null): boolean {
  if (ev === 'any') return true;
  return ev === 'no_stream' ? current === null : current === ev;
}

function errorType(e: unknown): string | undefined {
  return (e as { type?: string } | null)?.type;
}

/** ESDB's own streams ($stats, $$metadata, projections' $ce-/$et- links) and event types are not ours. */
function isSystem(e: RecordedEvent): boolean {
  return e.streamId.startsWith('$') || e.type.startsWith('$');
}

/** Order of two $all positions (commit first, then prepare). */
function compare(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

function parse(value: unknown): any {
  return value instanceof Uint8Array ? JSON.parse(Buffer.from(value).toString('utf8')) : value;
}

function toEventData(e: NewEvent) {
  return jsonEvent({
    id: e.id,
    type: e.type,
    data: e.data as JSONType,
    metadata: e.metadata as unknown as JSONType,
  });
}

/**
 * globalPosition is the event's commit position in $all. Since EventStoreDB 20 every append is an implicit
 * transaction whose events each carry their own log position as commit and prepare position, so it is
 * unique and increasing. Stream reads carry it from server 22.6 on.
 */
function toStored(e: RecordedEvent, position: Position | undefined): StoredEvent {
  if (!position) {
    throw new Error(
      `EventStoreDB gave no $all position for ${e.streamId}@${e.revision}: server 22.6 or later is needed`,
    );
  }
  return {
    id: e.id,
    streamId: e.streamId,
    streamVersion: Number(e.revision),
    globalPosition: position.commit,
    type: e.type,
    data: parse(e.data),
    metadata: parse(e.metadata) as EventMetadata,
  };
}

/** Iterates a read and cancels its gRPC call however the loop ends (a `break` alone leaves it streaming). */
async function* drain<E>(read: StreamingRead<E>): AsyncGenerator<E> {
  try {
    for await (const e of read) yield e;
  } finally {
    await read.cancel().catch(() => undefined);
  }
}

const PAGE = 256;
const LOCATE_LIMIT = 4096;

/**
 * The EventStoreDB adapter of the event store port (`EVENTSTORE_URL`), over the gRPC client.
 *
 * Differences from PostgreSQL that callers must know:
 * - appendMany is NOT atomic: EventStoreDB cannot append to several streams in one write, so the appends
 *   run in order and the first failure stops the rest (the earlier ones stay written).
 * - Idempotency by event id is guaranteed only when the expected version is not "any"
 *   (EVENT-STORE-NOTES.md); with "any" the server deduplicates on a best-effort basis.
 * - Global positions are byte offsets in the log: increasing, but not dense.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly appended = new EventEmitter();

  constructor(private readonly client: EventStoreDBClient) {
    this.appended.setMaxListeners(0);
  }

  /** `esdb://host:2113?tls=false` and the other connection strings of the client. */
  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  /** Called with the position of every append made through this instance. */
  onAppended(listener: (position: bigint) => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  async append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    if (events.length === 0) {
      const last = await this.lastOfStream(streamId);
      const current = last ? last.streamVersion : null;
      if (!matches(expectedVersion, current)) throw new ConcurrencyError(streamId, expectedVersion, current);
      return { nextExpectedVersion: current ?? -1, lastPosition: 0n };
    }
    let result;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toRevision(expectedVersion),
      });
    } catch (e) {
      if (errorType(e) === 'wrong-expected-version') {
        throw new ConcurrencyError(
          streamId,
          expectedVersion,
          fromRevision((e as { actualVersion?: CurrentRevision }).actualVersion),
        );
      }
      throw e;
    }
    // Read our last event back rather than trust the reply: an idempotent (already written) append does
    // not answer the original write's position on every server version.
    const last = await this.locate(streamId, events[events.length - 1].id, result.nextExpectedRevision);
    const out: AppendResult = last
      ? { nextExpectedVersion: last.streamVersion, lastPosition: last.globalPosition }
      : {
          nextExpectedVersion: Number(result.nextExpectedRevision),
          lastPosition: result.position?.commit ?? 0n,
        };
    if (out.lastPosition > 0n) this.appended.emit('appended', out.lastPosition);
    return out;
  }

  /** In order, one write per stream: EventStoreDB has no multi-stream atomic append (see the class note). */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    const out: AppendResult[] = [];
    for (const a of appends) out.push(await this.append(a.streamId, a.events, a.expectedVersion));
    return out;
  }

  private async lastOfStream(streamId: string): Promise<StoredEvent | null> {
    try {
      for await (const r of drain(
        this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
      )) {
        if (r.event) return toStored(r.event, r.event.position);
      }
    } catch (e) {
      if (errorType(e) === 'stream-not-found') return null;
      throw e;
    }
    return null;
  }

  /** The stored event with this id, looked for at `revision` first, then from the end of the stream. */
  private async locate(streamId: string, eventId: string, revision: bigint): Promise<StoredEvent | null> {
    for await (const r of drain(this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 }))) {
      if (r.event?.id === eventId && r.event.position) return toStored(r.event, r.event.position);
    }
    const back = this.client.readStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: LOCATE_LIMIT,
    });
    for await (const r of drain(back)) {
      if (r.event?.id === eventId && r.event.position) return toStored(r.event, r.event.position);
    }
    return null;
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const r of drain(
        this.client.readStream(streamId, { direction: FORWARDS, fromRevision: START }),
      )) {
        if (r.event) out.push(toStored(r.event, r.event.position));
      }
    } catch (e) {
      if (errorType(e) === 'stream-not-found') return [];
      throw e;
    }
    return out;
  }

  /**
   * Events after `fromPosition`. A $all read starts AT the position it is given, so the event there is
   * dropped; system events are dropped too, and pages continue until `limit` of ours are found.
   */
  readAll(fromPosition: bigint, limit: number): Promise<StoredEvent[]> {
    return this.readAllWhere(fromPosition, limit, () => true);
  }

  /** No index by organisation here: the whole log is paged through and filtered by metadata. */
  readOrganization(organizationId: string, fromPosition: bigint, limit: number): Promise<StoredEvent[]> {
    return this.readAllWhere(fromPosition, limit, (e) => e.metadata?.organizationId === organizationId);
  }

  /** Unknown without reading the whole log backwards; callers fall back to other signs of change. */
  async organizationHead(): Promise<null> {
    return null;
  }

  private async readAllWhere(
    fromPosition: bigint,
    limit: number,
    keep: (event: StoredEvent) => boolean,
  ): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    let cursor: Position | null =
      fromPosition === 0n ? null : { commit: fromPosition, prepare: fromPosition };
    while (out.length < limit) {
      const page = Math.max(limit - out.length + 1, PAGE);
      const read = this.client.readAll({
        direction: FORWARDS,
        fromPosition: cursor ?? START,
        maxCount: page,
      });
      let got = 0;
      for await (const r of drain(read)) {
        got++;
        const e = r.event as AllStreamRecordedEvent | undefined;
        if (!e?.position || (cursor && compare(e.position, cursor) <= 0)) continue;
        cursor = e.position;
        if (isSystem(e)) continue;
        const stored = toStored(e, e.position);
        if (!keep(stored)) continue;
        out.push(stored);
        if (out.length >= limit) break;
      }
      if (got < page) break;
    }
    return out;
  }

  async headPosition(): Promise<bigint> {
    let cursor: ReadPosition = END;
    for (;;) {
      const read = this.client.readAll({ direction: BACKWARDS, fromPosition: cursor, maxCount: PAGE });
      let got = 0;
      for await (const r of drain(read)) {
        got++;
        const e = r.event as AllStreamRecordedEvent | undefined;
        if (!e?.position || (cursor !== END && compare(e.position, cursor as Position) >= 0)) continue;
        if (!isSystem(e)) return e.position.commit;
        cursor = e.position;
      }
      if (got < PAGE) return 0n;
    }
  }

  /**
   * A catch-up subscription to $all. When the server drops it (restart, leader change, long uptime:
   * EVENT-STORE-NOTES.md) it resubscribes from the last handled position; a failing handler stops it.
   */
  subscribe(fromPosition: bigint, handler: (event: StoredEvent) => Promise<void>): Subscription {
    let position = fromPosition;
    let stopped = false;
    let failure: Error | null = null;
    let current: AllStreamSubscription | null = null;
    let wake: (() => void) | null = null;
    const progress = new Set<() => void>();
    const notify = () => {
      for (const p of [...progress]) p();
    };
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          wake = null;
          resolve();
        }
        wake = done;
      });
    const loop = (async () => {
      let retries = 0;
      while (!stopped) {
        const sub = this.client.subscribeToAll({
          fromPosition: position === 0n ? START : { commit: position, prepare: position },
          filter: excludeSystemEvents(),
        });
        current = sub;
        try {
          for await (const r of sub) {
            if (stopped) break;
            const e = r.event as AllStreamRecordedEvent | undefined;
            if (!e?.position || isSystem(e) || e.position.commit <= position) continue;
            const stored = toStored(e, e.position);
            try {
              await handler(stored);
            } catch (err) {
              failure = new Error(
                `Subscription handler failed on event ${stored.id} at position ${stored.globalPosition}: ${(err as Error).message}`,
                { cause: err },
              );
              log('eventstoredb').error({ err: failure }, 'subscription stopped');
              stopped = true;
              break;
            }
            position = stored.globalPosition;
            retries = 0;
            notify();
          }
        } catch (e) {
          if (!stopped) {
            log('eventstoredb').error({ position, err: e }, 'subscription dropped; resubscribing');
          }
        } finally {
          current = null;
          await sub.unsubscribe().catch(() => undefined);
        }
        if (!stopped) await pause(Math.min(5_000, 100 * 2 ** retries++));
      }
      notify();
    })();
    return {
      async stop() {
        stopped = true;
        wake?.();
        const sub = current;
        if (sub) {
          await sub.unsubscribe().catch(() => undefined);
          // A cancelled gRPC call does not always end the readable: end the loop's `for await` ourselves.
          sub.destroy();
        }
        await loop;
      },
      async caughtUp(target, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        while (position < target) {
          if (failure) throw failure;
          if (stopped) throw new Error(`Subscription stopped at ${position} before reaching ${target}`);
          const left = deadline - Date.now();
          if (left <= 0)
            throw new Error(`Subscription did not reach ${target} within ${timeoutMs} ms (at ${position})`);
          await new Promise<void>((resolve) => {
            const t = setTimeout(done, Math.min(left, 50));
            function done() {
              clearTimeout(t);
              progress.delete(done);
              resolve();
            }
            progress.add(done);
          });
        }
      },
    };
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
    await this.client.dispose();
  }
}
