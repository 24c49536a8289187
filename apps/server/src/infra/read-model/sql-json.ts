import { trLower } from '@okul/domain';
import type { Response } from 'express';

/**
 * Helpers for the list reads of students, enrolments, attendance and payments. The large lists are built as
 * JSON by Postgres and sent as they come (no row objects in Node, no second serialisation): getStudents of
 * 3,000 students is one query and one string (docs/DECISIONS.md, reads).
 */

/** An ISO timestamp in UTC with milliseconds, the way every other answer writes instants. */
export const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const UPPER = 'ABCÇDEFGĞHIİJKLMNOÖPQRSŞTUÜVWXYZÂÎÛ';
const LOWER = 'abcçdefgğhıijklmnoöpqrsştuüvwxyzâîû';

/** Turkish lower case in SQL whatever the database's locale (I -> ı, İ -> i), to match `trLower` of the domain. */
export const trLowerSql = (expr: string) => `translate(${expr}, '${UPPER}', '${LOWER}')`;

/** product.md 5 search: every word must appear; LIKE patterns with the wildcards of the words escaped. */
export function searchPatterns(q: string | undefined | null): string[] {
  return trLower(q ?? '')
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, 10)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

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
