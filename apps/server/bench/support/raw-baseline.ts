import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchDatabase } from './bench-db';
import { percentile, rate, round } from './stats';

const MS = Number(process.env.BENCH_RAW_MS ?? 1500);
const WARMUP_MS = 300;

export interface RawFigure {
  connections: number;
  commits: number;
  seconds: number;
  commitsPerSecond: number;
  latencyMs: { p50: number; p95: number };
}

export interface RawBaseline {
  note: string;
  connections1: RawFigure;
  connections16: RawFigure;
}

/** A row like one stored event: ids, a stream name, a small JSONB payload and its metadata. */
function row(connection: number, i: number): unknown[] {
  return [
    randomUUID(),
    `raw-${connection}`,
    JSON.stringify({
      studentId: randomUUID(),
      writer: connection,
      index: i,
      amountKurus: 125_000 + i,
      note: 'Ekim ayı ödemesi — nakit',
    }),
    JSON.stringify({
      organizationId: 'org-bench',
      userId: 'user-bench',
      ipAddress: '127.0.0.1',
      userAgent: 'okul-bench',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    }),
  ];
}

/** `connections` clients, each committing one single-row INSERT per transaction (autocommit) until `ms` passed. */
async function insertLoad(url: string, connections: number, ms: number): Promise<RawFigure> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  try {
    const latencies: number[] = [];
    const start = performance.now();
    const deadline = start + ms;
    await Promise.all(
      clients.map(async (c, n) => {
        for (let i = 0; performance.now() < deadline; i++) {
          const t = performance.now();
          await c.query(
            'INSERT INTO raw_events (event_id, stream_id, data, metadata) VALUES ($1, $2, $3::jsonb, $4::jsonb)',
            row(n, i),
          );
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = performance.now() - start;
    return {
      connections,
      commits: latencies.length,
      seconds: round(elapsed / 1000),
      commitsPerSecond: rate(latencies.length, elapsed),
      latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
    };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/**
 * What this Postgres can commit at most on this machine right now (the pgbench figure of one single-row JSONB
 * insert per transaction), with 1 and 16 connections: every throughput of the run is also printed as a ratio
 * to it, so a figure taken while the machine is busy can still be read.
 */
export async function measureRawBaseline(d: BenchDatabase): Promise<RawBaseline> {
  await d.db.exec(`
    CREATE TABLE raw_events (
      id bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      stream_id text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await insertLoad(d.url, 1, WARMUP_MS);
  const connections1 = await insertLoad(d.url, 1, MS);
  await insertLoad(d.url, 16, WARMUP_MS);
  const connections16 = await insertLoad(d.url, 16, MS);
  return {
    note: 'one single-row INSERT (uuid, text, two JSONB) per transaction, autocommit, on a fresh database',
    connections1,
    connections16,
  };
}

/** `value / baseline`, two decimals; null when there is no baseline. */
export function toRaw(value: number, baseline: number | undefined): number | null {
  return baseline && baseline > 0 ? round(value / baseline) : null;
}
