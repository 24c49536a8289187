import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { Kurus } from '../shared/money';
import { checkoutItem } from './checkout-catalogue';

export type CheckoutProvider = 'posnet' | 'mock';

/**
 * One card payment for a subscription plan or an SMS package, in its own stream. The stream is the
 * idempotency guard: the result is appended with the expected version, and a payment that already has a
 * result decides nothing, so a callback delivered twice or a job retried after a crash credits once.
 */
export type CheckoutEvent =
  | DomainEvent<
      'PaymentInitiated',
      {
        paymentId: string;
        provider: CheckoutProvider;
        checkoutItem: string;
        kind: 'subscription' | 'sms';
        amount: Kurus;
        organizationId: string;
        userId: string;
        /** The order id sent to the provider (POSNET XID: 20 characters). */
        orderId: string;
        initiatedAt: string;
      }
    >
  | DomainEvent<
      'PaymentSucceeded',
      {
        paymentId: string;
        provider: CheckoutProvider;
        providerReference: string;
        authCode: string | null;
        checkoutItem: string;
        amount: Kurus;
        organizationId: string;
        userId: string;
        succeededAt: string;
      }
    >
  | DomainEvent<
      'PaymentFailed',
      {
        paymentId: string;
        provider: CheckoutProvider;
        providerReference: string | null;
        reason: string;
        checkoutItem: string;
        organizationId: string;
        userId: string;
        failedAt: string;
      }
    >;

export type PaymentOutcome =
  | { status: 'succeeded'; providerReference: string; authCode: string | null; amount: Kurus }
  | { status: 'failed'; providerReference: string | null; reason: string };

export type CheckoutCommand =
  | {
      type: 'InitiatePayment';
      paymentId: string;
      provider: CheckoutProvider;
      checkoutItem: string;
      organizationId: string;
      userId: string;
      orderId: string;
      now: string;
    }
  | { type: 'CompletePayment'; outcome: PaymentOutcome; now: string };

export type CheckoutState =
  | { status: 'none' }
  | {
      status: 'initiated' | 'succeeded' | 'failed';
      paymentId: string;
      provider: CheckoutProvider;
      checkoutItem: string;
      kind: 'subscription' | 'sms';
      amount: Kurus;
      organizationId: string;
      userId: string;
      orderId: string;
    };

export const initialCheckoutState: CheckoutState = { status: 'none' };

export function decideCheckout(command: CheckoutCommand, state: CheckoutState): CheckoutEvent[] {
  switch (command.type) {
    case 'InitiatePayment': {
      if (state.status !== 'none') throw new DomainError('common.conflict');
      const item = checkoutItem(command.checkoutItem);
      if (!item) throw new DomainError('checkout.unknownItem');
      const { type: _t, now, ...rest } = command;
      return [
        {
          type: 'PaymentInitiated',
          data: { ...rest, kind: item.kind, amount: item.price, initiatedAt: now },
        },
      ];
    }
    case 'CompletePayment': {
      if (state.status === 'none') throw new DomainError('checkout.notFound');
      if (state.status !== 'initiated') return [];
      const base = {
        paymentId: state.paymentId,
        provider: state.provider,
        checkoutItem: state.checkoutItem,
        organizationId: state.organizationId,
        userId: state.userId,
      };
      const o = command.outcome;
      if (o.status === 'succeeded') {
        // Never credit more or less than was asked: a provider answer for another amount is a failure.
        if (o.amount !== state.amount) {
          return [
            {
              type: 'PaymentFailed',
              data: {
                ...base,
                providerReference: o.providerReference,
                reason: 'amount_mismatch',
                failedAt: command.now,
              },
            },
          ];
        }
        return [
          {
            type: 'PaymentSucceeded',
            data: {
              ...base,
              providerReference: o.providerReference,
              authCode: o.authCode,
              amount: state.amount,
              succeededAt: command.now,
            },
          },
        ];
      }
      return [
        {
          type: 'PaymentFailed',
          data: { ...base, providerReference: o.providerReference, reason: o.reason, failedAt: command.now },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveCheckout(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'PaymentInitiated': {
      const d = event.data;
      return {
        status: 'initiated',
        paymentId: d.paymentId,
        provider: d.provider,
        checkoutItem: d.checkoutItem,
        kind: d.kind,
        amount: d.amount,
        organizationId: d.organizationId,
        userId: d.userId,
        orderId: d.orderId,
      };
    }
    case 'PaymentSucceeded':
      return state.status === 'none' ? state : { ...state, status: 'succeeded' };
    case 'PaymentFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const checkoutDecider = {
  decide: decideCheckout,
  evolve: evolveCheckout,
  initialState: initialCheckoutState,
} satisfies Decider<CheckoutCommand, CheckoutEvent, CheckoutState>;
export const checkoutStream = (paymentId: string) => `checkout-${paymentId}`;

/** POSNET wants a 20-character XID; the payment id's first 80 bits in hex are unique enough and stable. */
export function orderIdFor(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(0, 20).toUpperCase();
}
