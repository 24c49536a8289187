import { describe, expect, it } from 'vitest';
import { PANEL_PAGES } from '../routes/panel/menu';
import { pageTitle, SITE_TITLE } from './page-title';

describe('pageTitle', () => {
  it('gives every panel page a title of its own', () => {
    const titles = Object.values(PANEL_PAGES).map((p) => pageTitle(p.path));
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.every((t) => t.endsWith(' | KursPanel'))).toBe(true);
  });

  it('names detail pages, the account screens and the public pages', () => {
    expect(pageTitle('/giris/ogrenciler')).toBe('Öğrenciler | KursPanel');
    expect(pageTitle('/giris/ogrenci-detay/26001')).toBe('Öğrenci Detay | KursPanel');
    expect(pageTitle('/giris/kullanicilar/')).toBe('Kullanıcılar | KursPanel');
    expect(pageTitle('/giris/reset')).toBe('Şifre Sıfırlama | KursPanel');
    expect(pageTitle('/giris')).toBe('Giriş | KursPanel');
    expect(pageTitle('/kayit')).toBe('Kayıt Ol | KursPanel');
    expect(pageTitle('/odeme')).toBe('Ödeme | KursPanel');
    expect(pageTitle('/giris/odeme')).toBe('Abonelik Yenileme | KursPanel');
    expect(pageTitle('/')).toBe(SITE_TITLE);
    expect(pageTitle('/bilinmeyen')).toBe(SITE_TITLE);
  });
});
