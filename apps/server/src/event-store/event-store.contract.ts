import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type NewEvent, type StoredEvent } from '@okul/domain';

/** What an adapter answers to its contract run: a store, and how to throw it away. */
export interface ContractStore {
  store: EventStore;
  cleanup(): Promise<void>;
}

export interface ContractOptions {
  /** A re-append with expected version "any" is a guaranteed no-op (EventStoreDB only tries its best). */
  idempotentWithAny?: boolean;
  /** `makeStore` answers an empty store (a fresh database); false for a shared server. */
  startsEmpty?: boolean;
  /** organizationHead names an organisation's last position (PostgreSQL); false when it answers null. */
  knowsOrganizationHead?: boolean;
  /** organizationHead with types answers the exact last position of those types (PostgreSQL's index). */
  exactTypedHeads?: boolean;
  /** The store offers `readTypes` (PostgreSQL); false where readers read the events instead. */
  readsTypes?: boolean;
}

function newEvent(
  type = 'ThingHappened',
  data: Record<string, unknown> = {},
  organizationId = 'org-contract',
): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { ...data, note: 'Çalışma günü, "ödeme" alındı \\ {a,b} NULL' },
    metadata: {
      organizationId,
      userId: 'user-1',
      ipAddress: '127.0.0.1',
      userAgent: 'vitest',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

function events(n: number, type?: string): NewEvent[] {
  return Array.from({ length: n }, (_, i) => newEvent(type, { i }));
}

function eventsOf(organizationId: string, n: number): NewEvent[] {
  return Array.from({ length: n }, (_, i) => newEvent('ThingHappened', { i }, organizationId));
}

/** Stream names unique per call, so a run against a shared server never meets an older run's streams. */
function streamName(label: string): string {
  return `contract_${label}-${randomUUID().slice(0, 8)}`;
}

function expectIncreasing(positions: bigint[]) {
  for (let i = 1; i < positions.length; i++) expect(positions[i] > positions[i - 1]).toBe(true);
}

async function conflict(p: Promise<unknown>): Promise<ConcurrencyError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConcurrencyError);
  return e as ConcurrencyError;
}

/**
 * The behaviour every adapter of the `EventStore` port must show, on one store from `makeStore`; streams
 * are named uniquely so the suite also runs against a shared server.
 */
