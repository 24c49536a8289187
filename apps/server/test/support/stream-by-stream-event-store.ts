import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  NewEvent,
  StoredEvent,
  StreamAppend,
} from '@okul/domain';

interface Fault {
  matches: (streamId: string) => boolean;
  /** Runs before the append instead of failing it (e.g. a rival write, so the append meets a real conflict). */
  before?: () => Promise<void>;
  /** Thrown instead of appending. */
  error?: Error;
  /** After the fault, every append fails too: the process died, nothing it meant to write afterwards is. */
  crash?: boolean;
}

/**
 * An event store that writes as EventStoreDB does, over any other store: appendMany appends stream by stream in
 * the order given and stops at the first failure, and it declares so (`appendManyIsAtomic` false). Over the
 * PostgreSQL adapter it lets the executor's non-atomic path be proven where no EventStoreDB runs. A fault set
 * with `failNext` strikes the next append to a matching stream.
 */
export class StreamByStreamEventStore implements EventStore {
  readonly appendManyIsAtomic = false;
  private fault: Fault | null = null;
  private crashed = false;

  constructor(private readonly inner: EventStore) {}

  failNext(fault: Fault): void {
    this.fault = fault;
  }

  /** A new process after a crash: appends go through again. */
  restart(): void {
    this.crashed = false;
    this.fault = null;
  }

  async append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    if (this.crashed) throw new Error(`The process is gone: ${streamId} was not written`);
    const fault = this.fault;
    if (fault?.matches(streamId)) {
      this.fault = null;
      if (fault.crash) this.crashed = true;
      await fault.before?.();
      if (fault.error) throw fault.error;
    }
    return this.inner.append(streamId, events, expectedVersion);
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    const out: AppendResult[] = [];
    for (const a of appends) out.push(await this.append(a.streamId, a.events, a.expectedVersion));
    return out;
  }

  readStream(streamId: string): Promise<StoredEvent[]> {
    return this.inner.readStream(streamId);
  }

  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    return this.inner.readStreams(streamIds);
  }

  readAll(fromPosition: bigint, limit: number): Promise<StoredEvent[]> {
    return this.inner.readAll(fromPosition, limit);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  readOrganization(organizationId: string, fromPosition: bigint, limit: number): Promise<StoredEvent[]> {
    return this.inner.readOrganization(organizationId, fromPosition, limit);
  }

  organizationHead(organizationId: string, types?: readonly string[]): Promise<bigint | null> {
    return this.inner.organizationHead(organizationId, types);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
