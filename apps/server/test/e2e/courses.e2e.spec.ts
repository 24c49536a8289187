import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { registrationForm, signUpOwner } from '../support/test-server';

/** The courses journey: an owner signs in and manages the courses of their organisation in the browser. */
describe('courses in the browser', () => {
  let env: BrowserEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('signs in, adds a course, sees it listed, deletes it and restores it', async () => {
    const form = registrationForm();
    await signUpOwner(env.server.http, { email: form.email, password: form.password });

    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    await page.goto(`${env.baseUrl}/giris/kurslar`);
    await page.getByRole('button', { name: 'Yeni Kurs' }).click();
    const dialog = page.getByRole('dialog');
    // product.md 5: an empty name is refused with the catalogue's words, before anything is sent
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('kurs adı eksik').waitFor();
    await dialog.getByLabel('Kurs adı').fill('Piyano');
    await dialog.getByLabel('Açıklama').fill('Başlangıç seviyesi piyano dersleri');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const active = page.getByRole('table', { name: 'Kurslar', exact: true });
    await active.getByText('Piyano', { exact: true }).waitFor();
    await page.getByText('1 aktif kurs').waitFor();

    await page.getByRole('button', { name: 'Piyano kursunu sil' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    const deleted = page.getByRole('table', { name: 'Silinmiş kurslar' });
    await deleted.getByText('Piyano', { exact: true }).waitFor();
    expect(await active.getByText('Piyano', { exact: true }).count()).toBe(0);

    await deleted.getByRole('button', { name: 'Geri Getir' }).click();
    await active.getByText('Piyano', { exact: true }).waitFor();
    expect(await deleted.getByText('Piyano', { exact: true }).count()).toBe(0);

    // the read model agrees with the screen after a reload (nothing was kept only in the client)
    await page.reload();
    await page
      .getByRole('table', { name: 'Kurslar', exact: true })
      .getByText('Piyano', { exact: true })
      .waitFor();
  });
});
