import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  jsonEvent,
  type AllStreamRecordedEvent,
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
} from '@okul/domain';
import { AppendSignal } from './append-signal';

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
 * - appendMany is NOT atomic (`appendManyIsAtomic` false): EventStoreDB cannot append to several streams in
 *   one write, so the appends run in order and the first failure stops the rest (the earlier ones stay
 *   written). The command executor does not rely on it: it writes a command's streams one by one, counters
 *   first, then claims (a TCKN reservation), then the streams relying on them, and releases the claims it
 *   wrote when a later stream fails; a claim left by a process that died in between is taken over once
 *   abandoned (the claim's decider). Uniqueness of TCKNs and student numbers holds; a failed registration
 *   can leave a gap in the year's numbers.
 * - Idempotency by event id is guaranteed only when the expected version is not "any"
 *   (the server checks ids against the expected position); with "any" it deduplicates on a best-effort basis.
 * - Global positions are byte offsets in the log: increasing, but not dense.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly appended = new AppendSignal();
  readonly appendManyIsAtomic = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** `esdb://host:2113?tls=false` and the other connection strings of the client. */
  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  /** Called with the position of every append made through this instance. */
  onAppended(listener: (position: bigint) => void): () => void {
    return this.appended.listen(listener);
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
    this.appended.emit(out.lastPosition);
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

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const unique = [...new Set(streamIds)];
    const read = await Promise.all(unique.map((id) => this.readStream(id)));
    return new Map(unique.map((id, i) => [id, read[i]]));
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

  async close(): Promise<void> {
    this.appended.close();
    await this.client.dispose();
  }
}
