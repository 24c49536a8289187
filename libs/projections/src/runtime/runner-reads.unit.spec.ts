import { describe, expect, it } from 'vitest';
import type { EventStore, StoredEvent } from '@okul/domain';
import { SharedReads } from './runner';

/** An event store in memory whose reads answer only when the test lets them (what a read saw is fixed then). */
function heldStore() {
  const events: StoredEvent[] = [];
  const held: Array<() => void> = [];
  let reads = 0;
  const append = (type: string) => {
    const globalPosition = BigInt(events.length + 1);
    events.push({
      id: `e${globalPosition}`,
      streamId: 's',
      streamVersion: events.length,
      type,
      data: {},
      metadata: {},
      globalPosition,
    } as unknown as StoredEvent);
    return globalPosition;
  };
  const store = {
    async readAll(from: bigint, limit: number) {
      reads++;
      // The read's snapshot is taken as it starts; its answer arrives when released.
      const seen = events.filter((e) => e.globalPosition > from).slice(0, limit);
      await new Promise<void>((go) => held.push(go));
      return seen;
    },
  } as unknown as EventStore;
  return {
    store,
    append,
    release: () => held.splice(0).forEach((go) => go()),
    reads: () => reads,
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the runner shared reads', () => {
  it('share a read at the head only with projections that ask before the next wake-up', async () => {
    const s = heldStore();
    s.append('A');
    const reads = new SharedReads(s.store, 10, 8);
    const first = reads.read(1n);
    // An append is told while that read is under way: the read may not hold it.
    const told = s.append('B');
    reads.woke();
    const after = reads.read(1n);
    await settle();
    s.release();
    await settle();
    s.release();
    expect((await first).map((e) => e.globalPosition)).toEqual([]);
    expect((await after).map((e) => e.globalPosition)).toEqual([told]);
    // Asked before the wake-up, a second projection shares the read under way.
    const again = reads.read(told);
    const shared = reads.read(told);
    await settle();
    s.release();
    expect(await shared).toBe(await again);
  });

  it('still share a full batch begun before a wake-up: it cannot change', async () => {
    const s = heldStore();
    for (let i = 0; i < 12; i++) s.append('A');
    const reads = new SharedReads(s.store, 10, 8);
    const first = reads.read(0n);
    reads.woke();
    const second = reads.read(0n);
    await settle();
    s.release();
    expect((await second).length).toBe(10);
    expect(await second).toBe(await first);
    expect(s.reads()).toBe(1);
  });
});
