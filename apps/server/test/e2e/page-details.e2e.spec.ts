import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { registrationForm, signUpOwner } from '../support/test-server';

/**
 * Details found using the product on a laptop screen (1366 px): each page names itself in the browser tab,
 * and the e-mail field of Ayarlar shows a long address whole.
 */
// sign-ups and first loads take minutes on a busy machine
const SLOW = 420_000;

describe('page details at 1366 px', () => {
  let env: BrowserEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
      viewport: { width: 1366, height: 768 },
    });
    page.setDefaultTimeout(90_000);
  }, SLOW);
  afterAll(async () => {
    await env?.close();
  });

  async function signIn(email: string, password: string) {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre').fill(password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
  }

  const titleBecomes = (title: string) =>
    expect.poll(() => page.title(), { timeout: 60_000, interval: 100 }).toBe(title);

  it(
    'gives each page its own title and shows a long e-mail address whole on Ayarlar',
    async () => {
      const form = registrationForm({ email: `uzun.eposta.${Date.now()}@ornek-kurum.com.tr` });
      await signUpOwner(env.server.http, { email: form.email, password: form.password });
      await signIn(form.email, form.password);
      await page.getByText('Giriş başarılı').waitFor();
      await titleBecomes('Ana Sayfa | KursPanel');

      await page.getByRole('link', { name: 'Öğrenciler', exact: true }).click();
      await titleBecomes('Öğrenciler | KursPanel');
      await page.getByRole('link', { name: 'Kurslar', exact: true }).click();
      await titleBecomes('Kurslar | KursPanel');
      await page.getByRole('link', { name: 'Ayarlar', exact: true }).click();
      await titleBecomes('Ayarlar | KursPanel');

      const email = page.getByRole('textbox', { name: 'E-posta', exact: true });
      await email.waitFor();
      expect(await email.inputValue()).toBe(form.email);
      const { scrollWidth, clientWidth } = await email.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth, 'the address fits its field').toBeLessThanOrEqual(clientWidth);

      // A student page's address without a student number says so (a view loaded only when needed).
      await page.goto(`${env.baseUrl}/giris/ogrenci-detay/numara-degil`);
      await page.getByRole('alert').getByText('Öğrenci bulunamadı.').waitFor();
    },
    SLOW,
  );
});
