import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@okul/domain';
import { EventChainer, verifyChain } from '../../src/event-store/event-chain';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store';
import type { BenchContext } from '../support/context';
import { rate } from '../support/stats';

// One organisation's history of this many events (and a second organisation's, interleaved, a tenth of it).
const EVENTS = Number(process.env.BENCH_CHAIN_EVENTS ?? 50_000);
const BATCH = 500;

function event(org: string, i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'BenchPaymentRecorded',
    data: { studentId: randomUUID(), index: i, amountKurus: 125_000 + i, note: 'Ekim ayı ödemesi — nakit' },
    metadata: {
      organizationId: org,
      userId: 'user-bench',
      ipAddress: '127.0.0.1',
      userAgent: 'okul-bench',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

/** Tamper evidence: how fast the leader chains stored events, and `events verify` recomputes a chain. */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const d = await ctx.createDatabase(4);
  const store = await PostgresEventStore.create(d.db);
  const chainer = new EventChainer(d.db, store);
  await chainer.prepare();
  ctx.log(`event-chain: storing ${EVENTS} events`);
  for (let i = 0; i < EVENTS; i += BATCH) {
    const events = Array.from({ length: BATCH }, (_, k) =>
      event(k % 10 === 9 ? 'org-other' : 'org-bench', i + k),
    );
    await store.appendMany([{ streamId: `payments-${i}`, events, expectedVersion: 'no_stream' }]);
  }
  const t0 = performance.now();
  await chainer.catchUp();
  const chainMs = performance.now() - t0;
  const t1 = performance.now();
  const r = await verifyChain(d.db, store, 'org-bench');
  const verifyMs = performance.now() - t1;
  if (!r.ok) throw new Error(`verify failed on an untouched chain at ${r.position}`);
  await store.close();
  return {
    events: EVENTS,
    verifiedEvents: r.verified,
    chainEventsPerSecond: rate(EVENTS, chainMs),
    verifyEventsPerSecond: rate(r.verified, verifyMs),
  };
}
