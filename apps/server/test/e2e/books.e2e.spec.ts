import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { toLocal } from '@okul/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The books in the browser: a wage entry added on Muhasebe (save disabled until valid), seen in the entries
 * table and in the month view beside a student's payment of the same month; a revenue entry by card on its
 * own line of the totals per method; the payments downloaded as .xlsx; İstatistikler showing the month's
 * collections; a payment's receipt downloaded.
 */
describe('books in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  let studentNumber: number;
  const form = registrationForm();
  const tckn = tcknSource(67);

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
      acceptDownloads: true,
    });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    const course = await addCourse(env.server, owner, 'Keman');
    const s = await api.post('registerStudent', studentBody(tckn(), { name: 'Şule', surname: 'Işık' }));
    expect(s.status).toBe(200);
    studentNumber = s.body.studentNumber as number;
    const p = await api.post('addPayment', {
      studentId: s.body.id,
      courseId: course,
      amount: '750',
      method: 'cash',
    });
    expect(p.status).toBe(200);
    // A second student owes one lesson of today: 200 TL in the youngest debt age.
    const can = await api.post('registerStudent', studentBody(tckn(), { name: 'Can', surname: 'Ek' }));
    expect(can.status).toBe(200);
    const today = toLocal(Date.now());
    const day = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
    const en = await api.post('addEnrollment', {
      studentId: can.body.id,
      courseId: course,
      price: '200',
      startDate: day,
    });
    expect(en.status).toBe(200);
    const lesson = await api.post('addAttendance', {
      courseId: course,
      attendants: [can.body.id],
      year: today.year,
      month: today.month,
      day: today.day,
      hour: 0,
      minute: 0,
    });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(200);
    const e = await api.post('addEmployee', { name: 'Mehmet', surname: 'Güven', employeeTypeId: 1 });
    expect(e.status).toBe(200);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds a wage entry and sees it beside the payments of the month; downloads a receipt', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    await page.goto(`${env.baseUrl}/giris/muhasebe`);
    await page.getByRole('button', { name: 'Kayıt Ekle' }).click();
    const dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Kaydet' });
    await dialog.getByText('Hata: Tutar eksik veya hatalı, Tür eksik, Alt tür eksik, Yöntem eksik').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await choose(page, dialog, 'Tür', 'Gider');
    await choose(page, dialog, 'Alt tür', 'Maaş');
    await choose(page, dialog, 'Çalışan', 'Mehmet Güven');
    // product.md 5: changing the type clears the subtype
    await choose(page, dialog, 'Tür', 'Gelir');
    await dialog.getByText('Alt tür eksik', { exact: false }).first().waitFor();
    await choose(page, dialog, 'Tür', 'Gider');
    await choose(page, dialog, 'Alt tür', 'Maaş');
    await choose(page, dialog, 'Çalışan', 'Mehmet Güven');
    await dialog.getByLabel('Tutar (TL)').fill('2500');
    await choose(page, dialog, 'Yöntem', 'Nakit');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await dialog.waitFor({ state: 'hidden' });

    const table = page.getByRole('table', { name: 'Muhasebe kayıtları' });
    await table.getByText('Mehmet Güven').waitFor();
    await table.getByText('−2.500,00 TL').waitFor();

    await page.getByRole('tab', { name: 'Aylık Görünüm' }).click();
    await page.getByRole('table', { name: 'Öğrenci ödemeleri' }).getByText('Şule Işık').waitFor();
    await page
      .getByRole('table', { name: 'Ayın muhasebe kayıtları' })
      .getByText('Mehmet Güven', { exact: false })
      .waitFor();
    const byMethod = page.getByRole('table', { name: 'Yöntemlere göre toplamlar' });
    // cash: 750 in from the student, 2.500 out as the wage
    await byMethod.getByRole('row', { name: /Nakit.*750,00 TL.*2\.500,00 TL.*-1\.750,00 TL/ }).waitFor();

    // A revenue entry by card: its own line of the month, beside the cash drawer's.
    await page.getByRole('button', { name: 'Kayıt Ekle' }).click();
    await choose(page, dialog, 'Tür', 'Gelir');
    await choose(page, dialog, 'Alt tür', 'Diğer');
    await dialog.getByLabel('Tutar (TL)').fill('400');
    await choose(page, dialog, 'Yöntem', 'Kredi kartı');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await byMethod
      .getByRole('row', { name: /Kredi kartı.*0,00 TL.*400,00 TL.*0,00 TL.*400,00 TL/ })
      .waitFor();
    await byMethod
      .getByRole('row', { name: /Toplam.*750,00 TL.*400,00 TL.*2\.500,00 TL.*-1\.350,00 TL/ })
      .waitFor();

    // The payments as a spreadsheet: the student's 750 TL as a number.
    const exporting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ödemeleri indir' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const sheet = await exporting;
    expect(sheet.suggestedFilename()).toMatch(/^odemeler-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await sheet.path())!);
    const row = book.worksheets[0].getRow(2).values as unknown[];
    expect([row[3], row[5]]).toEqual(['Şule Işık', 750]);

    // İstatistikler: this month's collections and charges.
    await page.goto(`${env.baseUrl}/giris/istatistikler`);
    await page
      .getByRole('table', { name: 'Aylara göre tahsilat ve tahakkuk' })
      .getByRole('row', { name: /Toplam.*750,00 TL/ })
      .waitFor();
    // Debt ageing and attendance rate, each a chart with its table.
    await page
      .getByRole('table', { name: 'Borç yaşlandırma' })
      .getByRole('row', { name: /0-30 gün.*200,00 TL.*1/ })
      .waitFor();
    await page.getByRole('figure', { name: 'Borç yaşlandırma grafiği' }).locator('svg').first().waitFor();
    await page
      .getByRole('table', { name: 'Kurslara göre dersler' })
      .getByRole('row', { name: /Keman.*%100,0/ })
      .waitFor();

    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${studentNumber}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Makbuz indir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^makbuz-\d{4}-000001\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // A long walk through five screens on a shared machine: more than the default two minutes.
  }, 300_000);
});
