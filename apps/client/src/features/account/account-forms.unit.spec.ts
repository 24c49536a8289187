import { message } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PASSWORDS_DIFFER,
  describeUserAgent,
  emailFormSchema,
  nameChange,
  nameFormSchema,
  organizationNameChange,
  passwordChangeBody,
  passwordFormSchema,
  sortSessions,
} from './account-forms';
import type { AccountSession } from '@okul/domain';

describe('account forms (product.md 5 Account)', () => {
  it('takes names and e-mail addresses of at most 50 characters, with the server texts', () => {
    expect(nameFormSchema.safeParse({ name: 'x'.repeat(50) }).success).toBe(true);
    const long = nameFormSchema.safeParse({ name: 'x'.repeat(51) });
    expect(long.success ? null : long.error.issues[0].message).toBe(message('account.nameTooLong'));
    const longMail = emailFormSchema.safeParse({
      email: `${'a'.repeat(40)}@ornek.com.tr`,
      currentPassword: 'x',
    });
    expect(longMail.success ? null : longMail.error.issues[0].message).toBe(message('account.emailTooLong'));
    const bad = emailFormSchema.safeParse({ email: 'ali ornek.com', currentPassword: 'x' });
    expect(bad.success ? null : bad.error.issues[0].message).toBe(message('auth.invalidEmail'));
    expect(emailFormSchema.parse({ email: ' Ali@Ornek.com ', currentPassword: 'x' })).toEqual({
      email: 'ali@ornek.com',
      currentPassword: 'x',
    });
  });

  it('asks for the current password before a new e-mail is sent', () => {
    const missing = emailFormSchema.safeParse({ email: 'ali@ornek.com', currentPassword: '' });
    expect(missing.success ? null : missing.error.issues[0].message).toBe('Mevcut şifrenizi girin.');
  });

  it('needs equal new passwords (Şifreler eşleşmiyor.) and sends no confirmation', () => {
    const differ = passwordFormSchema.safeParse({
      currentPassword: 'eski-sifre',
      password: 'yeni-sifre-1',
      confirmation: 'yeni-sifre-2',
    });
    expect(differ.success).toBe(false);
    expect(differ.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmation'], message: ACCOUNT_PASSWORDS_DIFFER }),
    ]);
    expect(ACCOUNT_PASSWORDS_DIFFER).toBe('Şifreler eşleşmiyor.');
    const short = passwordFormSchema.safeParse({
      currentPassword: 'e',
      password: 'abc',
      confirmation: 'abc',
    });
    expect(short.error?.issues[0].message).toBe(message('auth.passwordTooShort'));
    const ok = { currentPassword: 'eski-sifre', password: 'yeni-sifre-1', confirmation: 'yeni-sifre-1' };
    expect(passwordFormSchema.safeParse(ok).success).toBe(true);
    expect(passwordChangeBody(ok)).toEqual({ password: 'yeni-sifre-1', currentPassword: 'eski-sifre' });
  });

  it('sends an organisation or user name only when non-empty and changed', () => {
    expect(organizationNameChange('Müzik Atölyesi', '  Müzik Atölyesi ')).toBeNull();
    expect(organizationNameChange('Müzik Atölyesi', '   ')).toBeNull();
    expect(organizationNameChange('Müzik Atölyesi', ' Sanat Evi ')).toBe('Sanat Evi');
    expect(nameChange('Ayşe', 'Ayşe')).toBeNull();
    expect(nameChange('Ayşe', '')).toBeNull();
    expect(nameChange('Ayşe', 'x'.repeat(51))).toBeNull();
    expect(nameChange('Ayşe', 'Fatma ')).toBe('Fatma');
  });
});

describe('session list (api.md 7.2 getSessions)', () => {
  const s = (sessionId: string, lastUsedAt: string): AccountSession => ({
    sessionId,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastUsedAt,
    expiresAt: '2025-02-01T00:00:00.000Z',
    ipAddress: null,
    userAgent: null,
  });

  it('puts the current session first, then the most recently used', () => {
    const list = [
      s('a', '2025-01-02T00:00:00.000Z'),
      s('b', '2025-01-05T00:00:00.000Z'),
      s('c', '2025-01-03T00:00:00.000Z'),
    ];
    expect(sortSessions(list, 'a').map((x) => x.sessionId)).toEqual(['a', 'b', 'c']);
    expect(sortSessions(list, 'zzz').map((x) => x.sessionId)).toEqual(['b', 'c', 'a']);
  });

  it('names the browser and the system of a user agent', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox · Linux',
    );
    expect(describeUserAgent('Firefox/140')).toBe('Firefox');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeUserAgent(null)).toBe('Bilinmeyen cihaz');
  });
});
