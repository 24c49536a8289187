import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, StoredEvent } from '@okul/domain';
import { PostgresEventStore } from '../../../../apps/server/src/event-store/postgres-event-store';
import { createPgDb } from '../../../../apps/server/src/infra/db/pg-db';
import { createPgliteDb } from '../../../../apps/server/src/infra/db/pglite-db';
import { createTestDatabase, type TestDatabase } from '../../../../apps/server/test/support/test-db';
import {
  ADDED,
  appendAdds,
  checkpointOf,
  counterProjection,
  expectedModel,
  readModel,
  type AddedData,
} from '../../test/counter-projection';
import { handlerFor, type Projection, type ProjectionContext } from './projection';
import type { Db } from './sql';
import {
  parkedGroups,
  ProjectionRunner,
  projectionStatuses,
  rebuildProjection,
  retryParked,
  staleReadModels,
} from './runner';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CRASH_RUNNER = fileURLToPath(new URL('../../test/crash-runner.ts', import.meta.url));

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** A fresh database with the event store on it; dropped after the test. */
async function fresh(): Promise<{ t: TestDatabase; db: Db; store: PostgresEventStore }> {
  const t = await createTestDatabase();
  cleanups.push(() => t.drop());
  const store = await PostgresEventStore.create(t.db);
  return { t, db: t.db, store };
}

/** Another connection pool on the same database, as a second process would have. */
function pool(url: string): Db {
  const db = createPgDb(url, { max: 6 });
  cleanups.push(() => db.close());
  return db;
}

function runner(db: Db, store: EventStore, ...projections: Projection[]) {
  const r = new ProjectionRunner(db, store, projections, { idleMs: 10, leaderRetryMs: 50, batchSize: 50 });
  cleanups.push(() => r.stop());
  return r;
}

async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Physical tables of a counter projection (any generation). */
async function generationTables(db: Db, projection: string): Promise<string[]> {
  const r = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name ~ $1 ORDER BY table_name`,
    [`^${projection}_(applied|counters|totals)__g[0-9]+$`],
  );
  return r.rows.map((x) => x.table_name);
}

async function viewTarget(db: Db, view: string): Promise<string[]> {
  const r = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.view_table_usage WHERE view_name = $1`,
    [view],
  );
  return r.rows.map((x) => x.table_name);
}

