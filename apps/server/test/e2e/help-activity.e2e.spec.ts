import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { registrationForm, signUpOwner } from '../support/test-server';

/** Yardım from the menu, searched as the user types; the account activity in Ayarlar and "Bu ben değildim". */
describe('help and account activity in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  const form = registrationForm();

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR' });
    await signUpOwner(env.server.http, { email: form.email, password: form.password });
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('opens Yardım from the menu and narrows the topics while typing', async () => {
    await page.getByRole('link', { name: 'Yardım' }).first().click();
    await page.waitForURL(/\/giris\/yardim$/);
    const search = page.getByLabel('Yardımda ara');
    await search.waitFor();
    const all = await page.getByRole('heading', { level: 2 }).count();
    expect(all).toBeGreaterThan(20);

    // Typed without Turkish letters, word by word: the list follows each keystroke.
    await search.pressSequentially('sms kred');
    await page.getByText('1 konu bulundu').waitFor();
    await page.getByText('SMS kredim biterse ne olur?').click();
    await page.getByText(/Kredi yetmezse gönderim yapılmaz/).waitFor();
    await page.getByRole('link', { name: 'SMS sayfasına git' }).waitFor();

    await search.fill('yoklama');
    await page.getByText('Yoklama nasıl alırım?').waitFor();
    expect(await page.getByText('SMS kredim biterse ne olur?').count()).toBe(0);

    await search.fill('qwxyz');
    await page.getByText(/için bir konu bulunamadı/).waitFor();
  });

  it('shows the user’s own logins in Ayarlar, and "Bu ben değildim" signs out everywhere', async () => {
    await page.goto(`${env.baseUrl}/giris/ayarlar`);
    const activity = page.getByRole('region', { name: 'Hesap Hareketleri' });
    await activity.getByRole('cell', { name: 'Sisteme giriş yaptı.' }).first().waitFor();
    // The browser that signed in is named by its user agent (Playwright's Chromium on Linux).
    await activity
      .getByRole('cell', { name: /Chrome, Linux/ })
      .first()
      .waitFor();

    await activity.getByRole('button', { name: 'Bu ben değildim' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mevcut Şifre').fill(form.password);
    await dialog.getByRole('button', { name: 'Tüm oturumları kapat' }).click();
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).waitFor();
  });
});
