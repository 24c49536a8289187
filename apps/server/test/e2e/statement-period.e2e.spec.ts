import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner } from '../support/test-server';

/**
 * The Hesap Ekstresi's period on a student's detail page: the Bakiye Dökümü shows the balance carried in, the
 * period's entries and the balance the period ends with, and follows the period as it is changed.
 */
describe('the balance statement period in the browser', () => {
  let env: BrowserEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('sets Dönem başı and Dönem sonu; Devreden bakiye, the rows and Dönem sonu bakiyesi follow', async () => {
    const form = registrationForm();
    const owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    const course = await addCourse(env.server, owner, 'Bağlama');
    const student = (await api.post('registerStudent', studentBody(tcknSource(83)()))).body as {
      id: string;
      studentNumber: number;
    };
    for (const [amount, date] of [
      ['100', '2025-01-15'],
      ['200', '2025-02-15'],
      ['400', '2025-03-01'],
    ]) {
      const paid = await api.post('addPayment', {
        studentId: student.id,
        courseId: course,
        amount,
        method: 'cash',
        date,
      });
      expect(paid.status).toBe(200);
    }

    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();
    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${student.studentNumber}`);

    const sheet = page.getByRole('table', { name: 'Bakiye dökümü' });
    const rows = () => sheet.getByRole('cell', { name: 'Ödeme', exact: true });
    const opening = () => page.getByTestId('statement-opening').textContent();
    const closing = () => page.getByTestId('statement-closing').textContent();
    // No period: every entry, no line carried in or out.
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByTestId('statement-opening').count()).toBe(0);
    expect(await page.getByTestId('statement-closing').count()).toBe(0);

    await page.getByLabel('Dönem başı').fill('2025-02-01');
    await page.getByLabel('Dönem sonu', { exact: true }).fill('2025-02-28');
    await expect.poll(opening).toBe('Devreden bakiye: +100,00 TL');
    await expect.poll(() => rows().count()).toBe(1);
    await sheet.getByText(/^15\.02\.2025/).waitFor();
    await expect.poll(closing).toBe('Dönem sonu bakiyesi: +300,00 TL');

    // The period ends a month later: the March payment joins it, the end balance grows.
    await page.getByLabel('Dönem sonu', { exact: true }).fill('2025-03-31');
    await expect.poll(() => rows().count()).toBe(2);
    await expect.poll(closing).toBe('Dönem sonu bakiyesi: +700,00 TL');
    expect(await opening()).toBe('Devreden bakiye: +100,00 TL');

    // It starts in March: February's payment is carried in.
    await page.getByLabel('Dönem başı').fill('2025-03-01');
    await expect.poll(opening).toBe('Devreden bakiye: +300,00 TL');
    await expect.poll(() => rows().count()).toBe(1);
    await sheet.getByText(/^01\.03\.2025/).waitFor();
    expect(await closing()).toBe('Dönem sonu bakiyesi: +700,00 TL');
  });
});
