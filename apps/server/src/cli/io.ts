import { once } from 'node:events';
import type { EventStore } from '@okul/domain';
import type { Db, Projection } from '@okul/projections';

export type Out = NodeJS.WritableStream & { isTTY?: boolean };

/** What a command gets: where to write, and how to reach the server's storage. */
export interface CliContext {
  stdout: Out;
  stderr: Out;
  /** Opens the same storage the server uses (from the same configuration). */
  open(): Promise<{
    db: Db;
    store: EventStore;
    /** The events as stored, personal fields sealed (the hash chain's input); `store` where there is no sealing. */
    rawStore?: EventStore;
    close(): Promise<void>;
  }>;
  /** The read models the server runs (loaded on demand: --help needs none of them). */
  projections(): Promise<Projection[]>;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
}

/** Writes and waits for the stream to drain when its buffer is full (large exports). */
export async function write(out: Out, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}
