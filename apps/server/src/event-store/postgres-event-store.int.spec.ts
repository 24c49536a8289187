import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type NewEvent, type StoredEvent } from '@okul/domain';
import {
  ProjectionRunner,
  defineProjection,
  type Db,
  type ProjectionContext,
  type Sql,
} from '@okul/projections';
import { StreamByStreamEventStore } from '../../test/support/stream-by-stream-event-store';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import { createPgDb } from '../infra/db/pg-db';
import { createPgliteDb } from '../infra/db/pglite-db';
import { eventStoreContract } from './event-store.contract';
import type { QueuedAppend } from './pipelined-appends';
import { PostgresEventStore } from './postgres-event-store';

eventStoreContract(
  'PostgreSQL (pg)',
  async () => {
    const t = await createTestDatabase();
    const store = await PostgresEventStore.create(t.db);
    return {
      store,
      async cleanup() {
        await store.close();
        await t.drop();
      },
    };
  },
  { readsTypes: true },
);

// The stand-in for EventStoreDB that the executor's non-atomic path is proven on keeps the same contract.
eventStoreContract('PostgreSQL written stream by stream (as EventStoreDB)', async () => {
  const t = await createTestDatabase();
  const store = new StreamByStreamEventStore(await PostgresEventStore.create(t.db));
  return {
    store,
    async cleanup() {
      await store.close();
      await t.drop();
    },
  };
});

eventStoreContract(
  'PostgreSQL (PGlite, in memory)',
  async () => {
    const db = await createPgliteDb();
    const store = await PostgresEventStore.create(db);
    return {
      store,
      async cleanup() {
        await store.close();
        await db.close();
      },
    };
  },
  { readsTypes: true },
);

