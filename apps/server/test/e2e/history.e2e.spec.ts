import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/**
 * Geçmiş in the browser: a payment edited twice shows, in its history dialog opened from the student's
 * payments, both edits newest first with old → new in TL and who made them; a date before the payment shows
 * that it did not exist yet.
 */
describe('record history in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  let studentNumber: number;
  const form = registrationForm();

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    const course = await addCourse(env.server, owner, 'Ud');
    const s = await api.post(
      'registerStudent',
      studentBody(tcknSource(88)(), { name: 'Deniz', surname: 'Ak' }),
    );
    expect(s.status).toBe(200);
    studentNumber = s.body.studentNumber as number;
    const p = await api.post('addPayment', {
      studentId: s.body.id,
      courseId: course,
      amount: '500',
      method: 'cash',
    });
    expect(p.status).toBe(200);
    const first = await api.post('editPayment', { id: p.body.id, amount: '650', method: 'cash' });
    expect(first.status).toBe(200);
    const second = await api.post('editPayment', {
      id: p.body.id,
      amount: '650',
      method: 'credit_card',
      notes: 'Taksit',
    });
    expect(second.status).toBe(200);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("opens a payment's Geçmiş after two edits and sees both changes", async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${studentNumber}`);
    await page.getByRole('heading', { name: 'Deniz Ak' }).waitFor();
    await page.getByRole('button', { name: /^Geçmiş: Ödeme .*650,00 TL$/ }).click();

    const dialog = page.getByRole('dialog', { name: /^Geçmiş: Ödeme/ });
    const versions = dialog.getByTestId('history-version');
    await versions.first().waitFor();
    expect(await versions.count()).toBe(3);
    // Newest first: the method and the note, then the amount, then the payment as added.
    await versions.nth(0).getByText('Sürüm 3 · Ödeme düzenlendi').waitFor();
    await versions
      .nth(0)
      .getByRole('row', { name: /Ödeme yöntemi\s*Nakit\s*Kredi kartı/ })
      .waitFor();
    await versions
      .nth(0)
      .getByRole('row', { name: /Notlar\s*—\s*Taksit/ })
      .waitFor();
    await versions.nth(1).getByText('Sürüm 2 · Ödeme düzenlendi').waitFor();
    await versions
      .nth(1)
      .getByRole('row', { name: /Miktar\s*500,00 TL\s*650,00 TL/ })
      .waitFor();
    await versions.nth(2).getByText('Sürüm 1 · Ödeme eklendi').waitFor();
    expect(await versions.nth(1).textContent()).toMatch(
      /Kim: \S+.*Ne zaman: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}.*IP: /,
    );
    // Today the record is the edited one.
    await dialog
      .getByTestId('history-as-of')
      .getByRole('row', { name: /Miktar\s*650,00 TL/ })
      .waitFor();

    // As of a day before it was recorded, the payment did not exist yet.
    await dialog.getByTestId('history-date').fill('2020-01-01');
    await dialog.getByText('Kayıt bu tarihte henüz yoktu.').waitFor();

    await dialog.getByRole('button', { name: 'Kapat' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 180_000);
});
