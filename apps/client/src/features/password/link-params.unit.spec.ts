import { message } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { PASSWORDS_DIFFER, linkParams, newPasswordProblem, readLinkSearch } from './link-params';

describe('e-mail link query (product.md 5)', () => {
  it('keeps the e-mail and the token when both are there', () => {
    const search = readLinkSearch({ email: ' ali@ornek.com ', token: 'abc.def' });
    expect(linkParams(search)).toEqual({ email: 'ali@ornek.com', token: 'abc.def' });
  });

  it('gives nothing when either is missing, empty or not text', () => {
    expect(linkParams(readLinkSearch({ email: 'ali@ornek.com' }))).toBeNull();
    expect(linkParams(readLinkSearch({ token: 'abc' }))).toBeNull();
    expect(linkParams(readLinkSearch({ email: '  ', token: 'abc' }))).toBeNull();
    expect(linkParams(readLinkSearch({ email: 5, token: 'abc' }))).toBeNull();
  });
});

describe('new password and confirmation (product.md 5)', () => {
  it('refuses empty or differing fields with Şifreler eşleşmiyor!', () => {
    expect(PASSWORDS_DIFFER).toBe('Şifreler eşleşmiyor!');
    expect(newPasswordProblem('', '')).toBe(PASSWORDS_DIFFER);
    expect(newPasswordProblem('gizli-1', '')).toBe(PASSWORDS_DIFFER);
    expect(newPasswordProblem('gizli-1', 'gizli-2')).toBe(PASSWORDS_DIFFER);
  });

  it("applies the server's password policy to equal fields", () => {
    expect(newPasswordProblem('abc', 'abc')).toBe(message('auth.passwordTooShort'));
    expect(newPasswordProblem('gizli-sifre', 'gizli-sifre')).toBeNull();
  });
});
