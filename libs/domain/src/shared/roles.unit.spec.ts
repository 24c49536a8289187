import { describe, expect, it } from 'vitest';
import { ROLES, mustVerifyEmail } from './roles';

describe('e-mail verification gate (product.md 2)', () => {
  it('asks an unverified user to verify, except the global admin', () => {
    expect(mustVerifyEmail({ isEmailVerified: false })).toBe(true);
    expect(mustVerifyEmail({ isEmailVerified: false, globalRoleId: null })).toBe(true);
    expect(mustVerifyEmail({ isEmailVerified: false, globalRoleId: ROLES.developer })).toBe(true);
    expect(mustVerifyEmail({ isEmailVerified: false, globalRoleId: ROLES.admin })).toBe(false);
    expect(mustVerifyEmail({ isEmailVerified: true, globalRoleId: null })).toBe(false);
  });
});
