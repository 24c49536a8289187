import { trLower } from '@okul/domain';

/**
 * SQL fragments of the list readers (students, enrolments, attendance, payments). The large lists are built
 * as JSON by Postgres and sent as they come (no row objects in Node, no second serialisation): getStudents
 * of 3,000 students is one query and one string (docs/DECISIONS.md, reads).
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
