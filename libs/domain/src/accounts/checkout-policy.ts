import { DomainError } from '../shared/errors';
import { checkoutItem } from './checkout-catalogue';
import type { CheckoutEvent } from './checkout-decider';
import type { OrganizationCommand } from './organization-decider';
import type { UserCommand, UserState } from './user-decider';

export type PaymentSucceeded = Extract<CheckoutEvent, { type: 'PaymentSucceeded' }>;

/** What a succeeded checkout makes happen on other streams, appended with the payment's result. */
export type CheckoutReaction =
  | {
      stream: 'organization';
      organizationId: string;
      command: Extract<OrganizationCommand, { type: 'ExtendSubscription' | 'AddSmsCredits' }>;
    }
  | { stream: 'user'; userId: string; command: Extract<UserCommand, { type: 'ActivateRegistration' }> };

/**
 * Process manager of a card payment (api.md 9.1, 9.2): a subscription extends the organisation's paid
 * period, an SMS package adds credits, and a subscription paid by a user whose registration waits for
 * payment activates it (product.md 4: after payment the payer leaves /odeme for /giris). Pure: the payer's
 * account state comes in; the handler appends the reactions in the same write as PaymentSucceeded, so the
 * credit happens exactly once with the payment.
 */
export function reactToCheckoutSucceeded(event: PaymentSucceeded, payer: UserState): CheckoutReaction[] {
  const { paymentId, organizationId, userId, succeededAt: now } = event.data;
  const item = checkoutItem(event.data.checkoutItem);
  if (!item) throw new DomainError('checkout.unknownItem');
  if (item.kind === 'sms') {
    return [
      {
        stream: 'organization',
        organizationId,
        command: {
          type: 'AddSmsCredits',
          paymentId,
          checkoutItem: item.checkoutItem,
          credits: item.amount,
          now,
        },
      },
    ];
  }
  const reactions: CheckoutReaction[] = [
    {
      stream: 'organization',
      organizationId,
      command: {
        type: 'ExtendSubscription',
        paymentId,
        checkoutItem: item.checkoutItem,
        months: item.lengthMonths,
        now,
      },
    },
  ];
  if (payer.status === 'registered' && payer.registrationStatus === 'pending_payment') {
    reactions.push({ stream: 'user', userId, command: { type: 'ActivateRegistration', now } });
  }
  return reactions;
}
