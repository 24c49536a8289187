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
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { CommandExecutor, MAX_ATTEMPTS, decideOn, type CommandContext } from './command-executor';

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
