import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { payLongAgo, registrationForm, signUpOwner } from '../support/test-server';

/**
 * product.md 2 "Panel gating": a lapsed membership locks the panel on /giris/odeme-tamamla, whose button
 * leads to the payment page (relative path odeme); paying opens the panel again.
 */
describe('renewing a lapsed membership in the browser', () => {
  let env: BrowserEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('goes from the lockout screen to payment and back into the panel', async () => {
    const form = registrationForm();
    const owner = await signUpOwner(
      env.server.http,
      { email: form.email, password: form.password },
      { pay: false },
    );
    await payLongAgo(env.server, owner, 3);

    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.waitForURL('**/giris/odeme-tamamla');
    await page.getByText('Üyelik Aktif Değil').waitFor();

    await page.getByRole('link', { name: 'Ödeme Sayfasına Git' }).click();
    await page.waitForURL('**/giris/odeme');
    const mock = page.getByRole('button', { name: 'MOCK PAYMENT (TEST)' });
    expect(await mock.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /^12 Aylık/ }).click();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), mock.click()]);
    // the test checkout page links to PUBLIC_URL's /mock3ds: follow it on this server
    const link = tab.locator('#mock3ds-link');
    await link.waitFor();
    const mock3ds = new URL((await link.getAttribute('href'))!);
    await tab.goto(`${env.baseUrl}${mock3ds.pathname}${mock3ds.search}`);
    await tab.getByRole('button', { name: 'FINALIZE' }).click();
    await tab.getByText('Ödeme işlemi başarılı', { exact: false }).first().waitFor();
    await tab.close();

    // the first tab sees the paid membership and leaves the payment page for the panel
    await page.bringToFront();
    await page.goto(`${env.baseUrl}/giris/kurslar`);
    await page.getByRole('button', { name: 'Yeni Kurs' }).waitFor();
    await page.goto(`${env.baseUrl}/giris/odeme`);
    await page.waitForURL((url) => !url.pathname.endsWith('/odeme'));
  });
});
