import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limiter';

describe('memory rate limiter', () => {
  it('counts hits in a window that starts with the first hit, then forgets them', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter(() => now);
    expect(await limiter.count('k')).toBe(0);
    expect(await limiter.hit('k', 100)).toBe(1);
    now += 60;
    expect(await limiter.hit('k', 100)).toBe(2);
    expect(await limiter.count('k')).toBe(2);
    now += 40; // 100 ms after the first hit
    expect(await limiter.count('k')).toBe(0);
    expect(await limiter.hit('k', 100)).toBe(1);
  });
  it('keeps keys apart and resets one', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('a', 1000);
    await limiter.hit('b', 1000);
    await limiter.reset('a');
    expect(await limiter.count('a')).toBe(0);
    expect(await limiter.count('b')).toBe(1);
  });
  it('takes one hit back, never below zero', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('k', 1000);
    await limiter.hit('k', 1000);
    await limiter.release('k');
    expect(await limiter.count('k')).toBe(1);
    await limiter.release('k');
    await limiter.release('k');
    expect(await limiter.count('k')).toBe(0);
  });
});
