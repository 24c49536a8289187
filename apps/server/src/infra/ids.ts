import { createHash, randomUUID } from 'node:crypto';

/** A uuid derived from a key: the same command retried (same idempotency key) yields the same event ids. */
export function deterministicUuid(key: string): string {
  const h = createHash('sha256').update(key).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export const newId = (): string => randomUUID();
