import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createRuntime, type Runtime } from '../runtime';
import { createTestDatabase, TEST_REDIS_URL } from '../../test/support/test-db';
import { BullMqQueue } from './bullmq-queue';

// Two deployments on one Redis (QUEUE_PREFIX): neither may take the other's payment or SMS jobs.

const open: Array<{ close(): Promise<void> }> = [];
const redis = new Redis(TEST_REDIS_URL);

afterAll(async () => {
  for (const o of open.reverse()) await o.close();
  redis.disconnect();
});

const waitUntil = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('job queue prefix', () => {
  it('keeps the payment jobs of two prefixes on one Redis apart', async () => {
    const tag = randomBytes(4).toString('hex');
    const a = new BullMqQueue(TEST_REDIS_URL, `okul-a-${tag}`);
    const b = new BullMqQueue(TEST_REDIS_URL, `okul-b-${tag}`);
    open.push(a, b);
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.process<{ n: string }>('payments', async (job) => void seenA.push(job.data.n));
    b.process<{ n: string }>('payments', async (job) => void seenB.push(job.data.n));

    // the same job id in both deployments: each is its own job, taken only by its own worker
    await a.add('payments', 'callback', { n: 'a1' }, { jobId: 'same-id' });
    await b.add('payments', 'callback', { n: 'b1' }, { jobId: 'same-id' });
    await a.add('payments', 'callback', { n: 'a2' }, { jobId: 'other-id' });
    await Promise.all([a.drain('payments'), b.drain('payments')]);
    await waitUntil(() => seenA.length === 2 && seenB.length === 1);

    expect(seenA.sort()).toEqual(['a1', 'a2']);
    expect(seenB).toEqual(['b1']);
    expect(await redis.keys(`okul-a-${tag}:payments:*`)).not.toEqual([]);
    expect(await redis.keys(`okul-b-${tag}:payments:*`)).not.toEqual([]);
    expect(await redis.keys(`okul:payments:same-id`)).toEqual([]);
  });

  it('takes the prefix from QUEUE_PREFIX', async () => {
    const prefix = `okul-c-${randomBytes(4).toString('hex')}`;
    const database = await createTestDatabase();
    open.push({ close: database.drop });
    const runtime: Runtime = await createRuntime(
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        ROLES: 'api',
      }),
    );
    open.push(runtime);
    await runtime.queue.add('sms', 'send', { x: 1 }, { jobId: 'j1' });
    expect(await redis.exists(`${prefix}:sms:j1`)).toBe(1);
    await redis.del(...(await redis.keys(`${prefix}:sms:*`)));
  });
});
