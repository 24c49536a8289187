import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse } from '../support/school-fixtures';
import { registrationForm, signUpOwner } from '../support/test-server';

/** Forms built the one way (react-hook-form with the domain's schema) behave as product.md 5 says. */
describe('forms in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  const form = registrationForm();

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR' });
    const owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    await addCourse(env.server, owner, 'Gitar');
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

    // The login page loads the snackbar host with its first message: a refusal and then a success both show.
    await page.getByLabel('Şifre').fill(`${form.password}-yanlis`);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('Giriş yapılamadı:', { exact: false }).waitFor();
    await page.getByLabel('Şifre').fill(form.password);
    await submit.click();
    await page.getByText('Giriş başarılı').waitFor();
  });

  it('a schedule asks for the course first, then for a complete lesson time', async () => {
    await page.goto(`${env.baseUrl}/giris/programlar`);
    await page.getByRole('button', { name: 'Yeni Program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Program' });
    const save = dialog.getByRole('button', { name: 'Kaydet' });
    await save.click();
    await dialog.getByText('Kurs ve organizasyon seçilmeli').waitFor();
    await dialog.getByRole('combobox', { name: /^Kurs/ }).click();
    await page.getByRole('option', { name: 'Gitar' }).click();
    await dialog.getByText('Kurs ve organizasyon seçilmeli').waitFor({ state: 'hidden' });
    await save.click();
    await dialog.getByText('En az bir ders saati (başlangıç ve bitiş) girilmeli.').waitFor();
    await dialog.getByLabel('Başlangıç 1').fill('2026-03-02T18:00');
    await dialog.getByLabel('Bitiş 1').fill('2026-03-02T17:00');
    await dialog.getByText('Ders saatinin bitişi başlangıcından sonra olmalı.').waitFor();
    await dialog.getByLabel('Bitiş 1').fill('2026-03-02T19:00');
    await save.click();
    await page.getByText('Program eklendi').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("an employee's wage period is checked before saving; the saved one comes back as typed", async () => {
    await page.goto(`${env.baseUrl}/giris/calisanlar`);
    await page.getByRole('tab', { name: 'Diğer Çalışanlar' }).click();
    await page.getByRole('button', { name: 'Yeni Çalışan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Çalışan' });
    await dialog.getByRole('textbox', { name: /^İsim/ }).fill('Selin');
    await dialog.getByRole('textbox', { name: /^Soyisim/ }).fill('Ak');
    await dialog.getByRole('button', { name: 'Maaş dönemi ekle' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('Maaş tutarı eksik veya hatalı.').waitFor();
    await dialog.getByLabel('Tutar (TL)').fill('1500');
    await dialog.getByText('Maaş tutarı eksik veya hatalı.').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Selin Ak düzenle' }).click();
    const edit = page.getByRole('dialog', { name: 'Çalışan Düzenle' });
    expect(await edit.getByLabel('Tutar (TL)').inputValue()).toBe('1500.00');
    expect(await edit.getByRole('button', { name: 'Güncelle' }).isDisabled()).toBe(true);
    await edit.getByRole('button', { name: 'Vazgeç' }).click();
  });
});
