import type { BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@okul/domain';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/**
 * "Their lessons first": the owner links a member to the instructor Zeki Kaya on Eğitmenler; signed in as
 * that member, Ana Sayfa lists Zeki's coming lesson and, under Derslerim, his lessons taken, and Yoklamalar
 * shows only Zeki's lessons until "Benim derslerim" is switched off. The owner, linked to no instructor, sees
 * every lesson and no switch.
 */
describe('my lessons in the browser', () => {
  let env: BrowserEnv;
  let owner: SignedIn;
  let teacher: SignedIn;
  let orgName: string;
  const contexts: BrowserContext[] = [];
  const tckn = tcknSource(91);

  async function newPage(): Promise<Page> {
    const context = await env.browser.newContext({ locale: 'tr-TR' });
    contexts.push(context);
    return context.newPage();
  }

  async function signIn(page: Page, who: SignedIn) {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(who.email);
    await page.getByLabel('Şifre').fill(who.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.waitForURL('**/giris/anasayfa');
  }

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Panel menüsü' });
  const bodyRows = (page: Page) => page.getByRole('table', { name: 'Yoklamalar' }).locator('tbody tr');

  beforeAll(async () => {
    env = await startProduct();
    const [ownerForm, teacherForm] = [registrationForm(), registrationForm()];
    [owner, teacher] = await Promise.all([
      signUpOwner(env.server.http, { email: ownerForm.email, password: ownerForm.password }),
      signUpOwner(env.server.http, { email: teacherForm.email, password: teacherForm.password }),
    ]);
    // The teacher has an organisation of their own and teaches at the owner's as an instructor.
    await addMember(env.server, owner.organizationId, teacher.userId, ROLES.schoolInstructor);
    orgName = (await request(env.server.http).get('/api/v1/getOrganizations').set(owner.auth)).body[0]
      .organization.name as string;
    const api = orgApi(env.server, owner);
    const guitar = await addCourse(env.server, owner, 'Gitar');
    const ali = (await api.post('registerStudent', studentBody(tckn(), { name: 'Ali', surname: 'Veli' })))
      .body.id as string;
    expect(
      (
        await api.post('addEnrollment', {
          studentId: ali,
          courseId: guitar,
          price: 200,
          startDate: '2025-03-01',
        })
      ).status,
    ).toBe(200);
    const instructor = async (name: string, surname: string) =>
      (await api.post('addInstructor', { name, surname, branches: [guitar] })).body.id as string;
    const [zeki, nur] = [await instructor('Zeki', 'Kaya'), await instructor('Nur', 'Ak')];
    for (const [day, instructorId] of [
      [1, zeki],
      [8, zeki],
      [15, nur],
      [22, null],
    ] as const) {
      const r = await api.post('addAttendance', {
        courseId: guitar,
        attendants: [ali],
        day,
        month: 4,
        year: 2025,
        hour: 18,
        minute: 0,
        instructorId,
      });
      expect(r.status).toBe(200);
    }
    // A lesson of each instructor starting within the hour: Ana Sayfa lists only Zeki's to him.
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    const slot = {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    };
    for (const [title, instructorId] of [
      ['Zeki grubu', zeki],
      ['Nur grubu', nur],
    ] as const) {
      const r = await api.post('addSchedule', {
        courseId: guitar,
        title,
        scheduleTimes: [slot],
        instructorId,
      });
      expect(r.status).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await env?.close();
  });

  it('the owner links a member to an instructor, and sees every lesson without the switch', async () => {
    const page = await newPage();
    await signIn(page, owner);
    await menu(page).getByRole('link', { name: 'Eğitmenler' }).click();
    await page.waitForURL('**/giris/egitmenler');
    await page.getByRole('button', { name: 'Zeki Kaya düzenle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Bağlı kullanıcı/ }).click();
    await page.getByRole('option', { name: new RegExp(teacher.email.replace(/[.+]/g, '\\$&')) }).click();
    await dialog.getByRole('button', { name: 'Güncelle' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Eğitmenler' })
      .getByRole('row', { name: new RegExp(`Zeki Kaya.*${teacher.email.replace(/[.+]/g, '\\$&')}`) })
      .waitFor();

    await menu(page).getByRole('link', { name: 'Yoklamalar' }).click();
    await page.waitForURL('**/giris/yoklamalar');
    await expect.poll(() => bodyRows(page).count()).toBe(4);
    expect(await page.getByLabel('Benim derslerim').count()).toBe(0);
  });

  it("the linked member sees their lessons first: Ana Sayfa's card and Yoklamalar, all when switched off", async () => {
    const page = await newPage();
    await signIn(page, teacher);
    // two organisations: the teacher picks the owner's
    await menu(page).getByRole('button', { name: 'Kurum Değiştir' }).click();
    await page.getByRole('heading', { name: 'Kurum Seçimi' }).waitFor();
    await page.getByRole('list').getByRole('button').filter({ hasText: orgName }).click();
    await page.waitForURL('**/giris/anasayfa');
    await page.getByRole('banner').getByText(orgName).waitFor();

    const card = page.getByRole('region', { name: 'Bugünkü ve yaklaşan derslerim' });
    await card.getByText('Gitar · Zeki grubu').waitFor();
    expect(await card.getByText('Nur grubu').count()).toBe(0);

    // Derslerim: Zeki's lessons taken (none within 30 days, two in all), the latest first, each opening
    const taken = page.getByRole('region', { name: 'Derslerim', exact: true });
    await taken.getByText('2 ders').waitFor();
    await taken.getByText('0 ders').waitFor();
    const items = taken.getByRole('list', { name: 'Son yoklamalarım' }).getByRole('button');
    await expect
      .poll(() => items.allInnerTexts())
      .toEqual([
        expect.stringContaining('08.04.2025 18:00 · Gitar'),
        expect.stringContaining('01.04.2025 18:00 · Gitar'),
      ]);
    await items.first().click();
    await page.waitForURL('**/giris/yoklama-detay/**');
    await page.getByText('Zeki Kaya').first().waitFor();

    await menu(page).getByRole('link', { name: 'Yoklamalar' }).click();
    await page.waitForURL('**/giris/yoklamalar');
    const mine = page.getByLabel('Benim derslerim');
    await page.getByText('2 yoklama (derslerim)').waitFor();
    expect(await mine.isChecked()).toBe(true);
    await expect.poll(() => bodyRows(page).count()).toBe(2);
    for (const row of await bodyRows(page).all()) expect(await row.innerText()).toContain('Zeki Kaya');

    await mine.click();
    await page.getByText('4 yoklama', { exact: true }).waitFor();
    expect(await mine.isChecked()).toBe(false);
    await expect.poll(() => bodyRows(page).count()).toBe(4);
    // the choice stays with the address (a reload keeps every lesson)
    await page.reload();
    await page.getByText('4 yoklama', { exact: true }).waitFor();
    expect(await page.getByLabel('Benim derslerim').isChecked()).toBe(false);
  });
});