export function eventStoreContract(
  name: string,
  makeStore: () => Promise<ContractStore>,
  options: ContractOptions = {},
): void {
  const {
    idempotentWithAny = true,
    startsEmpty = true,
    knowsOrganizationHead = true,
    exactTypedHeads = knowsOrganizationHead,
    readsTypes = false,
  } = options;

  describe(`${name}: event store contract`, () => {
    // One store for the whole run (an embedded PGlite takes seconds to start): every test names its own
    // streams and reads positions relative to the head it found, as it must on a shared server anyway.
    let current: ContractStore | null = null;
    beforeAll(async () => {
      current = await makeStore();
    });
    afterAll(async () => {
      await current?.cleanup();
    });
    const store = (): EventStore => {
      if (!current) throw new Error('store not ready');
      return current.store;
    };

    // First: the only test that needs the store still empty.
    describe('headPosition', () => {
      it.runIf(startsEmpty)('is 0 for an empty store', async () => {
        expect(await store().headPosition()).toBe(0n);
        expect(await store().readAll(0n, 10)).toEqual([]);
      });

      it('is the position of the last event written', async () => {
        const s = streamName('head');
        const first = await store().append(s, events(2), 'no_stream');
        expect(await store().headPosition()).toBe(first.lastPosition);
        const second = await store().append(s, events(1), 1);
        expect(second.lastPosition > first.lastPosition).toBe(true);
        expect(await store().headPosition()).toBe(second.lastPosition);
        const tail = await store().readAll(first.lastPosition, 10);
        expect(tail.map((e) => e.globalPosition)).toEqual([second.lastPosition]);
      });
    });

    describe('one organisation', () => {
      it("reads only that organisation's events, in order and paged, and names its last position", async () => {
        const org = `org-${randomUUID()}`;
        const other = `org-${randomUUID()}`;
        expect(await store().organizationHead(org)).toBe(knowsOrganizationHead ? 0n : null);
        const from = await store().headPosition();
        const first = await store().append(streamName('org'), eventsOf(org, 2), 'no_stream');
        await store().append(streamName('other'), eventsOf(other, 2), 'no_stream');
        const last = await store().append(streamName('org'), eventsOf(org, 1), 'no_stream');
        const mine = await store().readOrganization(org, from, 10);
        expect(mine).toHaveLength(3);
        expect(mine.every((e) => e.metadata.organizationId === org)).toBe(true);
        expect(mine[1].globalPosition).toBe(first.lastPosition);
        expect(mine[2].globalPosition).toBe(last.lastPosition);
        const page = await store().readOrganization(org, from, 2);
        expect(page.map((e) => e.id)).toEqual(mine.slice(0, 2).map((e) => e.id));
        const rest = await store().readOrganization(org, page[1].globalPosition, 2);
        expect(rest.map((e) => e.id)).toEqual([mine[2].id]);
        expect(await store().organizationHead(org)).toBe(knowsOrganizationHead ? last.lastPosition : null);
      });

      it("names the organisation's last position among events of given types, never an earlier one", async () => {
        const org = `org-${randomUUID()}`;
        const stream = streamName('typed');
        const lent = await store().append(stream, [newEvent('BookLent', {}, org)], 'no_stream');
        const returned = await store().append(
          stream,
          [newEvent('BookReturned', {}, org)],
          lent.nextExpectedVersion,
        );
        const noted = await store().append(
          stream,
          [newEvent('BookNoted', {}, org)],
          returned.nextExpectedVersion,
        );
        // Another organisation's later event of the same type is not this organisation's.
        await store().append(
          streamName('typed-other'),
          [newEvent('BookLent', {}, `org-${randomUUID()}`)],
          'no_stream',
        );
        const head = await store().organizationHead(org);
        const typed = await Promise.all([
          store().organizationHead(org, ['BookLent']),
          store().organizationHead(org, ['BookLent', 'BookReturned']),
          store().organizationHead(org, ['BookLost']),
          store().organizationHead(org, []),
        ]);
        if (!knowsOrganizationHead) {
          expect([head, ...typed]).toEqual([null, null, null, null, null]);
          return;
        }
        expect(head).toBe(noted.lastPosition);
        const [lentHead, both, lost, none] = typed as bigint[];
        // An adapter may answer a later position (a safe bound for a wait), never an earlier one.
        expect(lentHead >= lent.lastPosition && lentHead <= head!).toBe(true);
        expect(both >= returned.lastPosition && both <= head!).toBe(true);
        expect(lost >= 0n && lost <= head!).toBe(true);
        expect(none >= 0n && none <= head!).toBe(true);
        if (exactTypedHeads) {
          expect(typed).toEqual([lent.lastPosition, returned.lastPosition, 0n, 0n]);
        }
      });
    });

    describe('append', () => {
      it('creates a stream with no_stream, numbering its events from 0 and keeping what was written', async () => {
        const s = streamName('create');
        const written = events(3, 'LessonPlanned');
        const r = await store().append(s, written, 'no_stream');
        expect(r.nextExpectedVersion).toBe(2);
        const read = await store().readStream(s);
        expect(read.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
        expect(
          read.map((e) => ({
            id: e.id,
            type: e.type,
            data: e.data,
            metadata: e.metadata,
            streamId: e.streamId,
          })),
        ).toEqual(
          written.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata, streamId: s })),
        );
        expectIncreasing(read.map((e) => e.globalPosition));
        expect(r.lastPosition).toBe(read[2].globalPosition);
      });

      it('reads several streams at once, each in its order, an absent one as empty', async () => {
        const [a, b, none] = [streamName('many-a'), streamName('many-b'), streamName('many-none')];
        await store().append(a, events(2), 'no_stream');
        await store().append(b, events(1), 'no_stream');
        await store().append(a, events(1), 1);
        const read = await store().readStreams([b, none, a]);
        expect([...read.keys()].sort()).toEqual([a, b, none].sort());
        expect(read.get(a)).toEqual(await store().readStream(a));
        expect(read.get(b)).toEqual(await store().readStream(b));
        expect(read.get(none)).toEqual([]);
      });

      it('refuses no_stream on a stream that exists', async () => {
        const s = streamName('exists');
        await store().append(s, events(1), 'no_stream');
        const e = await conflict(store().append(s, events(1), 'no_stream'));
        expect(e.streamId).toBe(s);
        expect(e.expected).toBe('no_stream');
        expect(e.actual).toBe(0);
        expect(await store().readStream(s)).toHaveLength(1);
      });

      it('appends at the version of the last event and refuses any other number', async () => {
        const s = streamName('number');
        await store().append(s, events(1), 'no_stream');
        const r = await store().append(s, events(2), 0);
        expect(r.nextExpectedVersion).toBe(2);
        const stale = await conflict(store().append(s, events(1), 0));
        expect(stale.actual).toBe(2);
        expect(stale.expected).toBe(0);
        const ahead = await conflict(store().append(s, events(1), 7));
        expect(ahead.actual).toBe(2);
        expect(await store().readStream(s)).toHaveLength(3);
      });

      it('refuses a number on a stream that does not exist', async () => {
        const s = streamName('missing');
        const e = await conflict(store().append(s, events(1), 0));
        expect(e.actual).toBeNull();
        expect(await store().readStream(s)).toEqual([]);
      });

      it('appends with any whether or not the stream exists', async () => {
        const s = streamName('any');
        expect((await store().append(s, events(2), 'any')).nextExpectedVersion).toBe(1);
        expect((await store().append(s, events(1), 'any')).nextExpectedVersion).toBe(2);
        expect((await store().readStream(s)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
      });

      it('lets exactly one of several writers racing at the same version win', async () => {
        const s = streamName('race');
        await store().append(s, events(1), 'no_stream');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, () => store().append(s, events(2), 0)),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o) => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(5);
        for (const o of lost) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
        expect(await store().readStream(s)).toHaveLength(3);
      });

      it('keeps every racing append with any, each one contiguous', async () => {
        const s = streamName('any-race');
        const batches = Array.from({ length: 8 }, () => events(2));
        await Promise.all(batches.map((b) => store().append(s, b, 'any')));
        const read = await store().readStream(s);
        expect(read.map((e) => e.streamVersion)).toEqual(Array.from({ length: 16 }, (_, i) => i));
        expect(new Set(read.map((e) => e.id)).size).toBe(16);
        for (const b of batches) {
          const at = read.findIndex((e) => e.id === b[0].id);
          expect(read[at + 1].id).toBe(b[1].id);
        }
      });
    });

    describe('appends started together', () => {
      // Stores may write such appends in several transactions at once (PostgreSQL keeps two in flight):
      // each append keeps its own outcome, and what one refuses never takes another down.
      it('answers each on its own: the refused ones alone fail, the others are all written', async () => {
        const streams = Array.from({ length: 12 }, (_, i) => streamName(`together-${i}`));
        const old = streams[4];
        await store().append(old, events(1), 'no_stream');
        const head = await store().headPosition();
        const outcomes = await Promise.allSettled(
          streams.map((s, i) =>
            // The first (written alone, before the others queue) and a later one are refused.
            i === 0
              ? store().append(s, events(1), 3)
              : store().append(s, events(2), s === old ? 0 : 'no_stream'),
          ),
        );
        expect(outcomes.map((o) => o.status)).toEqual(
          streams.map((_, i) => (i === 0 ? 'rejected' : 'fulfilled')),
        );
        const refused = await conflict(store().append(old, events(1), 'no_stream'));
        expect(refused.actual).toBe(2);
        expect(await store().readStream(streams[0])).toEqual([]);
        for (const s of streams.slice(1)) expect(await store().readStream(s)).toHaveLength(s === old ? 3 : 2);
        const after = await store().readAll(head, 100);
        const mine = after.filter((e) => streams.includes(e.streamId));
        expect(mine).toHaveLength(22);
        expectIncreasing(after.map((e) => e.globalPosition));
      });

      it('refuses the stale ones of many writers of one stream and writes the one at its version', async () => {
        const s = streamName('together-stale');
        await store().append(s, events(1), 'no_stream');
        const other = streamName('together-other');
        const outcomes = await Promise.allSettled([
          store().append(other, events(1), 'no_stream'),
          ...Array.from({ length: 5 }, () => store().append(s, events(1), 'no_stream')),
          store().append(s, events(1), 0),
        ]);
        expect(outcomes.map((o) => o.status)).toEqual([
          'fulfilled',
          ...Array.from({ length: 5 }, () => 'rejected'),
          'fulfilled',
        ]);
        for (const o of outcomes.slice(1, 6)) {
          const e = (o as PromiseRejectedResult).reason as ConcurrencyError;
          expect(e).toBeInstanceOf(ConcurrencyError);
          expect([0, 1]).toContain(e.actual);
        }
        expect((await store().readStream(s)).map((e) => e.streamVersion)).toEqual([0, 1]);
      });
    });

    describe('idempotency by event id', () => {
      it('answers a re-append of the same events with the first result and writes nothing', async () => {
        const s = streamName('retry');
        const cmd = events(2);
        const first = await store().append(s, cmd, 'no_stream');
        const head = await store().headPosition();
        const again = await store().append(s, cmd, 'no_stream');
        expect(again).toEqual(first);
        expect(await store().readStream(s)).toHaveLength(2);
        expect(await store().headPosition()).toBe(head);
      });

      it('still answers the first result after the stream moved on', async () => {
        const s = streamName('retry-later');
        const cmd = events(2);
        const first = await store().append(s, cmd, 'no_stream');
        const next = events(1);
        const second = await store().append(s, next, 1);
        await store().append(s, events(1), 2);
        expect(await store().append(s, cmd, 'no_stream')).toEqual(first);
        expect(await store().append(s, next, 1)).toEqual(second);
        expect(await store().readStream(s)).toHaveLength(4);
      });

      it('stores a command racing itself once, and answers every attempt alike', async () => {
        const s = streamName('self-race');
        const cmd = events(3);
        const results = await Promise.all(
          Array.from({ length: 5 }, () => store().append(s, cmd, 'no_stream')),
        );
        for (const r of results) expect(r).toEqual(results[0]);
        expect(results[0].nextExpectedVersion).toBe(2);
        expect((await store().readStream(s)).map((e) => e.id)).toEqual(cmd.map((e) => e.id));

        const more = events(2);
        const again = await Promise.all(Array.from({ length: 5 }, () => store().append(s, more, 2)));
        for (const r of again) expect(r).toEqual(again[0]);
        expect(await store().readStream(s)).toHaveLength(5);
      });

      it.runIf(idempotentWithAny)(
        'treats a re-append with any as a no-op too, even when racing',
        async () => {
          const s = streamName('retry-any');
          await store().append(s, events(1), 'any');
          const cmd = events(2);
          const first = await store().append(s, cmd, 'any');
          expect(await store().append(s, cmd, 'any')).toEqual(first);
          const racing = events(2);
          const results = await Promise.all(
            Array.from({ length: 4 }, () => store().append(s, racing, 'any')),
          );
          for (const r of results) expect(r).toEqual(results[0]);
          expect(await store().readStream(s)).toHaveLength(5);
        },
      );
    });

    describe('readStream', () => {
      it("answers one stream's events in version order and nothing from other streams", async () => {
        const s = streamName('mine');
        const other = streamName('other');
        const mine: NewEvent[] = [];
        let v: number | 'no_stream' = 'no_stream';
        for (let round = 0; round < 3; round++) {
          const batch = events(round + 1);
          mine.push(...batch);
          v = (await store().append(s, batch, v)).nextExpectedVersion;
          await store().append(other, events(1), 'any');
        }
        const read = await store().readStream(s);
        expect(read.map((e) => e.id)).toEqual(mine.map((e) => e.id));
        expect(read.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(read.every((e) => e.streamId === s)).toBe(true);
        expectIncreasing(read.map((e) => e.globalPosition));
      });

      it('answers an empty list for a stream never written', async () => {
        expect(await store().readStream(streamName('never'))).toEqual([]);
      });
    });

    describe('readAll', () => {
      it('pages through the events after a position, in position order', async () => {
        const from = await store().headPosition();
        const written: NewEvent[] = [];
        const a = streamName('page-a');
        const b = streamName('page-b');
        for (const [s, batch, ev] of [
          [a, events(2), 'no_stream'],
          [b, events(1), 'no_stream'],
          [a, events(3), 1],
          [b, events(1), 0],
        ] as const) {
          written.push(...batch);
          await store().append(s, batch, ev);
        }
        const pages: StoredEvent[][] = [];
        let position = from;
        for (;;) {
          const page = await store().readAll(position, 3);
          pages.push(page);
          if (page.length === 0) break;
          position = page[page.length - 1].globalPosition;
        }
        expect(pages.map((p) => p.length)).toEqual([3, 3, 1, 0]);
        const all = pages.flat();
        expect(all.map((e) => e.id)).toEqual(written.map((e) => e.id));
        expect(all.every((e) => e.globalPosition > from)).toBe(true);
        expectIncreasing(all.map((e) => e.globalPosition));
      });

      it('starts strictly after the position it is given', async () => {
        const from = await store().headPosition();
        const s = streamName('after');
        const written = events(5);
        await store().append(s, written, 'no_stream');
        const all = await store().readAll(from, 100);
        const rest = await store().readAll(all[2].globalPosition, 100);
        expect(rest.map((e) => e.id)).toEqual(written.slice(3).map((e) => e.id));
      });

      it('readTypes answers the positions and types of the events readAll answers, where offered', async () => {
        expect(typeof store().readTypes).toBe(readsTypes ? 'function' : 'undefined');
        if (!readsTypes) return;
        const from = await store().headPosition();
        await store().append(streamName('types-a'), events(2, 'OneHappened'), 'no_stream');
        await store().append(streamName('types-b'), events(3, 'OtherHappened'), 'no_stream');
        for (const [at, limit] of [
          [from, 4],
          [from, 100],
          [from + 2n, 2],
        ] as const) {
          const all = await store().readAll(at, limit);
          const types = await store().readTypes!(at, limit);
          expect(types).toEqual(all.map((e) => ({ globalPosition: e.globalPosition, type: e.type })));
        }
        expect((await store().readTypes!(from, 100)).map((e) => e.type)).toEqual([
          'OneHappened',
          'OneHappened',
          'OtherHappened',
          'OtherHappened',
          'OtherHappened',
        ]);
      });
    });

    describe('appendMany', () => {
      it('writes several streams and answers one result per append, in order', async () => {
        const a = streamName('many-a');
        const b = streamName('many-b');
        const results = await store().appendMany([
          { streamId: a, events: events(2), expectedVersion: 'no_stream' },
          { streamId: b, events: events(1), expectedVersion: 'no_stream' },
        ]);
        expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 0]);
        expect(results[1].lastPosition > results[0].lastPosition).toBe(true);
        expect((await store().readStream(a)).at(-1)?.globalPosition).toBe(results[0].lastPosition);
        expect((await store().readStream(b)).at(-1)?.globalPosition).toBe(results[1].lastPosition);
      });

      it('applies several appends to one stream in the order given', async () => {
        const s = streamName('many-same');
        const first = events(2);
        const second = events(1);
        const results = await store().appendMany([
          { streamId: s, events: first, expectedVersion: 'no_stream' },
          { streamId: s, events: second, expectedVersion: 1 },
        ]);
        expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 2]);
        expect((await store().readStream(s)).map((e) => e.id)).toEqual(
          [...first, ...second].map((e) => e.id),
        );
      });

      // The executor trusts the store's word (appendManyIsAtomic): whichever it declares, it must keep.
      it('keeps to the atomicity it declares when one of its appends conflicts', async () => {
        const a = streamName('atomic-a');
        const b = streamName('atomic-b');
        const c = streamName('atomic-c');
        await store().append(c, events(1), 'no_stream');
        const head = await store().headPosition();
        const e = await conflict(
          store().appendMany([
            { streamId: a, events: events(2), expectedVersion: 'no_stream' },
            { streamId: b, events: events(1), expectedVersion: 'any' },
            { streamId: c, events: events(1), expectedVersion: 5 },
          ]),
        );
        expect(e.streamId).toBe(c);
        expect(e.actual).toBe(0);
        expect(await store().readStream(c)).toHaveLength(1);
        if (store().appendManyIsAtomic) {
          expect(await store().readStream(a)).toEqual([]);
          expect(await store().readStream(b)).toEqual([]);
          expect(await store().headPosition()).toBe(head);
        } else {
          // In order, stopping at the failure: the streams before it stay written.
          expect(await store().readStream(a)).toHaveLength(2);
          expect(await store().readStream(b)).toHaveLength(1);
        }
      });

      it('stops at the first conflict: no stream after it is written', async () => {
        const a = streamName('stop-a');
        const b = streamName('stop-b');
        const c = streamName('stop-c');
        await store().append(b, events(1), 'no_stream');
        await conflict(
          store().appendMany([
            { streamId: a, events: events(1), expectedVersion: 'no_stream' },
            { streamId: b, events: events(1), expectedVersion: 5 },
            { streamId: c, events: events(1), expectedVersion: 'no_stream' },
          ]),
        );
        expect(await store().readStream(a)).toHaveLength(store().appendManyIsAtomic ? 0 : 1);
        expect(await store().readStream(b)).toHaveLength(1);
        expect(await store().readStream(c)).toEqual([]);
      });
    });
  });
}
