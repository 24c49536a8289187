import { describe, expect, it } from 'vitest';
import { passwordHint } from './password-hint';

describe('password hint', () => {
  it('names the rule, then refuses common passwords, then rates the strength', () => {
    expect(passwordHint('')).toBe('En az 6 karakter');
    expect(passwordHint('123456')).toBe('Çok yaygın bir şifre: kabul edilmez');
    expect(passwordHint('kalemlik')).toBe('Şifre gücü: Zayıf');
    expect(passwordHint('Uzun-Kalem-2026')).toBe('Şifre gücü: Güçlü');
  });
});
