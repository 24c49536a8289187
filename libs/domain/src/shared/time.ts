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

/**
 * Date.UTC without its two-digit-year rule: Date.UTC(99, 11, 31) is 1999-12-31, which once turned a payment
 * dated 0099-12-31 into 1999. Day, month and time may overflow as in Date.UTC (the day after 31 January).
 */
export function utcWall(
  year: number,
  monthIndex: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): number {
  const d = new Date(Date.UTC(2000, 0, 1, hour, minute, second, millisecond));
  return d.setUTCFullYear(year, monthIndex, day + d.getUTCDate() - 1);
}

function intlOffset(epochMs: number): number {
  const l = intlLocal(epochMs);
  return utcWall(l.year, l.month - 1, l.day, l.hour, l.minute, l.second, l.millisecond) - epochMs;
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
  const wall = utcWall(
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
 * api.md 9.5: "registration year at least 2000 ... year maximum 2999". Enrolments cannot start before the
 * registration, and a payment or enrolment date outside these years is a typing slip (0099 for 2099), so
 * such dates are refused rather than coerced (docs/DECISIONS.md, Reliability).
 */
export const DATE_INPUT_YEARS = { min: 2000, max: 2999 } as const;

/**
 * A date as the client sends it: a full ISO date-time with zone ("2026-01-31T09:00:00.000Z",
 * "2026-01-31T12:00:00+03:00") or a calendar day "2026-01-31" (local midnight). Answers ISO text in UTC,
 * or null when it is not a real date or its local year is outside `years` (DATE_INPUT_YEARS by default).
 */
export function parseDateInput(
  value: string,
  years: { min: number; max: number } = DATE_INPUT_YEARS,
): string | null {
  const text = value.trim();
  const inYears = (ms: number) => {
    const y = toLocal(ms).year;
    return y >= years.min && y <= years.max;
  };
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (!isValidDateParts(y, m, d) || y < years.min || y > years.max) return null;
    return localToIso({ year: y, month: m, day: d });
  }
  const full =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  if (!full) return null;
  const [y, m, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(full[i] ?? 0));
  if (!isValidDateParts(y, m, d) || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || !inYears(ms) ? null : new Date(ms).toISOString();
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
      const shifted = new Date(utcWall(l.year, l.month - 1, l.day + days));
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

/**
 * How many period starts `addPeriods(startMs, unit, k * length)` (k = 0, 1, ...) fall before `untilMs`:
 * exact for any span and any length, with no cap. The count is estimated from the calendar distance
 * (whole days or months between the two local dates) and then corrected by at most a step or two, so the
 * date library is only ever asked about dates next to `untilMs` (never thousands of periods beyond it).
 */
export function periodStartsBefore(
  startMs: number,
  unit: PeriodUnit,
  length: number,
  untilMs: number,
): number {
  if (!(untilMs > startMs) || !Number.isFinite(startMs)) return 0;
  if (!Number.isFinite(untilMs)) throw new RangeError('An open-ended span has no period count');
  const s = toLocal(startMs);
  const u = toLocal(untilMs);
  let k: number;
  if (unit === 'day' || unit === 'week') {
    const days = Math.round(
      (utcWall(u.year, u.month - 1, u.day) - utcWall(s.year, s.month - 1, s.day)) / 86_400_000,
    );
    k = Math.floor(days / ((unit === 'week' ? 7 : 1) * length));
  } else {
    const months = u.year * 12 + u.month - (s.year * 12 + s.month);
    k = Math.floor(months / ((unit === 'year' ? 12 : 1) * length));
  }
  k = Math.max(0, k);
  // Period starts grow strictly with k (addPeriods counts from the first start), so k is the last index
  // whose start is before the bound once neither correction applies.
  while (k > 0 && addPeriods(startMs, unit, k * length) >= untilMs) k--;
  while (addPeriods(startMs, unit, (k + 1) * length) < untilMs) k++;
  return k + 1;
}
