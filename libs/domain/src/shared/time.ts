/**
 * Calendar arithmetic in the institutions' time zone. The forms of product.md carry local day, month, year,
 * hour and minute (attendance, registration date); enrolment and payment dates are instants (ISO text).
 * Turkey has kept UTC+3 all year since 2016 but used summer time before, so the offset is asked of Intl
 * (pure: no I/O) rather than hard-coded, and ten years of history convert correctly.
 */

export const TIME_ZONE = 'Europe/Istanbul';

export interface LocalDateTime {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** A real calendar day (no 31 April, 29 February only in leap years). */
export function isValidDateParts(year: unknown, month: unknown, day: unknown): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    (month as number) >= 1 &&
    (month as number) <= 12 &&
    (day as number) >= 1 &&
    (day as number) <= daysInMonth(year as number, month as number)
  );
}

/** The wall-clock time of an instant as the time-zone database says it (slow: a few microseconds a call). */
function intlLocal(epochMs: number): Required<LocalDateTime> {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond: ((epochMs % 1000) + 1000) % 1000,
  };
}

function intlOffset(epochMs: number): number {
  const l = intlLocal(epochMs);
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second, l.millisecond) - epochMs;
}

const HOUR_MS = 3_600_000;
/** UTC hour -> the zone's offset through that whole hour (NaN when it changes inside the hour). */
const offsets = new Map<number, number>();

/**
 * The zone's offset (ms) at an instant. Offsets change at most once in an hour (summer-time changes are
 * months apart), so an offset equal at both ends of a UTC hour holds through it and is remembered: the
 * balances of ten years of weekly periods call this thousands of times, and Intl is the slow part.
 */
function offsetAt(epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const [first, last] = [intlOffset(start), intlOffset(start + HOUR_MS - 1)];
    offset = first === last ? first : Number.NaN;
    if (offsets.size >= 200_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return Number.isNaN(offset) ? intlOffset(epochMs) : offset;
}

/** The local wall-clock time of an instant (epoch milliseconds). */
export function toLocal(epochMs: number): Required<LocalDateTime> {
  const d = new Date(epochMs + offsetAt(epochMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/** The instant (epoch milliseconds) of a local wall-clock time. */
export function fromLocal(local: LocalDateTime): number {
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
    local.millisecond ?? 0,
  );
  // Two rounds settle the offset also next to a summer-time change.
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return guess;
}

/** ISO text (UTC, milliseconds) of a local wall-clock time. */
export function localToIso(local: LocalDateTime): string {
  return new Date(fromLocal(local)).toISOString();
}

export function toEpoch(iso: string): number {
  return Date.parse(iso);
}

export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/**
 * A date as the client sends it: a full ISO date-time with zone ("2026-01-31T09:00:00.000Z",
 * "2026-01-31T12:00:00+03:00") or a calendar day "2026-01-31" (local midnight). Answers ISO text in UTC,
 * or null when it is not a real date.
 */
export function parseDateInput(value: string): string | null {
  const text = value.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    return isValidDateParts(y, m, d) ? localToIso({ year: y, month: m, day: d }) : null;
  }
  const full =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  if (!full) return null;
  const [y, m, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(full[i] ?? 0));
  if (!isValidDateParts(y, m, d) || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export type PeriodUnit = 'day' | 'week' | 'month' | 'year';

/**
 * The start of the n-th period after `startMs`, counted on the local calendar from the first start (never
 * step by step), so a month period started on 31 January falls on 28/29 February, 31 March, 30 April:
 * the day of month is clamped in short months and comes back in long ones.
 */
export function addPeriods(startMs: number, unit: PeriodUnit, count: number): number {
  const l = toLocal(startMs);
  switch (unit) {
    case 'day':
    case 'week': {
      const days = unit === 'day' ? count : count * 7;
      const shifted = new Date(Date.UTC(l.year, l.month - 1, l.day + days));
      return fromLocal({
        ...l,
        year: shifted.getUTCFullYear(),
        month: shifted.getUTCMonth() + 1,
        day: shifted.getUTCDate(),
      });
    }
    case 'month':
    case 'year': {
      const months = unit === 'month' ? count : count * 12;
      const index = l.year * 12 + (l.month - 1) + months;
      const year = Math.floor(index / 12);
      const month = (index % 12) + 1;
      return fromLocal({ ...l, year, month, day: Math.min(l.day, daysInMonth(year, month)) });
    }
    default: {
      const _exhaustive: never = unit;
      throw new RangeError(`Unknown period unit ${String(_exhaustive)}`);
    }
  }
}
