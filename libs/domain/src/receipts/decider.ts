import { z } from 'zod';
import { checkStatementPeriod, statementPeriodFields } from './statement';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import { message } from '../shared/messages';
import { toEpoch, toLocal } from '../shared/time';

/**
 * Tahsilat makbuzu numbers: unique and gapless per organisation and year ("2026-000042"). A number is
 * issued the first time a payment's receipt is asked for, and stays that payment's for good. Two streams
 * are appended together: the year's counter (`receipt-numbers-<orgId>-<year>`) and the payment's receipt
 * (`payment-receipt-<paymentId>`), each with its expected version, so two receipts issued at once never share
 * a number (the counter conflicts and one decides again) and one payment never gets two (its receipt stream
 * conflicts). A refused or conflicting attempt stores nothing, so no number is skipped.
 */
export type ReceiptEvent =
  | DomainEvent<
      'ReceiptNumberAllocated',
      { organizationId: string; year: number; sequence: number; paymentId: string; allocatedAt: string }
    >
  | DomainEvent<
      'PaymentReceiptIssued',
      {
        organizationId: string;
        paymentId: string;
        year: number;
        sequence: number;
        receiptNumber: string;
        issuedBy: string | null;
        issuedAt: string;
      }
    >;

export interface ReceiptCounterState {
  highest: number;
}
export type PaymentReceiptState =
  { status: 'none' } | { status: 'issued'; organizationId: string; receiptNumber: string; issuedAt: string };

export const receiptNumbersStream = (organizationId: string, year: number) =>
  `receipt-numbers-${organizationId}-${year}`;
export const paymentReceiptStream = (paymentId: string) => `payment-receipt-${paymentId}`;

export function receiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** The institution's (Istanbul) year of an instant. */
export function receiptYear(now: string): number {
  return toLocal(toEpoch(now)).year;
}

export const evolveReceiptCounter = (s: ReceiptCounterState, e: ReceiptEvent): ReceiptCounterState =>
  e.type === 'ReceiptNumberAllocated' ? { highest: Math.max(s.highest, e.data.sequence) } : s;

export const evolvePaymentReceipt = (s: PaymentReceiptState, e: ReceiptEvent): PaymentReceiptState =>
  e.type === 'PaymentReceiptIssued'
    ? {
        status: 'issued',
        organizationId: e.data.organizationId,
        receiptNumber: e.data.receiptNumber,
        issuedAt: e.data.issuedAt,
      }
    : s;

export const receiptCounterDecider = {
  decide: (): ReceiptEvent[] => [],
  evolve: evolveReceiptCounter,
  initialState: { highest: 0 } as ReceiptCounterState,
};
export const paymentReceiptDecider = {
  decide: (): ReceiptEvent[] => [],
  evolve: evolvePaymentReceipt,
  initialState: { status: 'none' } as PaymentReceiptState,
};

/**
 * The receipt of a payment: its number when already issued (no events), or the next number of the year.
 * `paymentActive` is whether the payment exists in this organisation and is not deleted.
 */
export function planReceiptIssue(
  request: {
    organizationId: string;
    paymentId: string;
    paymentActive: boolean;
    userId: string | null;
    now: string;
  },
  states: { counter: ReceiptCounterState; receipt: PaymentReceiptState },
): { receiptNumber: string; issuedAt: string; counterEvents: ReceiptEvent[]; receiptEvents: ReceiptEvent[] } {
  const { organizationId, paymentId, userId, now } = request;
  if (states.receipt.status === 'issued') {
    if (states.receipt.organizationId !== organizationId) throw new DomainError('payment.notFound');
    return {
      receiptNumber: states.receipt.receiptNumber,
      issuedAt: states.receipt.issuedAt,
      counterEvents: [],
      receiptEvents: [],
    };
  }
  if (!request.paymentActive) throw new DomainError('payment.notFound');
  const year = receiptYear(now);
  const sequence = states.counter.highest + 1;
  const number = receiptNumber(year, sequence);
  return {
    receiptNumber: number,
    issuedAt: now,
    counterEvents: [
      {
        type: 'ReceiptNumberAllocated',
        data: { organizationId, year, sequence, paymentId, allocatedAt: now },
      },
    ],
    receiptEvents: [
      {
        type: 'PaymentReceiptIssued',
        data: {
          organizationId,
          paymentId,
          year,
          sequence,
          receiptNumber: number,
          issuedBy: userId,
          issuedAt: now,
        },
      },
    ],
  };
}

/** POST getPaymentReceipt {paymentId}: the PDF of the payment's Tahsilat Makbuzu. */
export const paymentReceiptRequestSchema = z.strictObject({
  paymentId: z.uuid({ error: message('payment.idMissing') }),
});

/** POST getBalanceStatement {studentId, from?, to?}: the student's Hesap Ekstresi as a PDF. */
export const balanceStatementRequestSchema = z
  .strictObject({
    studentId: z.uuid({ error: message('student.notFound') }),
    ...statementPeriodFields,
  })
  .superRefine(checkStatementPeriod);
