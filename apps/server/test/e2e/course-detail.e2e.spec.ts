import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/**
 * The course detail: a row of Kurslar opens /giris/kurslar/{courseId} with the course's instructors (by their
 * branches), its actively enrolled students and its latest lessons; a row's own buttons keep to themselves.
 */
describe('a course detail in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  let guitar: string;
  const tckn = tcknSource(67);

  beforeAll(async () => {
    env = await startProduct();
    const form = registrationForm();
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const api = orgApi(env.server, owner);
    guitar = await addCourse(env.server, owner, 'Gitar');
    const piano = await addCourse(env.server, owner, 'Piyano');
    const student = async (name: string, courseId: string) => {
      const id = (await api.post('registerStudent', studentBody(tckn(), { name, surname: 'Veli' }))).body
        .id as string;
      const r = await api.post('addEnrollment', {
        studentId: id,
        courseId,
        price: 250,
        startDate: '2025-03-01',
      });
      expect(r.status).toBe(200);
      return id;
    };
    const ali = await student('Ali', guitar);
    await student('Ece', piano);
    const zeki = (
      await api.post('addInstructor', { name: 'Zeki', surname: 'Kaya', branches: [guitar, piano] })
    ).body.id as string;
    expect((await api.post('addInstructor', { name: 'Nur', surname: 'Ak', branches: [piano] })).status).toBe(
      200,
    );
    const lesson = await api.post('addAttendance', {
      courseId: guitar,
      attendants: [ali],
      day: 3,
      month: 4,
      year: 2025,
      hour: 18,
      minute: 30,
      instructorId: zeki,
    });
    expect(lesson.status).toBe(200);

    page = await env.browser.newPage({ locale: 'tr-TR' });
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.waitForURL('**/giris/anasayfa');
  }, 240_000);
  afterAll(async () => {
    await env?.close();
  });

  it('opens a course from Kurslar and shows its instructor, student and lesson', async () => {
    await page.goto(`${env.baseUrl}/giris/kurslar`);
    const courses = page.getByRole('table', { name: 'Kurslar', exact: true });
    // the edit button of a row opens the dialog, not the detail
    await courses.getByRole('button', { name: 'Gitar kursunu düzenle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/giris/kurslar');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await courses.getByText('Gitar', { exact: true }).click();
    await page.waitForURL(`**/giris/kurslar/${guitar}`);
    await page.getByRole('heading', { level: 1, name: 'Gitar' }).waitFor();

    const instructors = page.getByRole('region', { name: 'Eğitmenler' });
    await instructors.getByText('Zeki Kaya').waitFor();
    await instructors.getByText('1 eğitmen bu kursu veriyor').waitFor();
    expect(await instructors.getByText('Nur Ak').count()).toBe(0);

    const students = page.getByRole('region', { name: 'Kayıtlı Öğrenciler' });
    await students.getByText('1 aktif öğrenci').waitFor();
    await students.getByRole('table').getByText('Ali Veli').waitFor();
    expect(await students.getByText('Ece Veli').count()).toBe(0);
    await students.getByText('250,00 TL').waitFor();

    const lessons = page.getByRole('region', { name: 'Son Dersler' });
    await lessons.getByText('Toplam 1 ders').waitFor();
    const row = lessons.getByRole('table').locator('tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('Zeki Kaya');
    // the time as recorded, in the institution's calendar
    expect(await row.innerText()).toContain('03.04.2025 18:30');
    await row.click();
    await page.waitForURL('**/giris/yoklama-detay/**');
    await page.getByText('Zeki Kaya').first().waitFor();
  });

  it('says so for a course that is not there', async () => {
    await page.goto(`${env.baseUrl}/giris/kurslar/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Kurs bulunamadı.').waitFor();
  });
});
