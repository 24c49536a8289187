import { PANEL_PAGES } from '../routes/panel/menu';

export const SITE_TITLE = 'KursPanel | Kurs ve Okul Yönetim Sistemi';

/** Screens outside the side menu, by path (product.md 2 route table). */
const OTHER_PAGES: Array<[string, string]> = [
  ['/giris/email-dogrulama', 'E-posta Doğrulama'],
  ['/giris/verify', 'E-posta Doğrulama'],
  ['/giris/reset', 'Şifre Sıfırlama'],
  ['/giris/invite', 'Davet'],
  ['/giris/odeme-tamamla', 'Ödeme'],
  ['/giris/odeme', 'Abonelik Yenileme'],
  ['/giris', 'Giriş'],
  ['/kayit', 'Kayıt Ol'],
  ['/odeme-basarili', 'Ödeme Başarılı'],
  ['/odeme', 'Ödeme'],
  ['/mock3ds', 'Test Ödemesi'],
  ['/sms-izin', 'SMS İzni'],
];

/**
 * The document title of a path: each page its own ("Öğrenciler | KursPanel"), so browser tabs, history and
 * bookmarks tell the pages apart; the landing page keeps the site's title.
 */
export function pageTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  const panel = Object.values(PANEL_PAGES)
    .filter((p) => under(p.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const label = panel?.label ?? OTHER_PAGES.find(([prefix]) => under(prefix))?.[1];
  return label ? `${label} | KursPanel` : SITE_TITLE;
}
