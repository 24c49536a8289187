import { randomUUID } from 'node:crypto';
import { emailReservationDecider, type Decider, type DomainEvent, type EventStore } from '@okul/domain';
import { ProjectionRunner } from '@okul/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamByStreamEventStore } from '../../test/support/stream-by-stream-event-store';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db';
import { EventStoreDbEventStore } from '../event-store/eventstoredb-event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { CommandExecutor, claimOn, decideOn, type CommandContext } from './command-executor';

type Tick = DomainEvent & { type: 'Ticked'; data: { by: string } };
const ticker: Decider<{ by: string }, Tick, number> = {
  initialState: 0,
  decide: (c) => [{ type: 'Ticked', data: { by: c.by } }],
  evolve: (n) => n + 1,
};

/**
 * The executor on a store whose appendMany is not atomic: the order it writes a command's streams in, and the
 * release of a claim when a later stream fails. Over PostgreSQL written stream by stream, and over
 * EventStoreDB when EVENTSTORE_URL is set.
 */
function nonAtomicExecutor(name: string, makeStore: (database: TestDatabase) => Promise<EventStore>) {
  describe(`CommandExecutor where appendMany is not atomic (${name})`, () => {
    let database: TestDatabase;
    let store: StreamByStreamEventStore;
    let executor: CommandExecutor;

    beforeAll(async () => {
      database = await createTestDatabase();
      store = new StreamByStreamEventStore(await makeStore(database));
      const runner = new ProjectionRunner(database.db, store, []);
      await runner.prepare();
      executor = new CommandExecutor(store, runner);
    });
    afterAll(async () => {
      await store?.close();
      await database?.drop();
    });

    const ctx = (): CommandContext => ({
      organizationId: null,
      userId: 'user-1',
      ipAddress: '127.0.0.1',
      userAgent: 'vitest',
      correlationId: randomUUID(),
      idempotencyKey: null,
      now: new Date(),
    });
    const names = () => {
      const id = randomUUID().slice(0, 8);
      return { main: `tick-${id}`, counter: `counter-${id}`, claim: `user_email-${id}@example.com` };
    };
    const sign = (s: ReturnType<typeof names>, userId: string) =>
      executor.executeMany(ctx(), async () => {
        const [main, counter, claim] = await Promise.all([
          executor.load(s.main, ticker),
          executor.load(s.counter, ticker),
          executor.load(s.claim, emailReservationDecider),
        ]);
        const email = s.claim;
        return [
          decideOn(main, ticker, { by: userId }),
          claimOn(
            claim,
            emailReservationDecider,
            { type: 'ReserveEmail', email, userId },
            { type: 'ReleaseEmail', email, userId },
          ),
          { ...decideOn(counter, ticker, { by: userId }), allocation: true },
        ];
      });

    it('writes the counter first, then the claim, then the stream that relies on them', async () => {
      const s = names();
      await sign(s, 'u1');
      const [counter, claim, main] = await Promise.all(
        [s.counter, s.claim, s.main].map(async (id) => (await store.readStream(id))[0].globalPosition),
      );
      expect(counter < claim && claim < main).toBe(true);
    });

    it('releases the claim when the stream after it fails, answers that failure, and lets the claim be taken again', async () => {
      const s = names();
      const failure = new Error('unavailable');
      store.failNext({ matches: (id) => id === s.main, error: failure });
      const error = await sign(s, 'u1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBe(failure);
      expect((await store.readStream(s.claim)).map((e) => e.type)).toEqual([
        'EmailReserved',
        'EmailReservationReleased',
      ]);
      expect(await store.readStream(s.main)).toEqual([]);
      // The counter's number stays drawn: the next command draws the one after it.
      expect(await store.readStream(s.counter)).toHaveLength(1);

      await sign(s, 'u2');
      expect((await executor.load(s.claim, emailReservationDecider)).state.holder).toBe('u2');
      expect(await store.readStream(s.counter)).toHaveLength(2);
    });

    it('releases the claim before deciding again after a conflict on a later stream', async () => {
      const s = names();
      store.failNext({
        matches: (id) => id === s.main,
        before: async () => void (await store.append(s.main, [tick('rival')], 'any')),
      });
      await sign(s, 'u1');
      expect((await store.readStream(s.claim)).map((e) => e.type)).toEqual([
        'EmailReserved',
        'EmailReservationReleased',
        'EmailReserved',
      ]);
      expect((await store.readStream(s.main)).map((e) => (e.data as { by: string }).by)).toEqual([
        'rival',
        'u1',
      ]);
    });
  });
}

function tick(by: string) {
  return {
    id: randomUUID(),
    type: 'Ticked',
    data: { by },
    metadata: {
      organizationId: null,
      userId: null,
      ipAddress: null,
      userAgent: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

nonAtomicExecutor('PostgreSQL written stream by stream', (database) =>
  PostgresEventStore.create(database.db),
);

const url = process.env.EVENTSTORE_URL;
describe.skipIf(!url)(url ? 'EventStoreDB' : 'EventStoreDB cases skipped: EVENTSTORE_URL not set', () => {
  nonAtomicExecutor('EventStoreDB', async () => EventStoreDbEventStore.connect(url as string));
});
