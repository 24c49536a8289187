import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/** Types into one section of an MUI date/time field (each section is a spinbutton named by the locale). */
async function typeSection(page: Page, section: string, digits: string) {
  await page.getByRole('spinbutton', { name: section, exact: true }).click();
  await page.keyboard.type(digits);
}

/**
 * The attendance journey: an owner takes attendance through Yoklama ekle (refused for a student
 * without an enrolment, then saved), finds it on Yoklamalar, previews it, opens and edits it, sees the lesson
 * charged on Ana Sayfa's payment tracking, and deletes it.
 */
describe('attendance in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  const form = registrationForm();
  const tckn = tcknSource(41);

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR' });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    const guitar = await addCourse(env.server, owner, 'Gitar');
    const ids: string[] = [];
    for (const [name, surname] of [
      ['Ali', 'Veli'],
      ['Ece', 'Su'],
    ]) {
      const r = await api.post(
        'registerStudent',
        studentBody(tckn(), { name, surname, regD: 1, regM: 1, regY: 2025 }),
      );
      expect(r.status).toBe(200);
      ids.push(r.body.id as string);
    }
    // Only Ali is enrolled: Gitar per lesson, 200 TL, open-ended from 1 February 2025.
    const enrolment = await api.post('addEnrollment', {
      studentId: ids[0],
      courseId: guitar,
      price: 200,
      startDate: '2025-02-01',
    });
    expect(enrolment.status).toBe(200);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds, lists, previews, edits and deletes an attendance; Ana Sayfa charges the lesson', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    // Yoklamalar is in the menu of the owner; the list starts empty
    await page.getByRole('link', { name: 'Yoklamalar' }).click();
    await page.waitForURL('**/giris/yoklamalar');
    await page.getByText('Henüz yoklama alınmamış.').waitFor();
    await page.getByRole('button', { name: 'Yoklama Ekle' }).click();
    await page.waitForURL('**/giris/yoklama-ekle');

    // product.md 5: nothing chosen gives the catalogue's warning before anything is sent
    await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
    await page.getByText('Ders seçilmemiş').waitFor();

    await page.getByRole('combobox', { name: /^Ders/ }).click();
    await page.getByRole('option', { name: 'Gitar' }).click();
    await typeSection(page, 'Gün', '10');
    await typeSection(page, 'Ay', '03');
    await typeSection(page, 'Yıl', '2025');
    await typeSection(page, 'Saat', '18');
    await typeSection(page, 'Dakika', '30');

    const attendees = page.getByRole('combobox', { name: /Katılan öğrenciler/ });
    await attendees.click();
    // the enrolled student is offered first
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.first().textContent()).toContain('25001 Ali Veli');
    await page.getByRole('option', { name: /Ali Veli/ }).click();
    await page.getByRole('option', { name: /Ece Su/ }).click();
    await page.keyboard.press('Escape');

    // the server refuses Ece (no enrolment of Gitar) and names her under a warning
    await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
    const missing = page.getByRole('list', { name: 'Kaydı olmayan öğrenciler' });
    await missing.getByText('25002 Ece Su').waitFor();
    expect(await missing.getByRole('listitem').count()).toBe(1);
    expect(page.url()).toContain('/giris/yoklama-ekle');

    await page.getByRole('button', { name: '25002 Ece Su' }).locator('.MuiChip-deleteIcon').click();
    await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
    await page.waitForURL('**/giris/yoklamalar');

    const table = page.getByRole('table', { name: 'Yoklamalar' });
    const row = table.getByRole('row', { name: /10\.03\.2025 18:30/ });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('Gitar');
    expect(rowText).toContain('Diğer');
    expect(rowText).toMatch(/YK-\d{4}-0001/);
    await page.getByText('1 sonuçtan 1-1 arası gösteriliyor. Sayfa: 1').waitFor();

    // the search runs on the server: a student number finds it, another course does not
    const search = page.getByRole('textbox', { name: 'Ara' });
    await search.fill('Piyano');
    await page.getByText('Aramaya uyan yoklama bulunamadı.').waitFor();
    await search.fill('25001');
    await row.waitFor();
    // the search is kept in the address (a reload or a shared link shows the same rows)
    expect(new URL(page.url()).searchParams.get('q')).toContain('25001');

    // the preview names the attendee and opens the detail
    await row.click();
    const preview = page.getByRole('dialog');
    await preview.getByText('25001 Ali Veli').waitFor();
    expect(await preview.getByText('Ece Su').count()).toBe(0);
    await preview.getByRole('button', { name: 'Detayı Aç' }).click();
    await page.waitForURL('**/giris/yoklama-detay/**');
    await page.getByRole('heading', { name: 'Yoklama Detayı' }).waitFor();
    const studentLink = page.getByRole('link', { name: '25001 Ali Veli' });
    expect(await studentLink.getAttribute('href')).toBe('/giris/ogrenci-detay/25001');
    await page.getByText('Ayşe Yılmaz').first().waitFor();

    // edit: the course is fixed, the time changes
    await page.getByRole('button', { name: 'Düzenle', exact: true }).click();
    await page.waitForURL('**/giris/yoklama-duzenle/**');
    expect(await page.getByRole('combobox', { name: /^Ders/ }).getAttribute('aria-disabled')).toBe('true');
    await typeSection(page, 'Saat', '19');
    await typeSection(page, 'Dakika', '45');
    await page.getByRole('button', { name: 'Yoklamayı Güncelle' }).click();
    await page.waitForURL('**/giris/yoklamalar**');
    await table.getByRole('row', { name: /10\.03\.2025 19:45/ }).waitFor();
    expect(await table.getByRole('row', { name: /18:30/ }).count()).toBe(0);

    // Ana Sayfa: Ali owes one lesson of Gitar (per_class 200 TL); Ece has no enrolment
    await page.goto(`${env.baseUrl}/giris/anasayfa`);
    const due = page.getByRole('region', { name: 'Ödeme Takibi' });
    const aliDue = due.getByRole('row', { name: /25001 Ali Veli/ });
    await aliDue.waitFor();
    expect(await aliDue.textContent()).toContain('Gitar');
    expect(await aliDue.textContent()).toContain('200,00 TL');
    const none = page.getByRole('region', { name: 'Kaydı Olmayan Öğrenciler' });
    await none.getByRole('link', { name: '25002 Ece Su' }).waitFor();
    expect(await none.getByText('Ali Veli').count()).toBe(0);
    // school-admins see the lesson counts
    await page.getByRole('region', { name: 'İstatistikler' }).getByText('Son 30 gün').waitFor();

    // delete from the detail, after a confirmation
    await page.goto(`${env.baseUrl}/giris/yoklamalar`);
    await table.getByRole('row', { name: /19:45/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Detayı Aç' }).click();
    await page.waitForURL('**/giris/yoklama-detay/**');
    await page.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await page.waitForURL('**/giris/yoklamalar');
    await page.getByText('Henüz yoklama alınmamış.').waitFor();

    // the lesson is no longer charged: Ali stays listed (active enrolment) owing nothing
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    await page.waitForURL('**/giris/anasayfa');
    await due
      .getByRole('row', { name: /25001 Ali Veli/ })
      .getByText('0,00 TL', { exact: true })
      .waitFor();
  });
});
