import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { reactToCheckoutSucceeded, type PaymentSucceeded } from './checkout-policy';
import { userDecider, type UserEvent } from './user-decider';

const userId = '00000000-0000-4000-8000-000000000001';
const organizationId = '00000000-0000-4000-8000-000000000002';
const paymentId = '00000000-0000-4000-8000-000000000003';
const now = '2026-03-01T10:00:00.000Z';

const registered = (registrationStatus: 'pending_payment' | 'active'): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ayse@example.com',
    name: 'Ayşe',
    surname: null,
    phone: null,
    tckn: null,
    passwordHash: 'h',
    registrationStatus,
    globalRoleId: null,
    registeredAt: now,
  },
});
const succeeded = (checkoutItem: string): PaymentSucceeded => ({
  type: 'PaymentSucceeded',
  data: {
    paymentId,
    provider: 'mock',
    providerReference: 'ref',
    authCode: null,
    checkoutItem,
    amount: 400_00,
    organizationId,
    userId,
    succeededAt: now,
  },
});

/** given the payer's history / when the payment succeeds / then these reactions. */
const given = (history: UserEvent[]) => ({
  when: (event: PaymentSucceeded) => ({
    then: (expected: ReturnType<typeof reactToCheckoutSucceeded>) =>
      expect(reactToCheckoutSucceeded(event, fold(userDecider, history))).toEqual(expected),
    thenThrows: (code: string) =>
      expect(() => reactToCheckoutSucceeded(event, fold(userDecider, history))).toThrow(
        expect.objectContaining({ code }),
      ),
  }),
});

const extend = (checkoutItem: string, months: number) => ({
  stream: 'organization' as const,
  organizationId,
  command: { type: 'ExtendSubscription' as const, paymentId, checkoutItem, months, now },
});

describe('a succeeded checkout payment', () => {
  it('extends the subscription and activates a registration waiting for payment', () => {
    given([registered('pending_payment')])
      .when(succeeded('sub-3-month'))
      .then([
        extend('sub-3-month', 3),
        { stream: 'user', userId, command: { type: 'ActivateRegistration', now } },
      ]);
  });

  it('only extends when the payer is already active (a renewal) or was activated before', () => {
    given([registered('active')])
      .when(succeeded('sub-1-year'))
      .then([extend('sub-1-year', 12)]);
    given([registered('pending_payment'), { type: 'UserRegistrationActivated', data: { userId } }])
      .when(succeeded('sub-1-month'))
      .then([extend('sub-1-month', 1)]);
  });

  it('adds SMS credits for a package and leaves the registration alone', () => {
    given([registered('pending_payment')])
      .when(succeeded('sms-credits-250'))
      .then([
        {
          stream: 'organization',
          organizationId,
          command: { type: 'AddSmsCredits', paymentId, checkoutItem: 'sms-credits-250', credits: 250, now },
        },
      ]);
  });

  it('refuses an item the catalogue does not sell', () => {
    given([registered('active')])
      .when(succeeded('sub-99-month'))
      .thenThrows('checkout.unknownItem');
  });
});
