import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { registrationForm, signUpOwner } from '../support/test-server';

/** Forms built the one way (react-hook-form with the domain's schema) behave as product.md 5 says. */
describe('forms in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  const form = registrationForm();

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR' });
    await signUpOwner(env.server.http, { email: form.email, password: form.password });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('login submits only with both fields; the reset dialog wants a valid e-mail', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    const submit = page.getByRole('button', { name: 'GİRİŞ YAP' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('E-posta').fill(form.email);
    expect(await submit.isDisabled()).toBe(true);

    // The reset dialog starts with the typed address; a wrong one is refused with the catalogue's text.
    await page.getByRole('button', { name: 'Şifremi Unuttum' }).click();
    const dialog = page.getByRole('dialog', { name: 'Şifremi Unuttum' });
    const email = dialog.getByLabel('E-posta');
    expect(await email.inputValue()).toBe(form.email);
    await email.fill('adres-degil');
    await dialog.getByRole('button', { name: 'Bağlantı Gönder' }).click();
    await dialog.getByText('Geçersiz e-mail adresi').waitFor();
    await email.fill(form.email);
    await dialog.getByRole('button', { name: 'Bağlantı Gönder' }).click();
    await page
      .getByText(`Şifre sıfırlama bağlantısı ${form.email} adresine gönderildi`, { exact: false })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Şifre').fill(form.password);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('Giriş başarılı').waitFor();
  });
});
