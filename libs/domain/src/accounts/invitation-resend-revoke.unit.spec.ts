import { describe, expect, it } from 'vitest';
import { logSentence } from '../logs/sentences';
import { given } from '../shared/given';
import { invitationDecider, type InvitationEvent } from './invitation-decider';

const t0 = '2026-03-01T10:00:00.000Z';
const t1 = '2026-03-02T10:00:00.000Z';
const invited = (over: Partial<Extract<InvitationEvent, { type: 'UserInvited' }>['data']> = {}) =>
  ({
    type: 'UserInvited',
    data: {
      invitationId: 'i1',
      organizationId: 'o1',
      organizationName: 'Deneme Kursu',
      email: 'yeni@example.com',
      name: 'Yeni Kişi',
      orgRoleId: 4,
      invitedByUserId: 'admin',
      invitedByName: 'Ayşe',
      invitedUserId: null,
      tokenHash: 'h1',
      expiresAt: '2026-03-08T10:00:00.000Z',
      invitedAt: t0,
      ...over,
    },
  }) as const satisfies InvitationEvent;
const byInbox = invited({ invitedUserId: 'u1', tokenHash: null, expiresAt: null });
const resent: InvitationEvent = {
  type: 'InvitationResent',
  data: {
    invitationId: 'i1',
    organizationId: 'o1',
    email: 'yeni@example.com',
    tokenHash: 'h2',
    expiresAt: '2026-03-09T10:00:00.000Z',
    resentByUserId: 'admin2',
    resentAt: t1,
  },
};
const revoked: InvitationEvent = {
  type: 'InvitationRevoked',
  data: {
    invitationId: 'i1',
    organizationId: 'o1',
    email: 'yeni@example.com',
    name: 'Yeni Kişi',
    invitedUserId: null,
    revokedByUserId: 'admin2',
    revokedAt: t1,
  },
};
const accepted: InvitationEvent = {
  type: 'InvitationAccepted',
  data: {
    invitationId: 'i1',
    organizationId: 'o1',
    userId: 'n1',
    orgRoleId: 4,
    invitedByUserId: 'admin',
    acceptedAt: t1,
  },
};
const rejected: InvitationEvent = {
  type: 'InvitationRejected',
  data: { invitationId: 'i1', organizationId: 'o1', userId: 'u1', invitedByUserId: 'admin', rejectedAt: t1 },
};
const resend = (organizationId = 'o1') =>
  ({
    type: 'ResendInvitation',
    organizationId,
    tokenHash: 'h2',
    expiresAt: '2026-03-09T10:00:00.000Z',
    resentByUserId: 'admin2',
    now: t1,
  }) as const;
const revoke = (organizationId = 'o1') =>
  ({ type: 'RevokeInvitation', organizationId, revokedByUserId: 'admin2', now: t1 }) as const;
const acceptWith = (presentedHash: string) =>
  ({
    type: 'AcceptByToken',
    email: 'yeni@example.com',
    presentedHash,
    newUserId: 'n1',
    now: '2026-03-02T11:00:00.000Z',
  }) as const;

describe('sending a pending invitation again', () => {
  it('issues a new link with a new expiry', () => {
    given(invitationDecider, [invited()]).when(resend()).then([resent]);
  });
  it('the new link opens the invitation; the earlier one says it was replaced', () => {
    given(invitationDecider, [invited(), resent])
      .when(acceptWith('h2'))
      .then([{ ...accepted, data: { ...accepted.data, acceptedAt: '2026-03-02T11:00:00.000Z' } }]);
    given(invitationDecider, [invited(), resent])
      .when(acceptWith('h1'))
      .thenThrows(
        'invitation.tokenReplaced',
        'Bu davet bağlantısı yenilendi. Lütfen e-postanıza gönderilen en son davet bağlantısını kullanın.',
      );
    given(invitationDecider, [invited(), resent]).when(acceptWith('x')).thenThrows('invitation.tokenInvalid');
  });
  it("refuses another organisation's invitation as not found", () => {
    given(invitationDecider, [invited()])
      .when(resend('o2'))
      .thenThrows('invitation.notFound', 'Davet bulunamadı.');
    given(invitationDecider, []).when(resend()).thenThrows('invitation.notFound');
  });
  it('refuses an answered, revoked or inbox invitation', () => {
    given(invitationDecider, [invited(), accepted]).when(resend()).thenThrows('invitation.alreadyAnswered');
    given(invitationDecider, [invited(), revoked]).when(resend()).thenThrows('invitation.alreadyRevoked');
    given(invitationDecider, [byInbox]).when(resend()).thenThrows('invitation.inboxNotResendable');
  });
});

describe('revoking a pending invitation', () => {
  it('revokes it; its links then answer that it was revoked', () => {
    given(invitationDecider, [invited()]).when(revoke()).then([revoked]);
    const revokedText =
      'Bu davet kurum tarafından iptal edilmiş. Lütfen kurumunuzdan yeni bir davet isteyin.';
    given(invitationDecider, [invited(), revoked])
      .when(acceptWith('h1'))
      .thenThrows('invitation.revoked', revokedText);
    given(invitationDecider, [invited(), resent, revoked])
      .when(acceptWith('h1'))
      .thenThrows('invitation.revoked');
    // someone without a link learns nothing
    given(invitationDecider, [invited(), revoked])
      .when(acceptWith('x'))
      .thenThrows('invitation.tokenInvalid');
  });
  it('an inbox invitation: the invitee can no longer answer it', () => {
    const inboxRevoked: InvitationEvent = { ...revoked, data: { ...revoked.data, invitedUserId: 'u1' } };
    given(invitationDecider, [byInbox]).when(revoke()).then([inboxRevoked]);
    given(invitationDecider, [byInbox, inboxRevoked])
      .when({ type: 'Respond', userId: 'u1', accept: true, now: t1 })
      .thenThrows('invitation.revoked');
  });
  it('an accepted invitation cannot be revoked; nor a rejected or revoked one', () => {
    given(invitationDecider, [invited(), accepted])
      .when(revoke())
      .thenThrows('invitation.acceptedNotRevocable', 'Kabul edilmiş bir davet iptal edilemez.');
    given(invitationDecider, [byInbox, rejected]).when(revoke()).thenThrows('invitation.alreadyAnswered');
    given(invitationDecider, [invited(), revoked]).when(revoke()).thenThrows('invitation.alreadyRevoked');
  });
  it("refuses another organisation's invitation as not found", () => {
    given(invitationDecider, [invited()]).when(revoke('o2')).thenThrows('invitation.notFound');
  });
});

describe('İşlem Dökümü', () => {
  it('words resending and revoking with the address', () => {
    expect(logSentence('resend_invitation', { email: 'yeni@example.com' })).toBe(
      'yeni@example.com adresine daveti yeniden gönderdi.',
    );
    expect(logSentence('revoke_invitation', { email: 'yeni@example.com' })).toBe(
      'yeni@example.com adresine gönderilen daveti iptal etti.',
    );
    expect(
      logSentence('revoke_invitation_failed', { reason: 'Kabul edilmiş bir davet iptal edilemez.' }),
    ).toContain('Kabul edilmiş bir davet iptal edilemez.');
  });
});
