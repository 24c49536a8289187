import type { AccountingEvent } from '../accounting/decider';
import { sumKurus, type Kurus } from '../shared/money';
import { toEpoch } from '../shared/time';

/**
 * The paid side of wages owed (docs/DECISIONS.md, people): an accounting entry of type cost and subtype wage
 * naming an employee is a wage paid to that employee, on the entry's date. Every accounting event carries the
 * entry as it is after the event, so the payment row of an entry is a function of its last event alone: an
 * edit replaces the row (it may move the wage to another employee, change its amount or date, or stop being a
 * wage), a reversal removes it.
 */
export interface WagePaymentRow {
  entryId: string;
  organizationId: string;
  employeeId: string;
  amount: Kurus;
  date: string;
}

/** The wage payment an entry stands for after `event`, or null when it pays no wage. */
export function wagePaymentRow(event: AccountingEvent): WagePaymentRow | null {
  if (event.type === 'AccountingEntryReversed') return null;
  const d = event.data;
  if (d.type !== 'cost' || d.subtype !== 'wage' || d.employeeId === null) return null;
  return {
    entryId: d.entryId,
    organizationId: d.organizationId,
    employeeId: d.employeeId,
    amount: d.amount,
    date: d.date,
  };
}

/** The rows of a history of accounting events: each event replaces its entry's row (the read model's rule). */
export function foldWagePayments(events: readonly AccountingEvent[]): Map<string, WagePaymentRow> {
  const rows = new Map<string, WagePaymentRow>();
  for (const e of events) {
    const row = wagePaymentRow(e);
    if (row === null) rows.delete(e.data.entryId);
    else rows.set(e.data.entryId, row);
  }
  return rows;
}

/** What was paid to `employeeId` by `now` (entries dated up to now), in kuruş. */
export function wagesPaid(rows: Iterable<WagePaymentRow>, employeeId: string, now: string): Kurus {
  const nowMs = toEpoch(now);
  return sumKurus(
    [...rows].filter((r) => r.employeeId === employeeId && toEpoch(r.date) <= nowMs).map((r) => r.amount),
  );
}

/** Wages owed at a moment: earned minus paid; negative when paid in advance. */
export interface WagesOwed {
  earned: Kurus;
  paid: Kurus;
  outstanding: Kurus;
}

export const wagesOwed = (earned: Kurus, paid: Kurus): WagesOwed => ({
  earned,
  paid,
  outstanding: earned - paid,
});