describe('ProjectionRunner on Postgres', () => {
  it('applies every event exactly once, and waitFor resolves once the write is visible', async () => {
    const { db, store } = await fresh();
    const p = counterProjection({ name: 'once' });
    const r = runner(db, store, p);
    await r.prepare();
    r.start();
    for (let i = 0; i < 40; i++) {
      const streamId = `once-${i % 5}`;
      const res = await store.append(
        streamId,
        [1, 2, 3].map((k) => ({
          id: crypto.randomUUID(),
          type: ADDED,
          data: { amount: i * 3 + k } satisfies AddedData,
          metadata: {
            organizationId: 'o',
            userId: 'u',
            ipAddress: null,
            userAgent: null,
            correlationId: 'c',
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        })),
        'any',
      );
      expect(await r.waitFor(res.lastPosition)).toBe(true);
      // Read-your-writes: right after waitFor, a reader of the view sees this very append.
      const seen = await db.query<{ last_version: number }>(
        `SELECT last_version FROM once_counters WHERE stream_id = $1`,
        [streamId],
      );
      expect(seen.rows[0]?.last_version).toBe(res.nextExpectedVersion);
      const applied = await db.query(`SELECT 1 FROM once_applied WHERE position = $1`, [
        res.lastPosition.toString(),
      ]);
      expect(applied.rowCount).toBe(1);
    }
    await appendAdds(store, 333, { perAppend: 7 });
    const head = await store.headPosition();
    expect(await r.waitFor(head)).toBe(true);
    expect(await readModel(db, 'once')).toEqual(await expectedModel(store));
    expect((await checkpointOf(db, 'once'))?.position).toBe(head.toString());
    // A position nobody wrote yet is not reached: waitFor answers false after its timeout.
    expect(await r.waitFor(head + 10n, 150)).toBe(false);
    // The status tells a led projection from one that no process runs.
    expect((await projectionStatuses(db, store, [p]))[0]).toMatchObject({
      state: 'idle',
      position: head,
      lag: 0n,
    });
    await r.stop();
    expect((await projectionStatuses(db, store, [p]))[0]).toMatchObject({ state: 'stopped', generation: 1 });
  });

  it('answers its waiters at once when the database cannot be reached, not after their whole wait', async () => {
    const { db, store } = await fresh();
    let down = false;
    const terminated = () =>
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    // The database as the runner sees it during a restart: every statement fails with a connection error.
    const flaky: Db = {
      ...db,
      kind: db.kind,
      query: (text, params, options) =>
        down ? Promise.reject(terminated()) : db.query(text, params, options),
      exec: (text) => (down ? Promise.reject(terminated()) : db.exec(text)),
      transaction: (fn) => (down ? Promise.reject(terminated()) : db.transaction(fn)),
      tryLock: (name) => db.tryLock(name),
      close: () => db.close(),
    };
    const r = runner(flaky, store, counterProjection({ name: 'away' }));
    await r.prepare();
    r.start();
    await appendAdds(store, 20);
    const head = await store.headPosition();
    expect(await r.waitFor(head)).toBe(true);
    // Healthy: a position nobody wrote is waited for to the end.
    const healthy = r.waitFor(head + 10n, 60_000);
    expect(await Promise.race([healthy, sleep(1_000).then(() => 'waiting')])).toBe('waiting');
    down = true;
    // Unreachable: the waiter is answered (not reached) long before its minute is up.
    expect(await Promise.race([healthy, sleep(20_000).then(() => 'still waiting')])).toBe(false);
    down = false;
    await appendAdds(store, 5);
    expect(await r.waitFor(await store.headPosition(), 30_000)).toBe(true);
  });

  it('lets each projection go at its own pace: a blocked one does not hold the others back', async () => {
    const { db, store } = await fresh();
    const base = counterProjection({ name: 'slow' });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The slow projection's handler waits until the test opens the gate, in the middle of its first batch.
    const slow: Projection = {
      ...base,
      handlers: {
        [ADDED]: async (ctx: ProjectionContext, e: StoredEvent) => {
          await gate;
          await handlerFor(base, ADDED)!(ctx, e);
        },
      } as Projection['handlers'],
    };
    const fast = counterProjection({ name: 'fast' });
    const r = new ProjectionRunner(db, store, [slow, fast], {
      idleMs: 10,
      leaderRetryMs: 50,
      batchSize: 50,
      concurrency: 2,
    });
    cleanups.push(async () => {
      open();
      await r.stop();
    });
    await r.prepare();
    const head = await appendAdds(store, 400, { perAppend: 20 });
    r.start();
    // Eight batches for the fast one while the slow one is still in its first.
    await until(
      async () => (await checkpointOf(db, 'fast'))?.position === head.toString(),
      20_000,
      'the fast projection at the head',
    );
    expect((await checkpointOf(db, 'slow'))?.position).toBe('0');
    open();
    expect(await r.waitFor(head, 20_000)).toBe(true);
    expect(await readModel(db, 'slow')).toEqual(await expectedModel(store));
    expect(await readModel(db, 'fast')).toEqual(await expectedModel(store));
    expect(r.throughput().fast).toMatchObject({ events: Number(head), batches: 8 });
  });

  it('reads each batch of events once while a light projection races ahead of a slow one', async () => {
    const { db, store } = await fresh();
    const base = counterProjection({ name: 'behind' });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow: Projection = {
      ...base,
      handlers: {
        [ADDED]: async (ctx: ProjectionContext, e: StoredEvent) => {
          await gate;
          await handlerFor(base, ADDED)!(ctx, e);
        },
      } as Projection['handlers'],
    };
    // Handles a type the history does not hold: it passes every batch and reaches the head first.
    const light: Projection = {
      ...counterProjection({ name: 'ahead' }),
      handlers: { OtherHappened: async () => undefined } as unknown as Projection['handlers'],
    };
    const r = new ProjectionRunner(db, store, [slow, light], {
      idleMs: 10,
      leaderRetryMs: 50,
      batchSize: 50,
    });
    cleanups.push(async () => {
      open();
      await r.stop();
    });
    await r.prepare();
    // Thirty full batches: more than the runner keeps (eight for two projections).
    const head = await appendAdds(store, 1500, { perAppend: 50 });
    r.start();
    await until(
      async () => (await checkpointOf(db, 'ahead'))?.position === head.toString(),
      20_000,
      'the light projection at the head',
    );
    open();
    expect(await r.waitFor(head, 30_000)).toBe(true);
    expect(await readModel(db, 'behind')).toEqual(await expectedModel(store));
    // Every event was read from the store once: the light projection read only positions and types beyond
    // the kept batches, and each kept batch waited for the slow projection.
    expect(r.storeReads().events).toBe(Number(head));
    // Behind, the slow projection applied the kept batches already read several to a transaction (the first
    // was under way when the light one read the others): fewer transactions than batches, every event once.
    const behind = r.throughput().behind;
    expect(behind.events).toBe(Number(head));
    expect(behind.batches).toBeLessThan(30);
  });

  it('reads the events near the head once: a projection behind takes what was read since from memory', async () => {
    const { db, store } = await fresh();
    const base = counterProjection({ name: 'behind' });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow: Projection = {
      ...base,
      handlers: {
        [ADDED]: async (ctx: ProjectionContext, e: StoredEvent) => {
          await gate;
          await handlerFor(base, ADDED)!(ctx, e);
        },
      } as Projection['handlers'],
    };
    const light: Projection = {
      ...counterProjection({ name: 'ahead' }),
      handlers: { OtherHappened: async () => undefined } as unknown as Projection['handlers'],
    };
    const r = runner(db, store, slow, light);
    cleanups.push(async () => {
      open();
      await r.stop();
    });
    await r.prepare();
    let head = await appendAdds(store, 30);
    r.start();
    // The slow projection holds its first batch while the light one reads each new append at the head, in
    // short batches (fewer events than a batch of 50).
    for (const [count, prefix] of [
      [0, ''],
      [20, 'second'],
      [10, 'third'],
    ] as const) {
      if (count > 0) head = await appendAdds(store, count, { prefix });
      const at = head.toString();
      await until(async () => (await checkpointOf(db, 'ahead'))?.position === at, 20_000, 'the light one');
    }
    expect((await checkpointOf(db, 'behind'))?.position).toBe('0');
    open();
    expect(await r.waitFor(head, 30_000)).toBe(true);
    expect(await readModel(db, 'behind')).toEqual(await expectedModel(store));
    // The events the light projection read after the slow one's first batch were not read again for it.
    expect(r.storeReads().events).toBe(Number(head));
  });

  it('commits a batch without waiting for its flush to disk, and only that transaction', async () => {
    const { db, store } = await fresh();
    const base = counterProjection({ name: 'flush' });
    const seen: string[] = [];
    // What the batch's own transaction says when its handler runs (the claim came first).
    const p: Projection = {
      ...base,
      handlers: {
        [ADDED]: async (ctx: ProjectionContext, e: StoredEvent) => {
          const r = await ctx.sql.query<{ mode: string }>(
            `SELECT current_setting('synchronous_commit') AS mode`,
          );
          seen.push(r.rows[0].mode);
          await handlerFor(base, ADDED)!(ctx, e);
        },
      } as Projection['handlers'],
    };
    const r = runner(db, store, p);
    await r.prepare();
    r.start();
    const head = await appendAdds(store, 20, { perAppend: 5 });
    expect(await r.waitFor(head)).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['off']));
    expect(await readModel(db, 'flush')).toEqual(await expectedModel(store));
    // A session's own setting is untouched: set_config(..., true) lasts until the transaction's end.
    const after = await db.query<{ mode: string }>(`SELECT current_setting('synchronous_commit') AS mode`);
    expect(after.rows[0].mode).toBe('on');
  });

  it('passes the batches holding no event a projection handles with one checkpoint write', async () => {
    const { db, store } = await fresh();
    const p = counterProjection({ name: 'rare' });
    const r = runner(db, store, p);
    await r.prepare();
    // 300 events of a type the projection does not handle (six full batches of 50), then three it does.
    for (let i = 0; i < 30; i++) {
      await store.append(
        `other-${i}`,
        Array.from({ length: 10 }, () => ({
          id: crypto.randomUUID(),
          type: 'OtherHappened',
          data: {},
          metadata: {
            organizationId: 'o',
            userId: 'u',
            ipAddress: null,
            userAgent: null,
            correlationId: 'c',
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        })),
        'no_stream',
      );
    }
    const head = await appendAdds(store, 3, { perAppend: 3 });
    r.start();
    expect(await r.waitFor(head)).toBe(true);
    expect((await checkpointOf(db, 'rare'))?.position).toBe(head.toString());
    expect(await readModel(db, 'rare')).toEqual(await expectedModel(store));
    // Every event counted, in one transaction (the batch holding the three).
    expect(r.throughput().rare).toMatchObject({ events: Number(head), batches: 1 });
  });

  it('moves the checkpoints of the projections with nothing to apply in one statement, each row compared on its own', async () => {
    const { db, store } = await fresh();
    const MOVES = 'AS m(name, generation, from_position, to_position)';
    const sent: string[][] = [];
    let interfere = true;
    // The runner's pool, seeing each statement that moves checkpoints together; the first one finds the
    // checkpoint of "mb" already moved by someone else just before it arrives.
    const watched: Db = {
      ...db,
      async query(text, params, options) {
        if (text.includes(MOVES)) {
          const [names, , , to] = params as [string[], number[], string[], string[]];
          sent.push([...names].sort());
          const b = names.indexOf('mb');
          if (interfere && b >= 0) {
            interfere = false;
            await db.query(`UPDATE projection_checkpoints SET position = $1 WHERE name = 'mb'`, [to[b]]);
          }
        }
        return db.query(text, params, options);
      },
    };
    const names = ['ma', 'mb', 'mc', 'md'];
    const r = runner(watched, store, ...names.map((name) => counterProjection({ name })));
    await r.prepare();
    r.start();
    expect(await r.waitFor(await appendAdds(store, 20, { perAppend: 5 }))).toBe(true);
    // Then appends of a type none of them handles, one at a time at the head.
    let head = 0n;
    for (let i = 0; i < 5; i++) {
      head = await store
        .append(
          `other-${i}`,
          [
            {
              id: crypto.randomUUID(),
              type: 'OtherHappened',
              data: {},
              metadata: {
                organizationId: 'o',
                userId: 'u',
                ipAddress: null,
                userAgent: null,
                correlationId: 'c',
                causationId: null,
                occurredAt: new Date().toISOString(),
              },
            },
          ],
          'no_stream',
        )
        .then((a) => a.lastPosition);
      const at = head.toString();
      await until(
        async () =>
          (await Promise.all(names.map((n) => checkpointOf(db, n)))).every((c) => c?.position === at),
        20_000,
        `every checkpoint at ${at}`,
      );
    }
    for (const name of names) expect(await readModel(db, name)).toEqual(await expectedModel(store));
    expect(interfere).toBe(false);
    // Woken by the same append, the projections' moves shared a statement (one each would be 20 of one row).
    expect(Math.max(...sent.map((x) => x.length))).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(names.length * 5);
  });

  it('re-reads the checkpoints of the idle projections it leads in one statement a round', async () => {
    const { db, store } = await fresh();
    const READS =
      'LEFT JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation';
    const sent: string[][] = [];
    const watched: Db = {
      ...db,
      async query(text, params, options) {
        if (text.includes(READS) && text.includes('projection_state s'))
          sent.push((Array.isArray(params?.[0]) ? (params[0] as string[]) : [params?.[0] as string]).sort());
        return db.query(text, params, options);
      },
    };
    const names = ['ra', 'rb', 'rc', 'rd'];
    const r = runner(watched, store, ...names.map((name) => counterProjection({ name })));
    await r.prepare();
    r.start();
    expect(await r.waitFor(await appendAdds(store, 10, { perAppend: 5 }))).toBe(true);
    // Idle now: each projection re-reads its checkpoint every round (leaderRetryMs), woken by the shared timer.
    const from = sent.length;
    await until(() => sent.slice(from).flat().length >= 40, 20_000, 'ten rounds of checkpoint reads');
    const idle = sent.slice(from);
    for (const name of names) expect(idle.some((x) => x.includes(name))).toBe(true);
    // One statement a round for the four (one each would be as many statements as names read).
    expect(idle.length).toBeLessThan(idle.flat().length / 2);
    expect(idle.some((x) => x.length === names.length)).toBe(true);
    expect(await r.waitFor(await appendAdds(store, 3))).toBe(true);
    for (const name of names) expect(await readModel(db, name)).toEqual(await expectedModel(store));
  });

  it('opens the transaction of each batch with its claim in one round trip where the database offers it', async () => {
    const { db, store } = await fresh();
    const opened: string[] = [];
    let plain = 0;
    const watched: Db = {
      ...db,
      transaction(fn) {
        plain++;
        return db.transaction(fn);
      },
      transactionFrom(first, fn) {
        opened.push(first);
        return db.transactionFrom!(first, fn);
      },
    };
    const r = runner(watched, store, counterProjection({ name: 'opened' }));
    await r.prepare();
    r.start();
    const before = plain;
    expect(await r.waitFor(await appendAdds(store, 30, { perAppend: 5 }))).toBe(true);
    expect(await readModel(db, 'opened')).toEqual(await expectedModel(store));
    expect(opened.length).toBeGreaterThan(0);
    for (const text of opened) expect(text).toMatch(/^UPDATE projection_checkpoints SET position = /);
    // Every live batch went through it; none opened a transaction of its own for the claim.
    expect(plain).toBe(before);
  });

  it('reads the head once per told append: a waiter does not wake it again, nor does a batch that reached the head', async () => {
    const { db, store } = await fresh();
    let reads = 0;
    let gate: Promise<void> | null = null;
    // The store as the runner reads it: counted, and held while the test needs a read under way.
    const watched = Object.create(store) as PostgresEventStore;
    watched.readAll = async (from, limit) => {
      reads++;
      if (gate) await gate;
      return store.readAll(from, limit);
    };
    const p = counterProjection({ name: 'told' });
    // Every append is told (as the server's store does): the idle poll never fires within the test.
    const r = new ProjectionRunner(db, watched, [p], {
      idleMs: 60_000,
      leaderRetryMs: 60_000,
      batchSize: 50,
      toldEveryAppend: true,
    });
    cleanups.push(() => r.stop());
    await r.prepare();
    r.start();
    await until(() => r.status()[0].state === 'idle', 20_000, 'idle');
    for (let i = 0; i < 3; i++) {
      let open: () => void = () => undefined;
      gate = new Promise<void>((resolve) => (open = resolve));
      const position = await appendAdds(store, 1, { perAppend: 2, prefix: `told-${i}` });
      const before = reads;
      r.notify();
      // The projection is reading the head when the request waiting for that append comes.
      await until(() => reads > before, 20_000, 'the read at the head');
      const waited = r.waitFor(position);
      gate = null;
      open();
      expect(await waited).toBe(true);
      await sleep(300);
      expect(reads - before).toBe(1);
    }
    expect(await readModel(db, 'told')).toEqual(await expectedModel(store));
  });

  it('rebuilds a projection reading only positions and types of the batches it has nothing in', async () => {
    const { db, store } = await fresh();
    const p = counterProjection({ name: 'sparse' });
    // 300 events of a type the projection does not handle (six batches of 50), then three it does.
    for (let i = 0; i < 30; i++) {
      await store.append(
        `other-${i}`,
        Array.from({ length: 10 }, () => ({
          id: crypto.randomUUID(),
          type: 'OtherHappened',
          data: {},
          metadata: {
            organizationId: 'o',
            userId: 'u',
            ipAddress: null,
            userAgent: null,
            correlationId: 'c',
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        })),
        'no_stream',
      );
    }
    const head = await appendAdds(store, 3, { perAppend: 3 });
    let withData = 0;
    const counting: EventStore = Object.assign(Object.create(store) as EventStore, {
      readAll: async (from: bigint, limit: number) => {
        const events = await store.readAll(from, limit);
        withData += events.length;
        return events;
      },
    });
    const result = await rebuildProjection(db, counting, p, undefined, { batchSize: 50 });
    expect(result).toMatchObject({ events: Number(head), position: head });
    expect(await readModel(db, 'sparse')).toEqual(await expectedModel(store));
    // The first batch (nothing known yet) and the last (it holds the three) with their data; the five
    // between as positions and types only.
    expect(withData).toBe(53);
  });

  it('neither skips nor double-applies when the runner process is SIGKILLed mid-batch', async () => {
    const { t, db, store } = await fresh();
    const name = 'crash';
    const BATCH = 100n;
    // The generation exists before the child starts, so the child runs the live path (not a rebuild).
    await new ProjectionRunner(db, store, [counterProjection({ name })]).prepare();
    await appendAdds(store, 420, { perAppend: 6 });

    for (let round = 0; round < 3; round++) {
      const before = BigInt((await checkpointOf(db, name))!.position);
      const child = spawn(process.execPath, ['--import', 'tsx', CRASH_RUNNER], {
        cwd: REPO,
        env: { ...process.env, DATABASE_URL: t.url, PROJECTION: name, BATCH: String(BATCH), DELAY_MS: '8' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code)),
      );
      cleanups.push(async () => child.kill('SIGKILL'));
      let handled = 0n;
      // Kill once the first batch is committed and the second one is half handled (not committed).
      const target = before + BATCH + BATCH / 2n;
      await new Promise<void>((resolve, reject) => {
        const lines = createInterface({ input: child.stdout });
        lines.on('line', (line) => {
          const m = /^handled (\d+)$/.exec(line);
          if (!m) return;
          handled = BigInt(m[1]);
          if (handled >= target && !child.killed) {
            child.kill('SIGKILL');
            resolve();
          }
        });
        void exited.then(() => reject(new Error(`crash runner exited early: ${stderr}`)));
      });
      expect(await exited).toBe('SIGKILL');

      // The first batch is in, the half-done second one left no trace: model and checkpoint agree.
      const cp = await until(
        async () => (await checkpointOf(db, name))!.position === (before + BATCH).toString(),
        10_000,
        'checkpoint of the first batch',
      ).then(() => checkpointOf(db, name));
      expect(handled).toBeGreaterThan(BigInt(cp!.position));
      expect(cp!.state).toBe('active');
      expect(await readModel(db, name)).toEqual(await expectedModel(store, before + BATCH));
      await appendAdds(store, 30, { perAppend: 5, prefix: `after-crash-${round}` });
    }

    // A new runner (the lock of the killed one died with its connection) finishes the job exactly once.
    const r = runner(db, store, counterProjection({ name }));
    r.start();
    const head = await store.headPosition();
    expect(await r.waitFor(head, 20_000)).toBe(true);
    expect(await readModel(db, name)).toEqual(await expectedModel(store));
    expect((await checkpointOf(db, name))?.position).toBe(head.toString());
  }, 180_000);

  it('parks the events of an organisation its handler cannot apply; the others go on; a retry after the fix applies them in order', async () => {
    const { db, store } = await fresh();
    let broken = true;
    const orgA = (e: StoredEvent) => e.metadata.organizationId === 'org-a';
    const good = counterProjection({ name: 'good' });
    const bad = counterProjection({
      name: 'bad',
      poison: (e) => broken && orgA(e) && (e.data as AddedData).amount === -13,
    });
    const r = runner(db, store, good, bad);
    await r.prepare();
    r.start();
    await appendAdds(store, 30, { perAppend: 3, organizationId: 'org-b', prefix: 'b' });
    await appendAdds(store, 12, { perAppend: 4, organizationId: 'org-a', prefix: 'a' });
    const poisonAt = await appendAdds(store, 1, {
      amount: () => -13,
      prefix: 'a-poison',
      organizationId: 'org-a',
    });
    await appendAdds(store, 10, { perAppend: 2, organizationId: 'org-a', prefix: 'a-after' });
    await appendAdds(store, 20, { perAppend: 4, organizationId: 'org-b', prefix: 'b' });
    const parkedA = (e: StoredEvent) => orgA(e) && e.globalPosition >= poisonAt;

    // Nothing waits for the parked events: read-your-writes holds and the checkpoint reaches the head.
    let head = await store.headPosition();
    expect(await r.waitFor(head)).toBe(true);
    expect(await readModel(db, 'bad')).toEqual(await expectedModel(store, undefined, parkedA));
    expect(await readModel(db, 'good')).toEqual(await expectedModel(store));
    let statuses = await projectionStatuses(db, store, [good, bad]);
    expect(statuses.find((s) => s.name === 'bad')).toMatchObject({
      state: 'idle',
      position: head,
      lag: 0n,
      parked: 11,
      staleOrganizations: ['org-a'],
    });
    expect(statuses.find((s) => s.name === 'good')).toMatchObject({ parked: 0, staleOrganizations: [] });
    const [group] = await parkedGroups(db);
    expect(group).toMatchObject({
      projection: 'bad',
      organizationId: 'org-a',
      events: 11,
      firstPosition: poisonAt,
    });
    expect(group.error).toContain(`event ${poisonAt} ${ADDED}`);
    expect(group.error).toContain('cannot count amount -13');
    expect(await staleReadModels(db)).toEqual([{ projection: 'bad', organizationId: 'org-a' }]);

    // Organisation B keeps projecting; A's new events queue behind the parked one.
    await appendAdds(store, 25, { perAppend: 5, organizationId: 'org-b', prefix: 'b' });
    await appendAdds(store, 4, { perAppend: 2, organizationId: 'org-a', prefix: 'a-after' });
    head = await store.headPosition();
    expect(await r.waitFor(head)).toBe(true);
    expect(await readModel(db, 'bad')).toEqual(await expectedModel(store, undefined, parkedA));
    expect((await parkedGroups(db))[0].events).toBe(15);

    // A rebuild with the same code parks the same events in the new generation (the stale state survives).
    await rebuildProjection(db, store, bad, undefined, { batchSize: 7 });
    expect(await readModel(db, 'bad')).toEqual(await expectedModel(store, undefined, parkedA));
    expect(await parkedGroups(db)).toMatchObject([
      { projection: 'bad', events: 15, firstPosition: poisonAt },
    ]);

    // A retry before the fix changes nothing and keeps the error.
    expect(await retryParked(db, [good, bad])).toEqual([
      expect.objectContaining({ projection: 'bad', organizationId: 'org-a', applied: 0, remaining: 15 }),
    ]);
    expect(await readModel(db, 'bad')).toEqual(await expectedModel(store, undefined, parkedA));

    // After the fix the retry applies them in order, while the leader keeps applying new events.
    broken = false;
    const during = appendAdds(store, 40, { perAppend: 2, organizationId: 'org-a', prefix: 'a-during' });
    // The 15 parked, plus any of the new ones the leader parked before the retry claimed the checkpoint.
    const [retried, ...more] = await retryParked(db, [good, bad], { organizationId: 'org-a' });
    expect(more).toEqual([]);
    expect(retried).toMatchObject({ projection: 'bad', organizationId: 'org-a', remaining: 0, error: null });
    expect(retried.applied).toBeGreaterThanOrEqual(15);
    await during;
    head = await store.headPosition();
    expect(await r.waitFor(head)).toBe(true);
    await until(async () => (await parkedGroups(db)).length === 0, 5000, 'the queue to drain');
    expect(await readModel(db, 'bad')).toEqual(await expectedModel(store));
    statuses = await projectionStatuses(db, store, [good, bad]);
    expect(statuses.find((s) => s.name === 'bad')).toMatchObject({ parked: 0, staleOrganizations: [] });
    expect(await staleReadModels(db)).toEqual([]);
  });

  it('two runners on two pools never both lead a projection, and apply everything once', async () => {
    const { t, db, store } = await fresh();
    const dbA = pool(t.url);
    const dbB = pool(t.url);
    const projections = () => [counterProjection({ name: 'duo_a' }), counterProjection({ name: 'duo_b' })];
    const a = runner(dbA, store, ...projections());
    const b = runner(dbB, store, ...projections());
    await Promise.all([a.prepare(), b.prepare()]);
    a.start();
    b.start();
    const leading = (s: { state: string }) => s.state === 'running' || s.state === 'idle';
    const violations: string[] = [];
    let samples = 0;
    const sampler = setInterval(() => {
      samples++;
      for (const name of ['duo_a', 'duo_b']) {
        const leaders = [a, b].filter((r) => leading(r.status().find((s) => s.name === name)!));
        if (leaders.length > 1) violations.push(name);
      }
    }, 2);
    try {
      await appendAdds(store, 400, { perAppend: 4 });
      await until(
        () =>
          ['duo_a', 'duo_b'].every((n) => [a, b].some((r) => leading(r.status().find((s) => s.name === n)!))),
        5000,
        'a leader for each projection',
      );
      // Stop one runner mid-stream: the other takes over what it led.
      await Promise.all([a.stop(), appendAdds(store, 200, { perAppend: 4 })]);
      await until(() => b.status().every(leading), 5000, 'the second runner to take over');
      await appendAdds(store, 100, { perAppend: 4 });
      const head = await store.headPosition();
      expect(await b.waitFor(head, 20_000)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(samples).toBeGreaterThan(50);
    expect(violations).toEqual([]);
    const expected = await expectedModel(store);
    expect(await readModel(db, 'duo_a')).toEqual(expected);
    expect(await readModel(db, 'duo_b')).toEqual(expected);
  });

  it('keeps exactly-once even when two runners both believe they lead (lost lease): the checkpoint is claimed', async () => {
    const { t, db, store } = await fresh();
    // Both pools grant every lock: the advisory lease is gone, only the checkpoint claim and CAS remain.
    const noLease = (d: Db): Db => ({ ...d, tryLock: async () => async () => undefined });
    const p = () => counterProjection({ name: 'split' });
    await runner(db, store, p()).prepare();
    const a = runner(noLease(pool(t.url)), store, p());
    const b = runner(noLease(pool(t.url)), store, p());
    a.start();
    b.start();
    await Promise.all([
      appendAdds(store, 300, { perAppend: 3 }),
      appendAdds(store, 300, { perAppend: 2, prefix: 'other' }),
    ]);
    const head = await store.headPosition();
    expect(await a.waitFor(head, 20_000)).toBe(true);
    expect([...a.status(), ...b.status()].map((s) => s.state)).not.toContain('failed');
    expect(await readModel(db, 'split')).toEqual(await expectedModel(store));
  });

  it('rebuilds while the live runner applies new appends: nothing lost or doubled, readers keep answering', async () => {
    const { t, db, store } = await fresh();
    const p = counterProjection({ name: 'rb' });
    const live = runner(db, store, p);
    await live.prepare();
    live.start();
    await appendAdds(store, 1500, { perAppend: 20 });
    expect(await live.waitFor(await store.headPosition(), 30_000)).toBe(true);

    // Writers keep appending (and waiting for their writes, as the API does) during the rebuild.
    let writing = true;
    let appendedDuring = 0;
    const writer = (async () => {
      while (writing) {
        const pos = await appendAdds(store, 3, { perAppend: 3, prefix: 'during' });
        appendedDuring += 3;
        await live.waitFor(pos, 10_000);
      }
    })();
    // Readers of the view keep answering, and what they see never goes backwards (also across the swap).
    let reading = true;
    const reads: Array<{ at: number; n: number }> = [];
    const readErrors: unknown[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rb_applied`);
          reads.push({ at: Date.now(), n: r.rows[0].n });
        } catch (e) {
          readErrors.push(e);
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    // The rebuild runs on its own pool, as the CLI would.
    const cliDb = pool(t.url);
    const started = Date.now();
    let progress = 0;
    let statusDuring: Promise<string> | null = null;
    const result = await rebuildProjection(
      cliDb,
      new PostgresEventStore(cliDb),
      p,
      () => {
        progress++;
        statusDuring ??= projectionStatuses(db, store, [p]).then((s) => s[0].state);
      },
      { batchSize: 100 },
    );
    const ended = Date.now();
    await new Promise((r) => setTimeout(r, 200));
    writing = false;
    await writer;
    reading = false;
    await reader;

    const head = await store.headPosition();
    expect(await live.waitFor(head, 20_000)).toBe(true);
    expect(result.generation).toBe(2);
    expect(result.events).toBeGreaterThanOrEqual(1500);
    expect(progress).toBeGreaterThan(10);
    expect(await statusDuring).toBe('rebuilding');
    expect(appendedDuring).toBeGreaterThan(0);
    expect(readErrors).toEqual([]);
    const during = reads.filter((r) => r.at >= started && r.at <= ended);
    expect(during.length).toBeGreaterThan(5);
    for (let i = 1; i < reads.length; i++) expect(reads[i].n).toBeGreaterThanOrEqual(reads[i - 1].n);

    // The rebuilt generation equals what a fresh projection computes from the same events.
    expect(await readModel(db, 'rb')).toEqual(await expectedModel(store));
    const freshP = counterProjection({ name: 'rb_fresh' });
    await rebuildProjection(db, store, freshP);
    const rebuilt = await readModel(db, 'rb');
    const recomputed = await readModel(db, 'rb_fresh');
    expect(rebuilt).toEqual(recomputed);

    expect(await viewTarget(db, 'rb_applied')).toEqual(['rb_applied__g2']);
    expect(await viewTarget(db, 'rb_counters')).toEqual(['rb_counters__g2']);
    expect(await generationTables(db, 'rb')).toEqual(['rb_applied__g2', 'rb_counters__g2', 'rb_totals__g2']);
    const cps = await db.query<{ generation: number; state: string; position: string }>(
      `SELECT generation, state, position::text AS position FROM projection_checkpoints WHERE name = 'rb'`,
    );
    expect(cps.rows).toEqual([{ generation: 2, state: 'active', position: head.toString() }]);
  }, 180_000);

  it('rebuilds when the code version differs from the stored one; older code stands aside', async () => {
    const { t, db, store } = await fresh();
    const v1 = runner(db, store, counterProjection({ name: 'ver' }));
    await v1.prepare();
    v1.start();
    expect(await v1.waitFor(await appendAdds(store, 120))).toBe(true);
    await v1.stop();

    // Same version: prepare keeps the generation.
    const same = runner(db, store, counterProjection({ name: 'ver' }));
    await same.prepare();
    expect((await checkpointOf(db, 'ver'))?.generation).toBe(1);

    const v2 = runner(db, store, counterProjection({ name: 'ver', version: 2 }));
    await v2.prepare();
    const state = await db.query(
      `SELECT active_generation, version FROM projection_state WHERE name = 'ver'`,
    );
    expect(state.rows).toEqual([{ active_generation: 2, version: 2 }]);
    expect(await generationTables(db, 'ver')).toEqual([
      'ver_applied__g2',
      'ver_counters__g2',
      'ver_totals__g2',
    ]);
    // The new schema is there and filled from history.
    const max = await db.query<{ stream_id: string; max_amount: number }>(
      `SELECT stream_id, max_amount FROM ver_counters ORDER BY stream_id`,
    );
    const byStream = new Map<string, number>();
    for (const e of await store.readAll(0n, 10_000)) {
      const amount = (e.data as AddedData).amount;
      byStream.set(e.streamId, Math.max(byStream.get(e.streamId) ?? 0, amount));
    }
    expect(max.rows.map((r) => [r.stream_id, r.max_amount]).sort()).toEqual([...byStream.entries()].sort());

    // A runner still on version 1 (a rolling deploy) that gets the lead does not write into version 2's tables.
    const old = runner(pool(t.url), store, counterProjection({ name: 'ver' }));
    old.start();
    const before = (await checkpointOf(db, 'ver'))!.position;
    const head = await appendAdds(store, 40);
    await until(() => old.status()[0].error !== null, 5000, 'old code to stand aside');
    expect(old.status()[0]).toMatchObject({ state: 'standby', error: expect.stringContaining('newer') });
    await new Promise((r) => setTimeout(r, 300));
    expect((await checkpointOf(db, 'ver'))!.position).toBe(before);
    // It let go of the lead, so the version 2 runner takes it.
    v2.start();
    expect(await v2.waitFor(head)).toBe(true);
    expect(old.status()[0].state).toBe('standby');
    expect(await readModel(db, 'ver')).toEqual(await expectedModel(store));

    // A leader with newer code rebuilds on its own when it starts without prepare().
    await v2.stop();
    const v3 = runner(db, store, counterProjection({ name: 'ver', version: 3 }));
    v3.start();
    await until(async () => (await checkpointOf(db, 'ver'))?.generation === 3, 10_000, 'background rebuild');
    expect(await v3.waitFor(await store.headPosition())).toBe(true);
    expect(await readModel(db, 'ver')).toEqual(await expectedModel(store));
  });
});

describe('ProjectionRunner on PGlite (one connection)', () => {
  it('rebuilds while the runner applies, without deadlocking on the single connection', async () => {
    const db = await createPgliteDb();
    cleanups.push(() => db.close());
    const store = await PostgresEventStore.create(db);
    const p = counterProjection({ name: 'lite' });
    const r = runner(db, store, p);
    await r.prepare();
    r.start();
    await appendAdds(store, 500);
    let writing = true;
    const writer = (async () => {
      while (writing) await r.waitFor(await appendAdds(store, 2, { prefix: 'lite-during' }));
    })();
    const result = await rebuildProjection(db, store, p, undefined, { batchSize: 50 });
    writing = false;
    await writer;
    expect(result.generation).toBe(2);
    expect(await r.waitFor(await store.headPosition())).toBe(true);
    expect(await readModel(db, 'lite')).toEqual(await expectedModel(store));
    expect(await viewTarget(db, 'lite_applied')).toEqual(['lite_applied__g2']);
  });
});
