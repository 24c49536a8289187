import { describe, expect, it } from 'vitest';
import { message } from '../shared/messages';
import { isCommonPassword, passwordStrength } from './common-passwords';
import { passwordSchema, registerSchema, resetPasswordSchema } from './schemas';

describe('password policy', () => {
  it('refuses the most common passwords and trivial runs with the catalogue message', () => {
    for (const p of [
      '123456',
      'password',
      'abcdefg',
      'Password',
      'QWERTY123',
      'şifre123',
      'aaaaaaa',
      '987654',
    ]) {
      const r = passwordSchema.safeParse(p);
      expect(r.success, p).toBe(false);
      expect(r.error?.issues[0].message).toBe(message('auth.passwordTooCommon'));
    }
  });

  it('keeps the minimum length of 6 (api.md 9.5) and accepts an ordinary password', () => {
    expect(passwordSchema.safeParse('a1b2c').error?.issues[0].message).toBe(message('auth.passwordTooShort'));
    expect(passwordSchema.safeParse('gizli-sifre-1').success).toBe(true);
    expect(passwordSchema.safeParse('k4lem!').success).toBe(true);
    expect(isCommonPassword('abcdeg')).toBe(false);
  });

  it('every schema that sets a password uses the policy', () => {
    expect(registerSchema.safeParse({ email: 'a@b.co', password: 'password1', name: 'A' }).success).toBe(
      false,
    );
    expect(
      resetPasswordSchema.safeParse({ email: 'a@b.co', token: 'x'.repeat(20), newPassword: '123456' })
        .success,
    ).toBe(false);
  });

  it('rates strength from length and kinds of characters', () => {
    expect(passwordStrength('123456')).toBe(0);
    expect(passwordStrength('abc')).toBe(0);
    expect(passwordStrength('kalemlik')).toBe(1);
    expect(passwordStrength('kalem-42')).toBe(2);
    expect(passwordStrength('Uzun-Kalem-2026')).toBe(3);
  });
});
