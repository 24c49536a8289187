import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import {
  checkoutDecider,
  decideCheckout,
  orderIdFor,
  type CheckoutEvent,
  type PaymentOutcome,
} from './checkout-decider';
import {
  decideInbox,
  decideInvitation,
  inboxDecider,
  invitationDecider,
  type InvitationCommand,
  type InvitationEvent,
} from './invitation-decider';

const t0 = '2026-03-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();
const base = {
  type: 'InviteUser' as const,
  invitationId: 'i1',
  organizationId: 'o1',
  organizationName: 'Deneme Kursu',
  email: 'yeni@example.com',
  name: 'Yeni Kişi',
  orgRoleId: 4,
  invitedByUserId: 'admin',
  invitedByName: 'Ayşe',
  now: t0,
};
const byEmail = decideInvitation(
  { ...base, invitedUserId: null, tokenHash: 'h', expiresAt: later(60) },
  invitationDecider.initialState,
);
const byInbox = decideInvitation(
  { ...base, invitedUserId: 'u1', tokenHash: null, expiresAt: null },
  invitationDecider.initialState,
);
const when = (history: InvitationEvent[], command: InvitationCommand) =>
  decideInvitation(command, fold(invitationDecider, history));

describe('invitations', () => {
  it('refuses a role that cannot be given', () => {
    expect(() =>
      decideInvitation(
        { ...base, orgRoleId: 2, invitedUserId: 'u1', tokenHash: null, expiresAt: null },
        invitationDecider.initialState,
      ),
    ).toThrow('Bu rol atanamaz.');
    expect(() =>
      decideInvitation(
        { ...base, orgRoleId: 1, invitedUserId: 'u1', tokenHash: null, expiresAt: null },
        invitationDecider.initialState,
      ),
    ).toThrow('Bu rol atanamaz.');
  });
  it('accepts an e-mail invitation once, with the right token, before it expires', () => {
    const ok = when(byEmail, {
      type: 'AcceptByToken',
      email: 'yeni@example.com',
      presentedHash: 'h',
      newUserId: 'n1',
      now: later(1),
    });
    expect(ok).toEqual([
      {
        type: 'InvitationAccepted',
        data: {
          invitationId: 'i1',
          organizationId: 'o1',
          userId: 'n1',
          orgRoleId: 4,
          invitedByUserId: 'admin',
          acceptedAt: later(1),
        },
      },
    ]);
    const accept = (history: InvitationEvent[], hash: string, email: string, now: string) => () =>
      when(history, { type: 'AcceptByToken', email, presentedHash: hash, newUserId: 'n1', now });
    expect(accept([...byEmail, ...ok], 'h', 'yeni@example.com', later(2))).toThrow(
      'Davet bağlantısı geçersiz',
    );
    expect(accept(byEmail, 'x', 'yeni@example.com', later(2))).toThrow('Davet bağlantısı geçersiz');
    expect(accept(byEmail, 'h', 'baska@example.com', later(2))).toThrow('Davet bağlantısı geçersiz');
    expect(accept(byEmail, 'h', 'yeni@example.com', later(60))).toThrow('Davet bağlantısı geçersiz');
    expect(accept(byInbox, 'h', 'yeni@example.com', later(1))).toThrow('Davet bağlantısı geçersiz');
  });
  it('only the invited user answers an inbox invitation, once', () => {
    expect(() => when(byInbox, { type: 'Respond', userId: 'other', accept: true, now: t0 })).toThrow(
      'Mesaj bulunamadı.',
    );
    const rejected = when(byInbox, { type: 'Respond', userId: 'u1', accept: false, now: t0 });
    expect(rejected[0].type).toBe('InvitationRejected');
    expect(() =>
      when([...byInbox, ...rejected], { type: 'Respond', userId: 'u1', accept: true, now: t0 }),
    ).toThrow('Bu davet zaten yanıtlanmış.');
    expect(when(byInbox, { type: 'Respond', userId: 'u1', accept: true, now: t0 })[0]).toMatchObject({
      type: 'InvitationAccepted',
      data: { userId: 'u1', orgRoleId: 4 },
    });
  });
  it('marks an inbox item read once', () => {
    const first = decideInbox(
      { type: 'MarkRead', userId: 'u1', messageId: 'm', now: t0 },
      inboxDecider.initialState,
    );
    expect(first).toHaveLength(1);
    expect(
      decideInbox({ type: 'MarkRead', userId: 'u1', messageId: 'm', now: t0 }, fold(inboxDecider, first)),
    ).toEqual([]);
  });
});

describe('checkout payments', () => {
  const paymentId = '0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3';
  const initiated = decideCheckout(
    {
      type: 'InitiatePayment',
      paymentId,
      provider: 'posnet',
      checkoutItem: 'sub-3-month',
      organizationId: 'o1',
      userId: 'u1',
      orderId: orderIdFor(paymentId),
      now: t0,
    },
    checkoutDecider.initialState,
  );
  const complete = (history: CheckoutEvent[], outcome: PaymentOutcome) =>
    decideCheckout({ type: 'CompletePayment', outcome, now: later(1) }, fold(checkoutDecider, history));

  it('prices the payment from the catalogue and refuses unknown items', () => {
    expect(initiated[0].data).toMatchObject({
      amount: 110000,
      kind: 'subscription',
      orderId: '0A1B2C3D4E5F4A6B8C7D',
    });
    expect(() =>
      decideCheckout(
        {
          type: 'InitiatePayment',
          paymentId,
          provider: 'mock',
          checkoutItem: 'sub-2-year',
          organizationId: 'o1',
          userId: 'u1',
          orderId: 'x',
          now: t0,
        },
        checkoutDecider.initialState,
      ),
    ).toThrow('Geçersiz ödeme seçeneği.');
  });
  it('completes once: a second result decides nothing', () => {
    const ok = complete(initiated, {
      status: 'succeeded',
      providerReference: 'HL1',
      authCode: 'A1',
      amount: 110000,
    });
    expect(ok[0]).toMatchObject({
      type: 'PaymentSucceeded',
      data: { providerReference: 'HL1', amount: 110000, organizationId: 'o1' },
    });
    expect(
      complete([...initiated, ...ok], {
        status: 'succeeded',
        providerReference: 'HL1',
        authCode: 'A1',
        amount: 110000,
      }),
    ).toEqual([]);
    expect(
      complete([...initiated, ...ok], { status: 'failed', providerReference: null, reason: 'x' }),
    ).toEqual([]);
  });
  it('fails a payment the provider reports for another amount', () => {
    expect(
      complete(initiated, { status: 'succeeded', providerReference: 'HL1', authCode: null, amount: 100 })[0],
    ).toMatchObject({
      type: 'PaymentFailed',
      data: { reason: 'amount_mismatch' },
    });
  });
});
