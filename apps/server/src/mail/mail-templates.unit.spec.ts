import { describe, expect, it } from 'vitest';
import { accountLink, invitationMail, passwordResetMail, verificationMail } from './mail-templates';

describe('account links (product.md 2: /giris/verify, /giris/reset, /giris/invite)', () => {
  it('builds the link from PUBLIC_URL with the e-mail and the token in the query', () => {
    const link = accountLink('https://kurspanel.test/', 'verify', 'ayşe+1@example.com', 'a/b+c=');
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://kurspanel.test/giris/verify');
    expect(url.searchParams.get('email')).toBe('ayşe+1@example.com');
    expect(url.searchParams.get('token')).toBe('a/b+c=');
    expect(accountLink('https://x.test/okul', 'invite', 'a@b.co', 't')).toBe(
      'https://x.test/okul/giris/invite?email=a%40b.co&token=t',
    );
  });
});

describe('mail texts', () => {
  const link = 'https://kurspanel.test/giris/reset?email=a%40b.co&token=t';

  it('carries the link in the text, the html and the links list, with its lifetime', () => {
    const reset = passwordResetMail({ to: 'a@b.co', name: 'Ayşe', link, minutes: 60 });
    expect(reset).toMatchObject({ to: 'a@b.co', links: [link] });
    expect(reset.text).toContain(link);
    expect(reset.html).toContain(link.replace(/&/g, '&amp;'));
    expect(reset.text).toContain('60 dakika');
    expect(verificationMail({ to: 'a@b.co', name: 'Ayşe', link, hours: 24 }).text).toContain('24 saat');
  });

  it('escapes what people typed (names, organisation) in the html', () => {
    const mail = invitationMail({
      to: 'a@b.co',
      name: '<b>Ece</b>',
      inviterName: '<script>alert(1)</script>',
      organizationName: 'Kurs & "Akademi"',
      roleLabel: 'Eğitmen',
      link,
      days: 7,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Kurs &amp; &quot;Akademi&quot;');
    expect(mail.text).toContain('7 gün');
  });
});
