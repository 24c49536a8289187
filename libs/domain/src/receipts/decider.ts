import { z } from 'zod';
import { checkStatementPeriod, statementPeriodFields } from './statement';
import { DomainError } from '../shared/errors';
import type { Decider } from '../shared/decider';
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
export type ReceiptNumberEvent = DomainEvent<
  'ReceiptNumberAllocated',
  { organizationId: string; year: number; sequence: number; paymentId: string; allocatedAt: string }
>;
export type PaymentReceiptIssuedEvent = DomainEvent<
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
export type ReceiptEvent = ReceiptNumberEvent | PaymentReceiptIssuedEvent;

/** The year's counter: the next number, drawn for one payment. */
export type ReceiptCounterCommand = {
  type: 'AllocateReceiptNumber';
  organizationId: string;
  paymentId: string;
  now: string;
};

/** The payment's receipt: issued once, with the number drawn for it. */
export type PaymentReceiptCommand = {
  type: 'IssuePaymentReceipt';
  organizationId: string;
  paymentId: string;
  year: number;
  sequence: number;
  userId: string | null;
  now: string;
};

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

export function decideReceiptCounter(
  command: ReceiptCounterCommand,
  state: ReceiptCounterState,
): ReceiptNumberEvent[] {
  switch (command.type) {
    case 'AllocateReceiptNumber':
      return [
        {
          type: 'ReceiptNumberAllocated',
          data: {
            organizationId: command.organizationId,
            year: receiptYear(command.now),
            sequence: state.highest + 1,
            paymentId: command.paymentId,
            allocatedAt: command.now,
          },
        },
      ];
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolveReceiptCounter(s: ReceiptCounterState, e: ReceiptNumberEvent): ReceiptCounterState {
  switch (e.type) {
    case 'ReceiptNumberAllocated':
      return { highest: Math.max(s.highest, e.data.sequence) };
    default: {
      const _exhaustive: never = e.type;
      void _exhaustive;
      return s;
    }
  }
}

export function decidePaymentReceipt(
  command: PaymentReceiptCommand,
  state: PaymentReceiptState,
): PaymentReceiptIssuedEvent[] {
  switch (command.type) {
    case 'IssuePaymentReceipt': {
      // A payment has one receipt for good: issued again, it keeps its first number.
      if (state.status === 'issued') return [];
      const { organizationId, paymentId, year, sequence, userId, now } = command;
      return [
        {
          type: 'PaymentReceiptIssued',
          data: {
            organizationId,
            paymentId,
            year,
            sequence,
            receiptNumber: receiptNumber(year, sequence),
            issuedBy: userId,
            issuedAt: now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export function evolvePaymentReceipt(
  s: PaymentReceiptState,
  e: PaymentReceiptIssuedEvent,
): PaymentReceiptState {
  switch (e.type) {
    case 'PaymentReceiptIssued':
      return {
        status: 'issued',
        organizationId: e.data.organizationId,
        receiptNumber: e.data.receiptNumber,
        issuedAt: e.data.issuedAt,
      };
    default: {
      const _exhaustive: never = e.type;
      void _exhaustive;
      return s;
    }
  }
}

export const receiptCounterDecider = {
  decide: decideReceiptCounter,
  evolve: evolveReceiptCounter,
  initialState: { highest: 0 } as ReceiptCounterState,
} satisfies Decider<ReceiptCounterCommand, ReceiptNumberEvent, ReceiptCounterState>;

export const paymentReceiptDecider = {
  decide: decidePaymentReceipt,
  evolve: evolvePaymentReceipt,
  initialState: { status: 'none' } as PaymentReceiptState,
} satisfies Decider<PaymentReceiptCommand, PaymentReceiptIssuedEvent, PaymentReceiptState>;

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
): {
  receiptNumber: string;
  issuedAt: string;
  counterEvents: ReceiptNumberEvent[];
  receiptEvents: PaymentReceiptIssuedEvent[];
} {
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
  const counterEvents = decideReceiptCounter(
    { type: 'AllocateReceiptNumber', organizationId, paymentId, now },
    states.counter,
  );
  const { year, sequence } = counterEvents[0].data;
  const receiptEvents = decidePaymentReceipt(
    { type: 'IssuePaymentReceipt', organizationId, paymentId, year, sequence, userId, now },
    states.receipt,
  );
  return { receiptNumber: receiptNumber(year, sequence), issuedAt: now, counterEvents, receiptEvents };
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
