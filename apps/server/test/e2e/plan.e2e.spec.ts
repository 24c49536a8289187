import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/**
 * The teaching plan in the browser: a group of three enrolled students made on Gruplar, a weekly schedule for
 * it, its lesson opened on the Programlar calendar, attendance taken from it with one student absent, and the
 * balances and Ana Sayfa following.
 */
describe('the plan in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  const form = registrationForm();
  const tckn = tcknSource(77);
  const ids: string[] = [];
  let guitar: string;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    guitar = await addCourse(env.server, owner, 'Gitar');
    for (const [name, surname] of [
      ['Ali', 'Veli'],
      ['Ece', 'Su'],
      ['Can', 'Ok'],
    ]) {
      const r = await api.post(
        'registerStudent',
        studentBody(tckn(), { name, surname, regD: 1, regM: 1, regY: 2025 }),
      );
      ids.push(r.body.id as string);
      const e = await api.post('addEnrollment', {
        studentId: r.body.id,
        courseId: guitar,
        price: 200,
        startDate: '2025-02-01',
      });
      expect(e.status).toBe(200);
    }
  });
  afterAll(async () => {
    await env?.close();
  });

  it('groups, schedules, takes attendance from a lesson and follows it on Ana Sayfa', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    // Gruplar: a group of Gitar with its three students
    await page.getByRole('link', { name: 'Gruplar' }).click();
    await page.waitForURL('**/giris/gruplar');
    await page.getByRole('button', { name: 'Yeni Grup' }).click();
    await page.getByRole('combobox', { name: /^Kurs/ }).click();
    await page.getByRole('option', { name: 'Gitar' }).click();
    await page.getByRole('textbox', { name: /^Grup adı/ }).fill('Gitar A');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Grup eklendi').waitFor();
    await page.getByRole('button', { name: 'Gitar A grubunun üyeleri' }).click();
    const picker = page.getByRole('combobox', { name: 'Öğrenci ara' });
    for (const name of ['Ali Veli', 'Ece Su', 'Can Ok']) {
      await picker.click();
      await page.getByRole('option', { name: new RegExp(name) }).click();
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Grup güncellendi').waitFor();
    const row = page.getByRole('table', { name: 'Gruplar' }).getByRole('row', { name: /Gitar A/ });
    expect(await row.textContent()).toContain('3');

    // A weekly schedule for the group whose lesson of today began an hour ago
    const groups = await orgApi(env.server, owner).get('getClasses');
    const start = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;
    const added = await orgApi(env.server, owner).post('addSchedule', {
      courseId: guitar,
      title: 'Gitar A',
      scheduleType: 'periodic',
      scheduleTimes: [
        { startTime: new Date(start).toISOString(), endTime: new Date(start + 45 * 60_000).toISOString() },
      ],
      periodLength: 1,
      periodUnit: 'week',
      repeatCount: 4,
      attendanceMandatory: true,
      classes: [{ classId: groups.body[0].id }],
    });
    expect(added.status).toBe(200);

    // Ana Sayfa lists it as mandatory and not taken
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    const missed = page.getByRole('region', { name: 'Yoklaması alınmamış dersler' });
    await missed.getByText(/Gitar · Gitar A/).waitFor();

    // Programlar: the lesson on the calendar opens and leads to Yoklama ekle, filled in
    await page.getByRole('link', { name: 'Programlar' }).click();
    await page.waitForURL('**/giris/programlar');
    await page.getByRole('button', { name: 'Ajanda' }).click();
    await page.getByText('Gitar · Gitar A').first().click();
    await page.getByRole('dialog').getByText('Yoklama alınmadı').waitFor();
    await page.getByRole('button', { name: 'Yoklama al' }).click();
    await page.waitForURL('**/giris/yoklama-ekle**');
    for (const name of ['Ali Veli', 'Ece Su', 'Can Ok'])
      await page.getByRole('button', { name: new RegExp(name) }).waitFor();
    // Can is absent
    await page
      .getByRole('button', { name: /Can Ok/ })
      .locator('.MuiChip-deleteIcon')
      .click();
    await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
    await page.waitForURL('**/giris/yoklamalar');

    // Balances: Ali and Ece owe one lesson, Can nothing
    const balances = await Promise.all(
      ids.map((id) => orgApi(env.server, owner).post('getStudentBalances', { id })),
    );
    const owed = balances.map(
      (b) => (b.body as Array<{ balancePerCourse: number }>)[0]?.balancePerCourse ?? 0,
    );
    expect(owed).toEqual([-20000, -20000, 0]);

    // Ana Sayfa: the lesson is taken now
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    await page
      .getByRole('region', { name: 'Yoklaması alınmamış dersler' })
      .getByText('Yoklaması eksik ders yok.')
      .waitFor();
  });
});
