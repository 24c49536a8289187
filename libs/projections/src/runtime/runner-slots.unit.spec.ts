import { describe, expect, it } from 'vitest';
import { Slots } from './runner';

/** Lets every settled promise's continuations run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the runner slots', () => {
  it('give a freed slot to the waiter furthest behind, first come first served among equals', async () => {
    const slots = new Slots(1);
    const first = await slots.take(100n, false);
    const order: string[] = [];
    const wait = (name: string, position: bigint) =>
      slots.take(position, false).then((release) => {
        order.push(name);
        return release;
      });
    const ahead = wait('ahead', 90n);
    const behind = wait('behind', 10n);
    const alsoBehind = wait('also behind', 10n);
    await settle();
    expect(order).toEqual([]);
    first();
    await settle();
    expect(order).toEqual(['behind']);
    (await behind)();
    await settle();
    expect(order).toEqual(['behind', 'also behind']);
    (await alsoBehind)();
    await settle();
    expect(order).toEqual(['behind', 'also behind', 'ahead']);
    (await ahead)();
  });

  it('keep one slot for the projection furthest behind, so it never waits behind the others', async () => {
    const slots = new Slots(1);
    const other = await slots.take(500n, false);
    let waited = true;
    const behind = slots.take(0n, true).then((release) => {
      waited = false;
      return release;
    });
    await settle();
    expect(waited).toBe(false);
    // The kept slot is taken: a second caller furthest behind waits for the shared one like any other.
    let second = false;
    const next = slots.take(0n, true).then((release) => {
      second = true;
      return release;
    });
    await settle();
    expect(second).toBe(false);
    other();
    await settle();
    expect(second).toBe(true);
    // A release counts once: the kept slot is free again for the next caller furthest behind.
    const release = await behind;
    release();
    release();
    let third = false;
    void slots.take(0n, true).then(() => (third = true));
    await settle();
    expect(third).toBe(true);
    (await next)();
  });
});
