import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner } from '../support/test-server';

/**
 * An institution moves its list in: a ";"-separated CSV of 20 students in Windows-1254 (as Excel in Turkish
 * settings saves it), two of them with a wrong TCKN and a landline phone; the preview refuses those two with
 * the form's messages, the 18 others are imported, the refused rows come back as CSV with their reasons, and
 * Öğrenciler lists the 18.
 */
describe('student list import in the browser', () => {
  let env: BrowserEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
      acceptDownloads: true,
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('imports 18 of 20 rows, lists the two refused with their reasons and offers them as CSV', async () => {
    const form = registrationForm();
    await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const tckn = tcknSource(2020);
    const names = ['Ahmet', 'Ayşe', 'Çağla', 'Deniz', 'Elif', 'Gökhan', 'Işıl', 'İlker', 'Kübra', 'Mert'];
    const lines = ['Adı;Soyadı;T.C. Kimlik No;Doğum Tarihi;Doğum Yeri;Adres;Veli Adı;Veli Telefonu'];
    for (let i = 0; i < 20; i++) {
      const id = i === 4 ? '12345678901' : tckn();
      const phone = i === 11 ? '0212 555 44 33' : `0532 100 ${String(10 + i)} 00`;
      const name = names[i % names.length];
      lines.push(
        `${name};Öztürk${i + 1};${id};0${(i % 9) + 1}.03.2012;Muğla;Şişli, İstanbul;Gül Öztürk;${phone}`,
      );
    }
    // Windows-1254: the Turkish letters as single bytes
    const cp1254: Record<string, number> = {
      ı: 0xfd,
      İ: 0xdd,
      ş: 0xfe,
      Ş: 0xde,
      ğ: 0xf0,
      ü: 0xfc,
      ö: 0xf6,
      Ö: 0xd6,
      ç: 0xe7,
      Ç: 0xc7,
    };
    const bytes = Buffer.from([...`${lines.join('\r\n')}\r\n`].map((c) => cp1254[c] ?? c.charCodeAt(0)));

    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    await page.goto(`${env.baseUrl}/giris/ogrenciler`);
    await page.getByRole('link', { name: 'İçe aktar' }).click();
    await page.waitForURL('**/giris/ogrenciler/ice-aktar');
    await page.getByRole('heading', { name: 'Öğrenci Listesi İçe Aktar' }).waitFor();
    await page.getByLabel('Öğrenci listesi dosyası').setInputFiles({
      name: 'ogrenciler.csv',
      mimeType: 'text/csv',
      buffer: bytes,
    });

    // the columns are guessed from the Turkish headers
    const column = (header: string) => page.getByRole('combobox', { name: `${header} sütunu`, exact: true });
    await expect.poll(() => column('Adı').textContent()).toBe('İsim');
    expect(await column('T.C. Kimlik No').textContent()).toBe('TC Kimlik No');
    expect(await column('Veli Telefonu').textContent()).toBe('1. Veli Telefonu');
    await expect
      .poll(() => page.getByTestId('import-preview-summary').textContent())
      .toBe('20 satır: 18 geçerli, 2 hatalı');
    const preview = page.getByRole('table', { name: 'Önizleme' });
    await preview
      .getByText('Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz', { exact: true })
      .waitFor();

    await page.getByRole('button', { name: '18 öğrenciyi içe aktar' }).click();
    await page
      .getByTestId('import-result')
      .getByText('18 öğrenci eklendi, 0 öğrenci zaten vardı, 2 satır reddedildi.')
      .waitFor();
    const refused = page.getByRole('table', { name: 'Reddedilen satırlar' });
    expect(await refused.locator('tbody tr').allInnerTexts()).toEqual([
      '6\tÖğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz',
      '13\tÖğrenci kaydedilemedi: 1. veli telefonu 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __',
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Reddedilen satırları indir (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reddedilen-satirlar-ogrenciler.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe(`${lines[0]};Satır;Hata`);
    expect(csv[1]).toBe(`${lines[5]};6;Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz`);
    expect(csv).toHaveLength(4);

    // Öğrenciler: the 18, not yet enrolled in a course (so among the inactive ones)
    await page.getByRole('link', { name: 'Öğrencilere dön' }).click();
    await page.waitForURL('**/giris/ogrenciler');
    await page.getByLabel('İnaktif öğrencileri göster').check();
    const table = page.getByRole('table', { name: 'Öğrenciler' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(18);
    await table.getByText('Öztürk1', { exact: true }).waitFor();
    expect(await table.getByText('Öztürk5', { exact: true }).count()).toBe(0);
  });
});
