import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config';
import { log } from '../infra/observability/logger';

/**
 * Counters of attempts in a fixed window (login throttling). In Redis when REDIS_URL is set, so every API
 * instance sees the same counts; in memory on the embedded default (one process).
 */
export interface RateLimiter {
  /** Current count of `key` (0 when absent or expired). */
  count(key: string): Promise<number>;
  /** Adds one to `key`; the window starts with the first hit and ends `windowMs` later. Answers the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes back one hit of `key` (an attempt counted before it was known to succeed); never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');

export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, { n: number; until: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const c = this.counters.get(key);
    if (c && c.until <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  async count(key: string) {
    return this.live(key)?.n ?? 0;
  }

  async hit(key: string, windowMs: number) {
    const c = this.live(key) ?? { n: 0, until: this.now() + windowMs };
    c.n += 1;
    this.counters.set(key, c);
    if (this.counters.size > 100_000) this.sweep();
    return c.n;
  }

  async release(key: string) {
    const c = this.live(key);
    if (c && c.n > 0) c.n -= 1;
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  private sweep() {
    for (const key of [...this.counters.keys()]) this.live(key);
  }

  async close() {}
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // While Redis is away a count fails after two reconnection attempts (the request answers 503, never
    // unthrottled); an 'error' listener keeps a Redis restart from ending the process.
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      lazyConnect: false,
      connectionName: `${prefix}:limits`,
    });
    let last = '';
    this.redis.on('error', (e) => {
      if (e.message !== last) log('rate-limiter').error({ err: e }, 'redis error');
      last = e.message;
    });
    this.redis.on('ready', () => (last = ''));
  }

  private k(key: string) {
    return `${this.prefix}:${key}`;
  }

  async count(key: string) {
    return Number((await this.redis.get(this.k(key))) ?? 0);
  }

  async hit(key: string, windowMs: number) {
    // SET NX PX starts the window only on the first hit; INCR counts. One round trip, atomic.
    const res = await this.redis.multi().set(this.k(key), 0, 'PX', windowMs, 'NX').incr(this.k(key)).exec();
    const incr = res?.[1];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('rate limiter: no answer from Redis');
    return Number(incr[1]);
  }

  async release(key: string) {
    // Only an existing counter is lowered, so an expired window is not recreated without its expiry.
    await this.redis.eval(
      `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then return redis.call('DECR', KEYS[1]) end return 0`,
      1,
      this.k(key),
    );
  }

  async reset(key: string) {
    await this.redis.del(this.k(key));
  }

  async close() {
    this.redis.disconnect();
  }
}

export function createRateLimiter(config: Pick<AppConfig, 'REDIS_URL' | 'RATE_LIMIT_PREFIX'>): RateLimiter {
  return config.REDIS_URL
    ? new RedisRateLimiter(config.REDIS_URL, config.RATE_LIMIT_PREFIX)
    : new MemoryRateLimiter();
}
