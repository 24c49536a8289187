import { z } from 'zod';
import { message } from '../shared/messages';
import type { Kurus } from '../shared/money';
import { localToIso, toEpoch } from '../shared/time';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day "YYYY-MM-DD" (what a date field sends) of the institution's calendar. */
const dayField = z
  .string()
  .max(10)
  .refine(
    (v) => {
      const m = DAY.exec(v);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    },
    { error: message('export.dayInvalid') },
  );

/** The period of a Hesap Ekstresi: from and to are calendar days, both included; either may be left open. */
export const statementPeriodFields = {
  from: dayField.optional(),
  to: dayField.optional(),
};

/** Refuses a period whose start is after its end. */
export function checkStatementPeriod(
  v: { from?: string; to?: string },
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to) {
    ctx.addIssue({ code: 'custom', message: message('export.periodInvalid'), path: ['from'] });
  }
}

/** The instant an Istanbul calendar day "YYYY-MM-DD" starts, `plusDays` later. */
function dayStart(day: string, plusDays = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  const n = new Date(Date.UTC(y, m - 1, d + plusDays));
  return toEpoch(localToIso({ year: n.getUTCFullYear(), month: n.getUTCMonth() + 1, day: n.getUTCDate() }));
}

export interface StatementPeriod<E> {
  /** The balance carried in from before the period (Devreden bakiye), kuruş. */
  opening: Kurus;
  entries: E[];
  /** The balance at the end of the period, kuruş. */
  closing: Kurus;
}

/**
 * The part of a balance sheet (oldest first, with running balances) that falls in a period: the entries from
 * the start of `from` to the end of `to` (Istanbul calendar days, both included), the balance carried in from
 * before and the balance at the end.
 */
export function statementPeriod<E extends { timestamp: string; rollingBalance: Kurus }>(
  sheet: readonly E[],
  period: { from?: string; to?: string },
): StatementPeriod<E> {
  const start = period.from === undefined ? -Infinity : dayStart(period.from);
  const end = period.to === undefined ? Infinity : dayStart(period.to, 1);
  let opening = 0;
  const entries: E[] = [];
  for (const e of sheet) {
    const at = toEpoch(e.timestamp);
    if (at < start) opening = e.rollingBalance;
    else if (at < end) entries.push(e);
  }
  return { opening, entries, closing: entries.at(-1)?.rollingBalance ?? opening };
}
