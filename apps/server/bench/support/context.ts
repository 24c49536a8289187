import type { BenchDatabase } from './bench-db';
import type { RawBaseline } from './raw-baseline';

/** What main.ts hands every suite. */
export interface BenchContext {
  /** A fresh, empty database; main.ts drops every one it handed out when the run ends. */
  createDatabase(poolSize?: number): Promise<BenchDatabase>;
  /** Runs `fn` when the run ends, as the databases are dropped (temporary files a later suite may reuse). */
  afterRun(fn: () => Promise<void>): void;
  /** Progress for the reader: goes to stderr, so stdout stays one JSON object. */
  log(message: string): void;
  /** The raw insert baseline of this run (measured once, on the first call, on a database of its own). */
  rawBaseline(): Promise<RawBaseline>;
}

/** A suite: `apps/server/bench/suites/<name>.ts` exporting `run`, listed in main.ts. */
export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<Record<string, unknown>>;
}
