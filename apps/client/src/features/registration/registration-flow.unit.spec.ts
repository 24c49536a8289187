import { ROLES } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import type { Session } from '../auth/session';
import type { Profile } from '@okul/domain';
import { registrationStep } from './registration-flow';

const session = (over: Partial<Profile>): Session => ({
  user: {
    id: 'u1',
    name: 'Ayşe',
    email: 'ayse@ornek.com',
    isEmailVerified: false,
    registrationStatus: 'pending_payment',
    globalRoleId: null,
    ...over,
  },
  memberships: [],
  allOrganizations: [],
  organization: null,
  role: ROLES.notRegistered,
});

describe('what /kayit shows (product.md 2 and 4, registration flow)', () => {
  it('shows the form to a visitor and waits while a stored session loads', () => {
    expect(registrationStep(false, null)).toBe('form');
    expect(registrationStep(true, null)).toBe('loading');
  });

  it('replaces the form with the e-mail panel while the address is unverified', () => {
    expect(registrationStep(true, session({}))).toBe('verifyEmail');
  });

  it('sends a verified pending_payment user to payment and an active one to the panel', () => {
    expect(registrationStep(true, session({ isEmailVerified: true }))).toBe('payment');
    expect(registrationStep(true, session({ registrationStatus: 'active' }))).toBe('panel');
    expect(registrationStep(true, session({ registrationStatus: 'active', isEmailVerified: true }))).toBe(
      'panel',
    );
  });

  it('does not ask the global admin account to verify', () => {
    expect(registrationStep(true, session({ globalRoleId: ROLES.admin }))).toBe('payment');
  });
});
