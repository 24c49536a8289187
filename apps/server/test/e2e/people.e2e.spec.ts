import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into one section of an MUI date/time field (each section is a spinbutton named by the locale). */
async function typeSection(page: Page, section: string, digits: string) {
  await page.getByRole('spinbutton', { name: section, exact: true }).click();
  await page.keyboard.type(digits);
}

/**
 * The people of an institution in the browser: an instructor added with a branch on Eğitmenler is offered
 * on Yoklama ekle and named on Yoklamalar; an employee added on Çalışanlar is paid a wage on Muhasebe and
 * the payment shows on the employee (paid, balance); deleting asks first and the old list restores.
 */
describe('people in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  const form = registrationForm();
  const tckn = tcknSource(71);

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    const piano = await addCourse(env.server, owner, 'Piyano');
    const s = await api.post(
      'registerStudent',
      studentBody(tckn(), { name: 'Ali', surname: 'Veli', regD: 1, regM: 1, regY: 2025 }),
    );
    expect(s.status).toBe(200);
    const e = await api.post('addEnrollment', {
      studentId: s.body.id,
      courseId: piano,
      price: 200,
      startDate: '2025-02-01',
    });
    expect(e.status).toBe(200);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds an instructor who is offered on attendance, and pays an employee a wage seen on Çalışanlar', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    // Eğitmenler: save disabled while nothing is typed, branş eksik until a branch is chosen
    await page.getByRole('link', { name: 'Eğitmenler' }).click();
    await page.waitForURL('**/giris/egitmenler');
    await page.getByText('Henüz eğitmen eklenmemiş.').waitFor();
    await page.getByRole('button', { name: 'Yeni Eğitmen' }).click();
    let dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Kaydet' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^İsim/ }).fill('Ece');
    await dialog.getByRole('textbox', { name: /^Soyisim/ }).fill('Kaya');
    await save.click();
    await dialog.getByText('branş eksik').waitFor();
    await dialog.getByRole('combobox', { name: /^Branşlar/ }).click();
    await page.getByRole('option', { name: 'Piyano', exact: true }).click();
    await page.keyboard.press('Escape');
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    const instructors = page.getByRole('table', { name: 'Eğitmenler' });
    await instructors.getByRole('row', { name: /Ece Kaya.*Piyano/ }).waitFor();

    // Yoklama ekle offers her for the lesson; Yoklamalar names her
    await page.goto(`${env.baseUrl}/giris/yoklama-ekle`);
    await page.getByRole('combobox', { name: /^Ders/ }).click();
    await page.getByRole('option', { name: 'Piyano' }).click();
    await choose(page, page.locator('form'), /^Eğitmen/, 'Ece Kaya');
    await typeSection(page, 'Gün', '10');
    await typeSection(page, 'Ay', '03');
    await typeSection(page, 'Yıl', '2025');
    await typeSection(page, 'Saat', '18');
    await typeSection(page, 'Dakika', '30');
    await page.getByRole('combobox', { name: /Katılan öğrenciler/ }).click();
    await page.getByRole('option', { name: /Ali Veli/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
    await page.waitForURL('**/giris/yoklamalar');
    await page
      .getByRole('table', { name: 'Yoklamalar' })
      .getByRole('row', { name: /10\.03\.2025 18:30.*Ece Kaya/ })
      .waitFor();

    // Çalışanlar: the same instructor on the Eğitmenler tab; a new employee on Diğer Çalışanlar
    await page.goto(`${env.baseUrl}/giris/calisanlar`);
    await page.getByRole('table', { name: 'Eğitmenler' }).getByText('Ece Kaya').waitFor();
    await page.getByRole('tab', { name: 'Diğer Çalışanlar' }).click();
    await page.getByText('Henüz çalışan eklenmemiş.').waitFor();
    await page.getByRole('button', { name: 'Yeni Çalışan' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^İsim/ }).fill('Mehmet');
    await dialog.getByRole('textbox', { name: /^Soyisim/ }).fill('Güven');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Diğer Çalışanlar' }).getByText('Mehmet Güven').waitFor();

    // Muhasebe: a wage paid to him
    await page.goto(`${env.baseUrl}/giris/muhasebe`);
    await page.getByRole('button', { name: 'Kayıt Ekle' }).click();
    dialog = page.getByRole('dialog');
    await choose(page, dialog, /^Tür$/, 'Gider');
    await choose(page, dialog, /^Alt tür$/, 'Maaş');
    await choose(page, dialog, /^Çalışan$/, 'Mehmet Güven');
    await dialog.getByLabel('Tutar (TL)').fill('2500');
    await choose(page, dialog, /^Yöntem$/, 'Nakit');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // ... shows on the employee: paid 2.500, balance -2.500 (nothing earned yet)
    await page.goto(`${env.baseUrl}/giris/calisanlar`);
    await page.getByRole('tab', { name: 'Diğer Çalışanlar' }).click();
    const others = page.getByRole('table', { name: 'Diğer Çalışanlar' });
    await others.getByRole('row', { name: /Mehmet Güven.*0,00 TL.*2\.500,00 TL.*-2\.500,00 TL/ }).waitFor();

    // delete asks first; the deleted list restores
    await page.getByRole('button', { name: 'Mehmet Güven sil' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('silinsin mi?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Henüz çalışan eklenmemiş.').waitFor();
    await page.getByRole('button', { name: 'Mehmet Güven geri getir' }).click();
    await others.getByText('Mehmet Güven').waitFor();
  });
});
