import type { StoredEvent } from '@okul/domain';

/** A wrong command line: the CLI prints the message and the usage, and exits with 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Where a replay or export starts or ends: a global position, or an instant. */
export type Bound = { kind: 'position'; position: bigint } | { kind: 'time'; at: Date };

/** The auditors' default: the product serves institutions in Turkey. */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

export function checkTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new UsageError(`Unknown time zone: ${tz} (use an IANA name such as Europe/Istanbul or UTC)`);
  }
}

function wallParts(at: Date, tz: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** `2026-03-01 10:22:03`, the wall-clock time in `tz`. */
export function formatTime(at: Date, tz: string): string {
  const p = wallParts(at, tz);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The instant at which the clocks of `tz` show this wall time. */
function fromWallTime(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  tz: string,
) {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const offsetAt = (t: number) => {
    const p = wallParts(new Date(t), tz);
    const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    return wall - Math.floor(t / 1000) * 1000;
  };
  // Two passes settle the offset around a daylight-saving change.
  let t = asUtc - offsetAt(asUtc);
  t = asUtc - offsetAt(t);
  return new Date(t);
}

/**
 * `--from` / `--to`: digits are a global position; `YYYY-MM-DD` is that day's midnight and an ISO date-time
 * without an offset is a wall time, both in the display time zone; an ISO date-time with `Z` or an offset
 * is that instant.
 */
export function parseBound(text: string, tz: string, flag: string): Bound {
  const s = text.trim();
  if (/^\d+$/.test(s)) return { kind: 'position', position: BigInt(s) };
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/.exec(s);
  if (m) {
    const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
    const ms = Number((m[7] ?? '0').padEnd(3, '0'));
    const at = fromWallTime(y, mo, d, h, mi, sec, ms, tz);
    const day = new Date(Date.UTC(y, mo - 1, d));
    const realDay = day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
    if (!realDay || h > 23 || mi > 59 || sec > 59 || Number.isNaN(at.getTime())) {
      throw new UsageError(`${flag}: not a valid date: ${text}`);
    }
    return { kind: 'time', at };
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s)) {
    const at = new Date(s);
    if (!Number.isNaN(at.getTime())) return { kind: 'time', at };
  }
  throw new UsageError(
    `${flag}: expected a position (digits) or an ISO date such as 2026-03-01 or 2026-03-01T10:00:00Z`,
  );
}

/** `--from` is inclusive, `--to` exclusive, for positions and dates alike. */
export function inRange(e: StoredEvent, from: Bound | null, to: Bound | null): boolean {
  const at = () => new Date(e.metadata.occurredAt).getTime();
  if (from?.kind === 'position' && e.globalPosition < from.position) return false;
  if (from?.kind === 'time' && !(at() >= from.at.getTime())) return false;
  if (to?.kind === 'position' && e.globalPosition >= to.position) return false;
  if (to?.kind === 'time' && !(at() < to.at.getTime())) return false;
  return true;
}

// Secrets stored in events (password and token hashes) are not for auditors' eyes.
const SECRET = /password|hash|token|secret/i;

function renderValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * One event as an auditor reads it:
 * `2026-03-01 10:22:03  <userId>  CourseAdded  course-<id>  name="Piyano" ...`
 * Fields that repeat the stream id or the organisation asked for are left out, secrets are masked.
 */
export function formatReplayLine(e: StoredEvent, tz: string, organizationId: string | null): string {
  const data = (e.data && typeof e.data === 'object' ? e.data : { value: e.data }) as Record<string, unknown>;
  const fields: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === 'organizationId' && v === organizationId) continue;
    if (/Id$/.test(k) && typeof v === 'string' && v.length > 0 && e.streamId.endsWith(v)) continue;
    fields.push(`${k}=${SECRET.test(k) ? '[redacted]' : renderValue(v)}`);
  }
  const when = Number.isNaN(new Date(e.metadata.occurredAt).getTime())
    ? String(e.metadata.occurredAt)
    : formatTime(new Date(e.metadata.occurredAt), tz);
  return [when, e.metadata.userId ?? '-', e.type, e.streamId, fields.join(' ')].join('  ').trimEnd();
}

/** The stored event as one JSON line; positions are strings (JSON has no 64-bit integers). */
export function exportLine(e: StoredEvent): string {
  return JSON.stringify({
    globalPosition: e.globalPosition.toString(),
    id: e.id,
    streamId: e.streamId,
    streamVersion: e.streamVersion,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
  });
}

/** A plain text table: left-aligned columns two spaces apart, the last one unpadded. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
