/**
 * The search values of the attendance routes, read before any screen code loads: this module stays small
 * (no domain schemas, no zod), since the route table that uses it is part of the entry chunk.
 */

/** The longest search text getAttendances takes (its `q` is at most 200 characters). */
export const MAX_QUERY_LENGTH = 200;

/** The search of /giris/yoklamalar: the search box text and the page (1-based; the first page is left out). */
export interface AttendanceListSearch {
  q?: string;
  page?: number;
  /** The "Benim derslerim" switch as the user set it; left out, it is on for a linked instructor. */
  mine?: boolean;
}

const SWITCH_VALUES = new Map<unknown, boolean>([
  [true, true],
  ['true', true],
  ['1', true],
  [1, true],
  [false, false],
  ['false', false],
  ['0', false],
  [0, false],
]);

/** Route search values as the address bar may hold them: anything unusable is dropped. */
export function parseAttendanceListSearch(search: Record<string, unknown>): AttendanceListSearch {
  const out: AttendanceListSearch = {};
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, MAX_QUERY_LENGTH) : '';
  if (q !== '') out.q = q;
  const raw = typeof search.page === 'number' ? search.page : Number(search.page);
  if (Number.isInteger(raw) && raw > 1) out.page = raw;
  const mine = SWITCH_VALUES.get(search.mine);
  if (mine !== undefined) out.mine = mine;
  return out;
}

/** The search of /giris/yoklama-ekle: "Yoklama al" on a lesson of the plan names its schedule and start. */
export interface AttendanceAddSearch {
  scheduleId?: string;
  start?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// an instant as the server writes one (UTC, `Z`), seconds and their fraction optional
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** An unusable schedule id or start is dropped: the form then opens empty rather than failing. */
export function parseAttendanceAddSearch(search: Record<string, unknown>): AttendanceAddSearch {
  const out: AttendanceAddSearch = {};
  if (typeof search.scheduleId === 'string' && UUID.test(search.scheduleId))
    out.scheduleId = search.scheduleId;
  if (
    typeof search.start === 'string' &&
    UTC_INSTANT.test(search.start) &&
    !Number.isNaN(Date.parse(search.start))
  )
    out.start = search.start;
  return out;
}
