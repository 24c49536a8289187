import type { Response } from 'express';

/**
 * HTTP helpers of the list reads: the readers of libs/projections build the large lists as JSON text in
 * Postgres (runtime/sql-json.ts there), and these send it as it comes (docs/DECISIONS.md, reads).
 */

/**
 * Sends JSON text as the answer body. `end` rather than express's `send`: no ETag hashing of a body that is
 * megabytes long for the whole student list.
 */
export function sendJsonText(res: Response, text: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** A query-string value as one string (express may give arrays for repeated keys). */
export function queryString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}
