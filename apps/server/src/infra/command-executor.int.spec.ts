import { randomUUID } from 'node:crypto';
import { DomainError, MESSAGES, type Decider, type DomainEvent } from '@okul/domain';
import {
  ProjectionRunner,
  defineProjection,
  type Projection,
  type ProjectionHandlers,
} from '@okul/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import { createPgliteDb } from './db/pglite-db';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import {
  CommandExecutor,
  MAX_ATTEMPTS,
  decideOn,
  type CommandContext,
  type StreamDecision,
} from './command-executor';

let database: TestDatabase;
let store: PostgresEventStore;
let runner: ProjectionRunner;
let executor: CommandExecutor;

beforeAll(async () => {
  database = await createTestDatabase();
  store = await PostgresEventStore.create(database.db);
  runner = new ProjectionRunner(database.db, store, []);
  await runner.prepare();
  executor = new CommandExecutor(store, runner);
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const ctx = (idempotencyKey: string | null = null): CommandContext => ({
  organizationId: 'org-1',
  userId: 'user-1',
  ipAddress: '127.0.0.1',
  userAgent: 'vitest',
  correlationId: randomUUID(),
  idempotencyKey,
  now: new Date(),
});

type Tick = DomainEvent & { type: 'Ticked'; data: { by: string } };
/** Every command adds one event: a retried command that were applied twice would show two. */
const ticker: Decider<{ by: string }, Tick, number> = {
  initialState: 0,
  decide: (c) => [{ type: 'Ticked', data: { by: c.by } }],
  evolve: (n) => n + 1,
};

const rival = (streamId: string) =>
  store.append(
    streamId,
    [{ id: randomUUID(), type: 'Ticked', data: { by: 'rival' }, metadata: {} as never }],
    'any',
  );

describe('CommandExecutor', () => {
  it('reads and decides again after a concurrency conflict, and then writes', async () => {
    const streamId = `tick-${randomUUID()}`;
    let attempts = 0;
    await executor.executeMany(ctx(), async (attempt) => {
      attempts = attempt;
      const stream = await executor.load(streamId, ticker);
      // a concurrent writer slips in between our read and our append, once
      if (attempt === 1) await rival(streamId);
      return [decideOn(stream, ticker, { by: 'me' })];
    });
    expect(attempts).toBe(2);
    const events = await store.readStream(streamId);
    expect(events.map((e) => (e.data as { by: string }).by)).toEqual(['rival', 'me']);
  });

  it('gives up after a bounded number of attempts with 409 and the Turkish conflict message', async () => {
    const streamId = `tick-${randomUUID()}`;
    let attempts = 0;
    const run = executor.executeMany(ctx(), async (attempt) => {
      attempts = attempt;
      const stream = await executor.load(streamId, ticker);
      await rival(streamId);
      return [decideOn(stream, ticker, { by: 'me' })];
    });
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 409, message: MESSAGES['common.conflict'].text });
    expect(attempts).toBe(MAX_ATTEMPTS);
    const events = await store.readStream(streamId);
    expect(events.every((e) => (e.data as { by: string }).by === 'rival')).toBe(true);
  });

  it('stores a command retried with the same idempotency key once, and answers the first position', async () => {
    const streamId = `tick-${randomUUID()}`;
    const key = `user-1:${randomUUID()}`;
    await executor.execute(ctx(key), streamId, ticker, { by: 'me' });
    const first = await store.headPosition();
    await executor.execute(ctx(key), streamId, ticker, { by: 'me' });
    expect(await store.readStream(streamId)).toHaveLength(1);
    expect(await store.headPosition()).toBe(first);
    // a new key is a new user action
    await executor.execute(ctx(`user-1:${randomUUID()}`), streamId, ticker, { by: 'me' });
    expect(await store.readStream(streamId)).toHaveLength(2);
  });

  it('50 independent commands drawing numbers from one counter at once: none conflicts, numbers unique', async () => {
    const counter = `counter-${randomUUID()}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, async () => {
        const own = `thing-${randomUUID()}`;
        let number = 0;
        await executor.executeMany(ctx(), async () => {
          const [c, mine] = await Promise.all([executor.load(counter, ticker), executor.load(own, ticker)]);
          number = c.state + 1;
          return [
            { ...decideOn(c, ticker, { by: own }), allocation: true },
            decideOn(mine, ticker, { by: String(number) }),
          ];
        });
        return number;
      }),
    );
    const conflicts = outcomes.filter((o) => o.status === 'rejected');
    expect(conflicts).toEqual([]);
    const numbers = outcomes.map((o) => (o as PromiseFulfilledResult<number>).value).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store.readStream(counter)).toHaveLength(50);
  }, 240_000); // 50 allocations of one counter run one after another: slow on a loaded 2-core machine

  it('commands of one process drawing from a counter it knows take turns from read to append: no conflict at all', async () => {
    const counter = `counter-${randomUUID()}`;
    const draw = async () => {
      const own = `thing-${randomUUID()}`;
      await executor.executeMany(ctx(), async () => {
        const [c, mine] = await Promise.all([executor.load(counter, ticker), executor.load(own, ticker)]);
        return [
          { ...decideOn(c, ticker, { by: own }), allocation: true },
          decideOn(mine, ticker, { by: String(c.state + 1) }),
        ];
      });
    };
    await draw(); // the first decision tells the executor the stream is a counter
    let conflicts = 0;
    executor.onConflict = () => conflicts++;
    try {
      await Promise.all(Array.from({ length: 20 }, draw));
    } finally {
      executor.onConflict = undefined;
    }
    expect(conflicts).toBe(0);
    expect((await store.readStream(counter)).map((e) => e.streamVersion)).toEqual(
      Array.from({ length: 21 }, (_, i) => i),
    );
  }, 120_000);

  it('waits for the read models that handle the events written, not for the others', async () => {
    const handles = (name: string, type: string) =>
      defineProjection({
        name,
        version: 1,
        tables: [],
        schema: () => '',
        handlers: { [type]: async () => undefined } as ProjectionHandlers,
      });
    const projections = [handles('writes_ticks', 'Ticked'), handles('writes_others', 'Tocked')];
    const waited: string[][] = [];
    const watching = {
      projections,
      waitFor: async (_position: bigint, _timeoutMs?: number, only?: (p: Projection) => boolean) => {
        waited.push(projections.filter((p) => only?.(p) ?? true).map((p) => p.name));
        return true;
      },
    } as unknown as ProjectionRunner;
    const watched = new CommandExecutor(store, watching);
    await watched.execute(ctx(), `tick-${randomUUID()}`, ticker, { by: 'me' });
    expect(waited).toEqual([['writes_ticks']]);
  });

  it('a retry after the answer was lost decides as the first try did, answers the same and stores nothing', async () => {
    type Made = DomainEvent & { type: 'Made'; data: { number: number } };
    // Creates once; a second creation is refused, as registerStudent refuses a student that exists.
    const maker: Decider<{ number: number }, Made, number | null> = {
      initialState: null,
      decide: (c, s) => {
        if (s !== null) throw new DomainError('common.conflict');
        return [{ type: 'Made', data: { number: c.number } }];
      },
      evolve: (_s, e) => e.data.number,
    };
    const streamId = `made-${randomUUID()}`;
    const counter = `counter-${randomUUID()}`;
    const key = `user-1:${randomUUID()}`;
    const run = async (k: string) => {
      let number = 0;
      await executor.executeMany(ctx(k), async () => {
        const [c, m] = await Promise.all([executor.load(counter, ticker), executor.load(streamId, maker)]);
        number = c.state + 1;
        return [decideOn(c, ticker, { by: k }), decideOn(m, maker, { number })];
      });
      return number;
    };
    expect(await run(key)).toBe(1);
    await rival(counter); // someone else draws a number meanwhile
    const head = await store.headPosition();
    expect(await run(key)).toBe(1);
    expect(await store.headPosition()).toBe(head);
    // a new key is a new request: refused, the thing exists
    await expect(run(`user-1:${randomUUID()}`)).rejects.toBeInstanceOf(DomainError);
  });
});

describe('CommandExecutor.loadMinted', () => {
  type Made = DomainEvent & { type: 'Made'; data: { by: string } };
  /** Creates once; a second creation is refused, as addPayment would refuse a payment that exists. */
  const maker: Decider<{ by: string }, Made, string | null> = {
    initialState: null,
    decide: (c, s) => {
      if (s !== null) throw new DomainError('payment.notFound');
      return [{ type: 'Made', data: { by: c.by } }];
    },
    evolve: (_s, e) => e.data.by,
  };
  const reads: string[] = [];
  let minting: CommandExecutor;
  beforeAll(() => {
    const watched = new Proxy(store, {
      get(target, property) {
        if (property === 'readStream')
          return (id: string) => {
            reads.push(id);
            return target.readStream(id);
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    minting = new CommandExecutor(watched, runner);
  });
  const make = (c: CommandContext, streamId: string) =>
    minting.executeMany(c, async () => [
      decideOn(await minting.loadMinted(streamId, maker), maker, { by: c.idempotencyKey ?? 'me' }),
    ]);

  it('without an idempotency key does not read the new stream, and its append still expects no stream', async () => {
    const streamId = `made-${randomUUID()}`;
    await make(ctx(), streamId);
    expect(reads).not.toContain(streamId);
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ by: 'me' }]);
    // Had the id been taken after all, the append is refused (decided again, then 409), never written twice.
    await expect(make(ctx(), streamId)).rejects.toMatchObject({ code: 'common.conflict' });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('with an idempotency key reads the stream: a retry finds its events, answers the same and stores nothing', async () => {
    const streamId = `made-${randomUUID()}`;
    const key = `user-1:${randomUUID()}`;
    await make(ctx(key), streamId);
    expect(reads).toContain(streamId);
    const head = await store.headPosition();
    await make(ctx(key), streamId);
    expect(await store.headPosition()).toBe(head);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });
});

/**
 * Draws of one process on a counter are decided one after another, each on the counter as the previous
 * draw leaves it, without waiting for that draw's commit (the store's queue keeps them in order).
 */
describe('CommandExecutor: draws on a counter queued one behind another', () => {
  type Owned = DomainEvent & { type: 'Owned'; data: { number: number } };
  /** The thing a draw numbers: written with its number, once (a second write is refused). */
  const owner: Decider<{ number: number }, Owned, number | null> = {
    initialState: null,
    decide: (c, s) => {
      if (s !== null) throw new DomainError('common.conflict');
      return [{ type: 'Owned', data: { number: c.number } }];
    },
    evolve: (_s, e) => e.data.number,
  };

  /** One draw: the counter's next number, written to the counter and to a thing of its own. */
  const draw = async (
    on: CommandExecutor,
    counter: string,
    opts: { key?: string; thing?: string; side?: string } = {},
  ) => {
    const thing = opts.thing ?? `thing-${randomUUID()}`;
    let number = 0;
    await on.executeMany(ctx(opts.key ?? null), async (attempt) => {
      const [c, mine] = await Promise.all([on.load(counter, ticker), on.load(thing, owner)]);
      number = c.state + 1;
      const decisions: StreamDecision[] = [
        { ...decideOn(c, ticker, { by: thing }), allocation: true },
        decideOn(mine, owner, { number }),
      ];
      if (opts.side) {
        const side = await on.load(opts.side, ticker);
        // someone else writes the side stream between this read and the append, once
        if (attempt === 1) await rival(opts.side);
        decisions.push(decideOn(side, ticker, { by: thing }));
      }
      return decisions;
    });
    return { number, thing };
  };

  /** The numbers the things were written with, and the counter's versions: both must run 1..n / 0..n-1. */
  const written = async (on: PostgresEventStore, counter: string, things: string[]) => {
    const streams = await on.readStreams(things);
    const numbers = [...streams.values()].map((e) => (e[0].data as { number: number }).number);
    const versions = (await on.readStream(counter)).map((e) => e.streamVersion);
    return { numbers: numbers.sort((a, b) => a - b), versions };
  };
  const upTo = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

  /** Counts the draws queued and not yet written: more than one at a time means they did not wait. */
  const watchQueue = (on: PostgresEventStore) => {
    const seen = { pending: 0, most: 0 };
    const queued = on.appendManyQueued.bind(on);
    on.appendManyQueued = (appends, options) => {
      seen.most = Math.max(seen.most, ++seen.pending);
      return queued(appends, options).finally(() => seen.pending--);
    };
    return {
      seen,
      stop: () => {
        delete (on as Partial<PostgresEventStore>).appendManyQueued;
      },
    };
  };

  it('50 concurrent draws on one counter give 50 consecutive numbers, none refused, none retried, without waiting for each commit', async () => {
    const counter = `counter-${randomUUID()}`;
    const first = await draw(executor, counter); // tells the executor the stream is a counter
    const watch = watchQueue(store);
    let conflicts = 0;
    executor.onConflict = () => conflicts++;
    try {
      const drawn = await Promise.all(Array.from({ length: 50 }, () => draw(executor, counter)));
      expect(drawn.map((d) => d.number).sort((a, b) => a - b)).toEqual(upTo(50, 2));
      expect(await written(store, counter, [first.thing, ...drawn.map((d) => d.thing)])).toEqual({
        numbers: upTo(51),
        versions: upTo(51, 0),
      });
    } finally {
      executor.onConflict = undefined;
      watch.stop();
    }
    expect(conflicts).toBe(0);
    expect(watch.seen.most).toBeGreaterThan(1);
  });

  it('a draw of another process in between is a conflict, retried: every number once, none refused', async () => {
    const counter = `counter-${randomUUID()}`;
    const otherStore = await PostgresEventStore.create(database.db);
    const other = new CommandExecutor(otherStore, runner);
    const outcomes: string[] = [];
    executor.onConflict = other.onConflict = (outcome) => outcomes.push(outcome);
    try {
      const drawn = [await draw(executor, counter), await draw(executor, counter)];
      // This process's memory of the counter is now behind: its next draw meets the other one's.
      drawn.push(await draw(other, counter));
      drawn.push(...(await Promise.all(Array.from({ length: 20 }, () => draw(executor, counter)))));
      expect(outcomes.length).toBeGreaterThan(0);
      // Both processes at once, as many times as it takes.
      drawn.push(
        ...(await Promise.all([
          ...Array.from({ length: 30 }, () => draw(executor, counter)),
          ...Array.from({ length: 10 }, () => draw(other, counter)),
        ])),
      );
      expect(drawn.map((d) => d.number).sort((a, b) => a - b)).toEqual(upTo(63));
      expect(
        await written(
          store,
          counter,
          drawn.map((d) => d.thing),
        ),
      ).toEqual({
        numbers: upTo(63),
        versions: upTo(63, 0),
      });
    } finally {
      executor.onConflict = other.onConflict = undefined;
      await otherStore.close();
    }
    expect(outcomes.filter((o) => o !== 'retried')).toEqual([]);
  });

  it('a failed append in the middle of the draws neither loses nor repeats a number', async () => {
    const counter = `counter-${randomUUID()}`;
    const first = await draw(executor, counter);
    // The 5th draw also writes a stream someone else writes between its read and its append (a conflict
    // there, not on the counter: retried); the 12th carries what the database cannot store (an error).
    const side = `side-${randomUUID()}`;
    const failing = `thing-${randomUUID()}`;
    const broken: Decider<{ number: number }, Owned, number | null> = {
      ...owner,
      decide: () => [{ type: 'Owned', data: { number: '\u0000' as unknown as number } }],
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => {
        if (i === 4) return draw(executor, counter, { side });
        if (i !== 11) return draw(executor, counter);
        return executor
          .executeMany(ctx(), async () => {
            const [c, mine] = await Promise.all([
              executor.load(counter, ticker),
              executor.load(failing, broken),
            ]);
            return [
              { ...decideOn(c, ticker, { by: failing }), allocation: true },
              decideOn(mine, broken, { number: 0 }),
            ];
          })
          .then(() => ({ number: 0, thing: failing }));
      }),
    );
    expect(outcomes.map((o) => o.status)).toEqual(
      upTo(20, 0).map((i) => (i === 11 ? 'rejected' : 'fulfilled')),
    );
    expect((outcomes[11] as PromiseRejectedResult).reason).not.toBeInstanceOf(DomainError);
    const drawn = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(drawn.map((d) => d.number).sort((a, b) => a - b)).toEqual(upTo(19, 2));
    expect(await written(store, counter, [first.thing, ...drawn.map((d) => d.thing)])).toEqual({
      numbers: upTo(20),
      versions: upTo(20, 0),
    });
    expect(await store.readStream(failing)).toEqual([]);
    expect((await store.readStream(side)).map((e) => (e.data as { by: string }).by)).toEqual([
      'rival',
      drawn[4].thing,
    ]);
  });

  it('a keyed request tried again answers the number it drew and stores nothing: after it, and at once', async () => {
    const counter = `counter-${randomUUID()}`;
    await draw(executor, counter);
    const keys = Array.from({ length: 10 }, () => `user-1:${randomUUID()}`);
    const things = keys.map(() => `thing-${randomUUID()}`);
    const firstTries = await Promise.all([
      ...keys.map((key, i) => draw(executor, counter, { key, thing: things[i] })),
      ...Array.from({ length: 10 }, () => draw(executor, counter)),
    ]);
    const head = await store.headPosition();
    // Each key again, twice at once, while the counter's memory holds the draws above.
    const again = await Promise.all(
      keys.flatMap((key, i) => [0, 1].map(() => draw(executor, counter, { key, thing: things[i] }))),
    );
    expect(again.map((d) => d.number)).toEqual(
      keys.flatMap((_, i) => [0, 1].map(() => firstTries[i].number)),
    );
    expect(await store.headPosition()).toBe(head);
    // A new key twice at once: the copy that comes second finds the first one's draw queued, not yet written.
    const key = `user-1:${randomUUID()}`;
    const thing = `thing-${randomUUID()}`;
    const copies = await Promise.all([0, 1, 2].map(() => draw(executor, counter, { key, thing })));
    expect(new Set(copies.map((d) => d.number)).size).toBe(1);
    expect(await store.readStream(thing)).toHaveLength(1);
    expect((await store.readStream(counter)).map((e) => e.streamVersion)).toEqual(upTo(22, 0));
  });

  it('on PGlite (one connection) the draws are consecutive too, none refused', async () => {
    const db = await createPgliteDb();
    const pglite = await PostgresEventStore.create(db);
    const pgliteRunner = new ProjectionRunner(db, pglite, []);
    await pgliteRunner.prepare();
    const on = new CommandExecutor(pglite, pgliteRunner);
    let conflicts = 0;
    on.onConflict = () => conflicts++;
    try {
      const counter = `counter-${randomUUID()}`;
      const drawn = [await draw(on, counter)];
      drawn.push(...(await Promise.all(Array.from({ length: 30 }, () => draw(on, counter)))));
      expect(drawn.map((d) => d.number).sort((a, b) => a - b)).toEqual(upTo(31));
      expect(
        await written(
          pglite,
          counter,
          drawn.map((d) => d.thing),
        ),
      ).toEqual({
        numbers: upTo(31),
        versions: upTo(31, 0),
      });
      expect(conflicts).toBe(0);
    } finally {
      await pglite.close();
      await db.close();
    }
  });
});
