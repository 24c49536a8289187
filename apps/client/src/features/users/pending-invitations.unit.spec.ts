import { describe, expect, it } from 'vitest';
import type { PendingInvitation } from '@okul/domain';
import { canResend, isExpired, pendingInvitationsTitle } from './pending-invitations';

const invitation: PendingInvitation = {
  id: '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d',
  email: 'yeni@example.com',
  name: 'Yeni Kişi',
  orgRoleId: 5,
  delivery: 'email',
  invitedByUserId: '7d3c2a4e-1f0b-4c5d-9e8f-0a1b2c3d4e5f',
  invitedByName: 'Ayşe',
  invitedAt: '2026-03-01T10:00:00.000Z',
  lastSentAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
};

describe('pending invitations on the users screen', () => {
  it('counts them in the heading', () => {
    expect(pendingInvitationsTitle([])).toBe('Bekleyen davetler (0)');
    expect(pendingInvitationsTitle([invitation, invitation])).toBe('Bekleyen davetler (2)');
  });
  it('an e-mail link expires at its time; an inbox invitation never', () => {
    expect(isExpired(invitation, new Date('2026-03-08T09:59:59.000Z'))).toBe(false);
    expect(isExpired(invitation, new Date('2026-03-08T10:00:00.000Z'))).toBe(true);
    expect(isExpired({ expiresAt: null }, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });
  it('offers sending again only for e-mail invitations', () => {
    expect(canResend(invitation)).toBe(true);
    expect(canResend({ delivery: 'inbox' })).toBe(false);
  });
});