function newEvent(writer: number, n: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'LoadGenerated',
    data: { writer, n },
    metadata: {
      organizationId: `org-${writer % 4}`,
      userId: null,
      ipAddress: null,
      userAgent: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

describe('PostgreSQL (pg): appends written together', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase();
    store = await PostgresEventStore.create(t.db);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  it('fails only the append whose statement the database refuses, not the others written with it', async () => {
    const twice = newEvent(0, 0);
    // The first call starts a transaction at once; the next three queue behind it and share one.
    const outcomes = await Promise.allSettled([
      store.append('batch-a', [newEvent(0, 1)], 'no_stream'),
      store.append('batch-b', [newEvent(0, 2)], 'no_stream'),
      store.append('batch-bad', [twice, twice], 'no_stream'),
      store.append('batch-c', [newEvent(0, 3)], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('batch-bad')).toEqual([]);
    for (const s of ['batch-a', 'batch-b', 'batch-c']) expect(await store.readStream(s)).toHaveLength(1);
  });

  it('keeps the order in which appends to one stream were queued', async () => {
    const e = Array.from({ length: 6 }, (_, i) => newEvent(2, i));
    await Promise.all([
      store.append('order-warm', [newEvent(2, 99)], 'no_stream'),
      store.append('order', [e[0]], 'any'),
      store.appendMany([
        { streamId: 'order-x', events: [newEvent(2, 100)], expectedVersion: 'any' },
        { streamId: 'order', events: [e[1]], expectedVersion: 'any' },
      ]),
      store.append('order-x', [newEvent(2, 101)], 'any'),
      store.append('order', [e[2]], 'any'),
      // twice the same stream in one call: written step by step, in place
      store.appendMany([
        { streamId: 'order', events: [e[3]], expectedVersion: 'any' },
        { streamId: 'order', events: [e[4]], expectedVersion: 'any' },
      ]),
      store.append('order', [e[5]], 'any'),
    ]);
    expect((await store.readStream('order')).map((x) => x.id)).toEqual(e.map((x) => x.id));
  });

  it('finishes the appends it queued before close resolves', async () => {
    const closing = await PostgresEventStore.create(t.db);
    const settled: string[] = [];
    const pending = ['close-a', 'close-b', 'close-c'].map((s) =>
      closing.append(s, [newEvent(3, 0)], 'no_stream').then(() => settled.push(s)),
    );
    await closing.close();
    expect(settled.sort()).toEqual(['close-a', 'close-b', 'close-c']);
    await Promise.all(pending);
  });

  it('refuses writers that met on one stream without a statement each, and writes one queued at the version the batch leaves', async () => {
    let statements = 0;
    const count = (sql: Sql): Sql => ({
      query: (text, params) => {
        if (text.includes('okul_append_')) statements++;
        return sql.query(text, params);
      },
      exec: (text) => sql.exec(text),
    });
    const counted = await PostgresEventStore.create({
      ...t.db,
      ...count(t.db),
      transaction: (fn) => t.db.transaction((tx) => fn(count(tx))),
    });
    try {
      const warm = counted.append('met-warm', [newEvent(4, 0)], 'no_stream');
      // Queued behind the first append, so they share one transaction.
      const racing = Array.from({ length: 30 }, (_, i) =>
        counted.append('met-counter', [newEvent(4, i + 1)], 'no_stream'),
      );
      const next = counted.append('met-counter', [newEvent(4, 99)], 0);
      await warm;
      const outcomes = await Promise.allSettled(racing);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes.slice(1))
        expect(o.status === 'rejected' && o.reason).toBeInstanceOf(ConcurrencyError);
      expect((await next).nextExpectedVersion).toBe(1);
      // The warm-up's statement, the winner's and the one queued after it.
      expect(statements).toBe(3);
      expect((await counted.readStream('met-counter')).map((e) => e.streamVersion)).toEqual([0, 1]);
    } finally {
      await counted.close();
    }
  });

  it('refuses a unit with a stale version and writes the rest of its batch', async () => {
    await store.append('stale', [newEvent(1, 0)], 'no_stream');
    const outcomes = await Promise.allSettled([
      store.append('stale-first', [newEvent(1, 1)], 'no_stream'),
      store.appendMany([
        { streamId: 'stale-other', events: [newEvent(1, 2)], expectedVersion: 'no_stream' },
        { streamId: 'stale', events: [newEvent(1, 3)], expectedVersion: 'no_stream' },
      ]),
      store.append('stale-next', [newEvent(1, 4)], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('stale-other')).toEqual([]);
    expect(await store.readStream('stale')).toHaveLength(1);
    expect(await store.readStream('stale-next')).toHaveLength(1);
  });
});

describe('PostgreSQL (pg): batches in flight together', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  let active = 0;
  let most = 0;

  // The append statements running at once, counted around each call.
  const counting = (sql: Sql): Sql => ({
    query: async (text, params, options) => {
      if (!text.includes('okul_append_')) return sql.query(text, params, options);
      most = Math.max(most, ++active);
      try {
        return await sql.query(text, params, options);
      } finally {
        active--;
      }
    },
    exec: (text) => sql.exec(text),
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    store = await PostgresEventStore.create({
      ...t.db,
      ...counting(t.db),
      transaction: (fn) => t.db.transaction((tx) => fn(counting(tx))),
    });
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  it('writes a second batch while the first commits, and a batch the database refuses fails alone', async () => {
    for (const badFirst of [true, false]) {
      most = 0;
      const twice = newEvent(5, 0);
      const bad = () => store.append(`flight-bad-${badFirst}`, [twice, twice], 'no_stream');
      const good = (i: number) => store.append(`flight-${badFirst}-${i}`, [newEvent(5, i)], 'no_stream');
      const outcomes = await Promise.allSettled(
        badFirst ? [bad(), good(1), good(2), good(3)] : [good(1), bad(), good(2), good(3)],
      );
      expect(outcomes.map((o) => o.status)).toEqual(
        badFirst
          ? ['rejected', 'fulfilled', 'fulfilled', 'fulfilled']
          : ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
      );
      expect(most).toBeGreaterThanOrEqual(2);
      expect(await store.readStream(`flight-bad-${badFirst}`)).toEqual([]);
      for (const i of [1, 2, 3]) expect(await store.readStream(`flight-${badFirst}-${i}`)).toHaveLength(1);
    }
  });

  it('writes appends to one stream in the order they were started while other batches are in flight', async () => {
    const x = Array.from({ length: 5 }, (_, i) => newEvent(6, i));
    const [a, , b, , c, [, d]] = await Promise.all([
      store.append('flight-order', [x[0]], 'no_stream'),
      store.append('flight-order-y', [newEvent(6, 10)], 'no_stream'),
      store.append('flight-order', [x[1]], 0),
      store.append('flight-order-z', [newEvent(6, 11)], 'no_stream'),
      store.append('flight-order', [x[2], x[3]], 1),
      store.appendMany([
        { streamId: 'flight-order-w', events: [newEvent(6, 12)], expectedVersion: 'no_stream' },
        { streamId: 'flight-order', events: [x[4]], expectedVersion: 3 },
      ]),
    ]);
    expect([a, b, c, d].map((r) => r.nextExpectedVersion)).toEqual([0, 1, 3, 4]);
    expect((await store.readStream('flight-order')).map((e) => e.id)).toEqual(x.map((e) => e.id));
  });

  it("refuses an append behind a version its stream reached earlier, with the stream's version now", async () => {
    await store.append('flight-known', [newEvent(7, 0)], 'no_stream');
    // Another process moves the stream on: what this instance remembers is only a version it reached.
    const other = new PostgresEventStore(t.db);
    await other.append('flight-known', [newEvent(7, 1)], 0);
    await other.append('flight-known', [newEvent(7, 2)], 1);
    await other.close();
    // Two batches in flight first, so that the two appends below queue and go together.
    const outcomes = await Promise.allSettled([
      store.append('flight-known-a', [newEvent(7, 3)], 'no_stream'),
      store.append('flight-known-b', [newEvent(7, 4)], 'no_stream'),
      store.append('flight-known', [newEvent(7, 5)], 'no_stream'),
      store.append('flight-known', [newEvent(7, 6)], 2),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refused = (outcomes[2] as PromiseRejectedResult).reason as ConcurrencyError;
    expect(refused).toBeInstanceOf(ConcurrencyError);
    expect(refused.actual).toBe(2);
    expect((await store.readStream('flight-known')).map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
  });
});

// Appends queued one behind another by the executor's draws on a counter (`appendManyQueued`).
for (const [name, open] of [
  [
    'pg',
    async () => {
      const t = await createTestDatabase();
      return { db: t.db, drop: () => t.drop() };
    },
  ],
  [
    'PGlite',
    async () => {
      const db = await createPgliteDb();
      return { db, drop: () => db.close() };
    },
  ],
] as const) {
  describe(`PostgreSQL (${name}): appends queued one after another`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    let store: PostgresEventStore;

    beforeAll(async () => {
      ({ db, drop } = await open());
      store = await PostgresEventStore.create(db);
    });
    afterAll(async () => {
      await store.close();
      await drop();
    });

    const queue = (
      streamId: string,
      events: NewEvent[],
      expectedVersion: number | 'no_stream',
      after?: QueuedAppend,
    ) => {
      let place: QueuedAppend | undefined;
      const written = store.appendManyQueued([{ streamId, events, expectedVersion }], {
        queued: (p) => (place = p),
        after,
      });
      // Told before appendManyQueued returns: the caller may queue the next append at once.
      expect(place).toBeDefined();
      return { written, place: place! };
    };

    it('tells the place synchronously and writes the appends queued behind it, in order, on what it leaves', async () => {
      const s = `queued-${randomUUID()}`;
      const e = Array.from({ length: 4 }, (_, i) => newEvent(8, i));
      const a = queue(s, [e[0]], 'no_stream');
      const b = queue(s, [e[1], e[2]], 0, a.place);
      const c = queue(s, [e[3]], 2, b.place);
      const results = await Promise.all([a.written, b.written, c.written]);
      expect(results.map(([r]) => r.nextExpectedVersion)).toEqual([0, 2, 3]);
      expect((await store.readStream(s)).map((x) => x.id)).toEqual(e.map((x) => x.id));
    });

    for (const mode of [
      'batches one after another',
      'one batch',
      'one batch with a unit written step by step',
    ]) {
      const together = mode !== 'batches one after another';
      it(`refuses the appends decided on one that was not written, even at the version they expect (${mode})`, async () => {
        const s = `queued-${randomUUID()}`;
        await store.append(s, [newEvent(9, 0)], 'no_stream');
        // Another process writes in between: the stream is at 1 where the first append expects 0.
        const other = new PostgresEventStore(db);
        await other.append(s, [newEvent(9, 1)], 0);
        await other.close();
        // Appends on other streams first fill the batches in flight, so that the four below share one batch.
        const fillers = together
          ? [0, 1].map((i) => store.append(`queued-fill-${randomUUID()}`, [newEvent(9, 10 + i)], 'no_stream'))
          : [];
        if (mode.endsWith('step by step')) {
          // twice the same stream in one unit: the batch goes round by round in one transaction
          const twice = `queued-twice-${randomUUID()}`;
          fillers.push(
            store
              .appendMany([
                { streamId: twice, events: [newEvent(9, 20)], expectedVersion: 'no_stream' },
                { streamId: twice, events: [newEvent(9, 21)], expectedVersion: 0 },
              ])
              .then(([r]) => r),
          );
        }
        const a = queue(s, [newEvent(9, 2)], 0);
        // decided on `a`: expects the version `a` would leave, which the other process's write reached
        const b = queue(s, [newEvent(9, 3)], 1, a.place);
        const c = queue(s, [newEvent(9, 4)], 2, b.place);
        // decided on the stream as read: not tied to `a`
        const d = queue(s, [newEvent(9, 5)], 1);
        const outcomes = await Promise.allSettled([a.written, b.written, c.written, d.written, ...fillers]);
        expect(outcomes.map((o) => o.status)).toEqual([
          'rejected',
          'rejected',
          'rejected',
          'fulfilled',
          ...fillers.map(() => 'fulfilled'),
        ]);
        for (const o of outcomes.slice(0, 3)) {
          expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
          expect(((o as PromiseRejectedResult).reason as ConcurrencyError).streamId).toBe(s);
        }
        expect((await store.readStream(s)).map((x) => (x.data as { n: number }).n)).toEqual([0, 1, 5]);
      });
    }

    it('refuses the append decided on one the database refused, in a batch written again unit by unit', async () => {
      const s = `queued-${randomUUID()}`;
      const fillers = [0, 1].map((i) =>
        store.append(`queued-fill-${randomUUID()}`, [newEvent(10, 10 + i)], 'no_stream'),
      );
      // jsonb cannot hold \u0000: the statement fails and takes the shared transaction with it
      const a = queue(s, [{ ...newEvent(10, 0), data: { n: '\u0000' } }], 'no_stream');
      const b = queue(s, [newEvent(10, 1)], 'no_stream', a.place);
      const c = queue(`queued-${randomUUID()}`, [newEvent(10, 2)], 'no_stream');
      const outcomes = await Promise.allSettled([a.written, b.written, c.written, ...fillers]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'rejected',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect((outcomes[0] as PromiseRejectedResult).reason).not.toBeInstanceOf(ConcurrencyError);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(s)).toEqual([]);
    });
  });
}

describe('PostgreSQL (pg): global order under concurrent writers', () => {
  const WRITERS = 16;
  const PER_WRITER = 100;
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase();
    store = await PostgresEventStore.create(t.db);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  // A reader that moved past position N must never see an event below N appear later: it would never read
  // it (a position drawn before a slower transaction committed). The reader pages readAll from its last position, as the projection runner
  // does, while 16 writers commit; if any position became visible out of order it would have skipped that
  // event, and the comparison with the final log fails.
  it('lets a live reader see every event once, in strictly increasing position, with no gap filled later', async () => {
    const seen: bigint[] = [];
    let outOfOrder = 0;
    let writing = true;
    const reader = (async () => {
      let position = 0n;
      for (;;) {
        const done = !writing;
        const page = await store.readAll(position, 500);
        for (const e of page) {
          if (seen.length > 0 && e.globalPosition <= seen[seen.length - 1]) outOfOrder++;
          seen.push(e.globalPosition);
          position = e.globalPosition;
        }
        // One more full read after the writers finished, so the reader ends at the head.
        if (done && page.length === 0) return;
        if (page.length === 0) await new Promise((r) => setTimeout(r, 5));
      }
    })();

    async function writer(w: number) {
      const own = `load-${w}`;
      const shared = `load-shared-${w % 4}`;
      let version: number | 'no_stream' = 'no_stream';
      let written = 0;
      let step = 0;
      while (written < PER_WRITER) {
        const left = PER_WRITER - written;
        const kind = step++ % 4;
        if (kind === 1 && left >= 3) {
          // one append of several events to its own stream
          const batch = [newEvent(w, written), newEvent(w, written + 1), newEvent(w, written + 2)];
          version = (await store.append(own, batch, version)).nextExpectedVersion;
          written += 3;
        } else if (kind === 3 && left >= 2) {
          // one transaction across its own stream and a stream other writers append to as well
          const [mine] = await store.appendMany([
            { streamId: own, events: [newEvent(w, written)], expectedVersion: version },
            { streamId: shared, events: [newEvent(w, written + 1)], expectedVersion: 'any' },
          ]);
          version = mine.nextExpectedVersion;
          written += 2;
        } else {
          version = (await store.append(own, [newEvent(w, written)], version)).nextExpectedVersion;
          written += 1;
        }
      }
    }

    try {
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    } finally {
      writing = false;
      await reader;
    }

    const all: StoredEvent[] = [];
    for (let page = await store.readAll(0n, 1000); page.length > 0;) {
      all.push(...page);
      page = await store.readAll(page[page.length - 1].globalPosition, 1000);
    }
    expect(all).toHaveLength(WRITERS * PER_WRITER);
    expect(outOfOrder).toBe(0);
    expect(seen).toEqual(all.map((e) => e.globalPosition));
    for (let w = 0; w < WRITERS; w++) {
      const own = await store.readStream(`load-${w}`);
      expect(own.map((e) => e.streamVersion)).toEqual(own.map((_, i) => i));
    }
  });
});

describe('PostgreSQL (pg): appends of other processes', () => {
  let t: TestDatabase;
  let other: Db;

  beforeAll(async () => {
    t = await createTestDatabase();
    // A second pool on the same database, as another process of the deployment would hold.
    other = createPgDb(t.url, { max: 4, applicationName: 'okul-test-writes-other' });
  });
  afterAll(async () => {
    await other.close();
    await t.drop();
  });

  it('tells the listeners of one instance the position another instance appended at', async () => {
    const writer = await PostgresEventStore.create(t.db);
    const hearer = await PostgresEventStore.create(other);
    const heard: bigint[] = [];
    let hearOne: () => void = () => undefined;
    const unlisten = hearer.onAppended((p) => {
      heard.push(p);
      hearOne();
    });
    try {
      // LISTEN runs on a connection of its own: wait until it is in place before appending.
      await until(async () => {
        const r = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'okul-test-writes-other-listen'
              AND query ILIKE 'LISTEN%'`,
        );
        return r.rows[0].n === 1;
      });
      const next = new Promise<void>((resolve) => (hearOne = resolve));
      const r = await writer.append('notified', [newEvent(5, 0)], 'no_stream');
      await next;
      expect(heard).toEqual([r.lastPosition]);
    } finally {
      unlisten();
      await hearer.close();
      await writer.close();
    }
  });

  it('wakes a projection runner whose own process appended nothing, long before its idle poll', async () => {
    const writer = await PostgresEventStore.create(t.db);
    const store = await PostgresEventStore.create(other);
    let applied: (position: bigint) => void = () => undefined;
    const projection = defineProjection({
      name: 'writes_wake_probe',
      version: 1,
      tables: ['writes_wake_probe'],
      schema: (tb) => `CREATE TABLE ${tb('writes_wake_probe')} (n int)`,
      handlers: {
        LoadGenerated: async (_ctx: ProjectionContext, e: StoredEvent) => applied(e.globalPosition),
      } as Record<string, (ctx: ProjectionContext, e: StoredEvent) => Promise<void>>,
    });
    // Idle for a minute: only the other instance's NOTIFY can wake it within the test's time.
    const runner = new ProjectionRunner(other, store, [projection], { idleMs: 60_000 });
    await runner.prepare();
    const unlisten = store.onAppended(() => runner.notify());
    runner.start();
    try {
      await until(async () => runner.status()[0].state === 'idle');
      await until(async () => {
        const r = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'okul-test-writes-other-listen'
              AND query ILIKE 'LISTEN%'`,
        );
        return r.rows[0].n === 1;
      });
      const seen = new Promise<bigint>((resolve) => (applied = resolve));
      const r = await writer.append('woken', [newEvent(6, 0)], 'no_stream');
      expect(await seen).toBe(r.lastPosition);
    } finally {
      unlisten();
      await runner.stop();
      await store.close();
      await writer.close();
    }
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
