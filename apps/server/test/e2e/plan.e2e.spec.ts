import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromLocal, toLocal } from '@okul/domain';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/** Monday 00:00 in Istanbul of the week holding `ms`: the calendar's weeks (firstDay 1, Istanbul browser). */
function istanbulWeekStart(ms: number): number {
  const d = toLocal(ms);
  const sinceMonday = (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(d.year, d.month - 1, d.day - sinceMonday));
  return fromLocal({
    year: monday.getUTCFullYear(),
    month: monday.getUTCMonth() + 1,
    day: monday.getUTCDate(),
  });
}

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
  const numbers: number[] = [];
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
      numbers.push(r.body.studentNumber as number);
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
    const zeki = await orgApi(env.server, owner).post('addInstructor', {
      name: 'Zeki',
      surname: 'Kaya',
      branches: [guitar],
    });
    expect(zeki.status).toBe(200);
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
      instructorId: zeki.body.id,
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
    // Ajanda lists this week: in a Monday's first quarter hour the lesson (begun an hour ago, 45 minutes long)
    // lies wholly in last week, and this week holds only its next, future occurrence.
    if (istanbulWeekStart(start) < istanbulWeekStart(Date.now())) {
      await page.locator('.fc-prev-button').click();
    }
    await page.getByText('Gitar · Gitar A').first().click();
    await page.getByRole('dialog').getByText('Yoklama alınmadı').waitFor();
    await page.getByRole('dialog').getByText('Eğitmen: Zeki Kaya').waitFor();
    await page.getByRole('button', { name: 'Yoklama al' }).click();
    await page.waitForURL('**/giris/yoklama-ekle**');
    for (const name of ['Ali Veli', 'Ece Su', 'Can Ok'])
      await page.getByRole('button', { name: new RegExp(name) }).waitFor();
    // the schedule's Eğitmen is filled in too
    expect(await page.getByRole('combobox', { name: 'Eğitmen' }).textContent()).toContain('Zeki Kaya');
    // Can is absent
    await page
      .getByRole('button', { name: /Can Ok/ })
      .locator('.MuiChip-deleteIcon')
      .click();
    await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
    await page.waitForURL('**/giris/yoklamalar');
    const taken = await orgApi(env.server, owner).get('getAttendances');
    expect(taken.body.attendances[0]).toMatchObject({
      instructorId: zeki.body.id,
      instructorName: 'Zeki Kaya',
    });

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

  it("enters a group's grades on its sheet and edits them on the student detail", async () => {
    // Gruplar: the grade sheet of Gitar A, one period, Enter moving down the members
    await page.getByRole('link', { name: 'Gruplar' }).click();
    await page.waitForURL('**/giris/gruplar');
    await page.getByRole('button', { name: 'Gitar A grubunun not çizelgesi' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('combobox', { name: /^Dönem/ }).fill('1. dönem');
    // members in Turkish name order: Ali Veli, Can Ok, Ece Su
    await sheet.getByRole('textbox', { name: /Ali Veli notu/ }).fill('85');
    await page.keyboard.press('Enter');
    await page.keyboard.type('AA');
    await page.keyboard.press('Enter');
    await page.keyboard.type('70');
    expect(await sheet.getByRole('textbox', { name: /Ece Su notu/ }).inputValue()).toBe('70');
    await sheet.getByRole('button', { name: 'Notları Kaydet' }).click();
    await page.getByText('3 not kaydedildi').waitFor();
    const grades = await orgApi(env.server, owner).get('getGrades', { courseId: guitar });
    expect(
      (grades.body as Array<{ studentId: string; gradeValue: string; gradePeriod: string }>)
        .map((g) => [ids.indexOf(g.studentId), g.gradeValue, g.gradePeriod])
        .sort(),
    ).toEqual([
      [0, '85', '1. dönem'],
      [1, '70', '1. dönem'],
      [2, 'AA', '1. dönem'],
    ]);

    // Ali's detail: the grade is listed; a second one is added, the first edited, the second deleted
    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${numbers[0]}`);
    const table = page.getByRole('table', { name: 'Notlar' });
    await table.getByRole('row', { name: /Gitar.*1\. dönem.*85.*Gitar A/ }).waitFor();
    await page.getByRole('button', { name: 'Not Ekle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Not/ }).fill('92');
    await dialog.getByRole('textbox', { name: /^Dönem/ }).fill('2. dönem');
    // the only active course is chosen; the group is offered among those holding Ali for it
    expect(await dialog.getByRole('combobox', { name: /^Kurs/ }).textContent()).toContain('Gitar');
    await dialog.getByRole('combobox', { name: /^Grup/ }).click();
    await page.getByRole('option', { name: 'Gitar A' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Not eklendi').waitFor();
    await table.getByRole('row', { name: /2\. dönem.*92/ }).waitFor();
    await table
      .getByRole('row', { name: /1\. dönem.*85/ })
      .getByRole('button', { name: 'Notu düzenle' })
      .click();
    await page.getByRole('dialog').getByRole('textbox', { name: /^Not/ }).fill('88');
    await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Not güncellendi').waitFor();
    await table
      .getByRole('row', { name: /2\. dönem.*92/ })
      .getByRole('button', { name: 'Notu sil' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await page.getByText('Not silindi').waitFor();
    const ali = await orgApi(env.server, owner).get('getGrades', { studentId: ids[0] });
    expect((ali.body as Array<{ gradeValue: string }>).map((g) => g.gradeValue)).toEqual(['88']);
  });

  it('gives the group a calendar address on Programlar that a calendar app can read', async () => {
    await page.getByRole('link', { name: 'Programlar' }).click();
    await page.waitForURL('**/giris/programlar');
    await page.getByRole('button', { name: 'Takvim Bağlantıları' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Takvim' }).click();
    await page.getByRole('option', { name: 'Gitar A' }).click();
    await dialog.getByText('Bu takvim için bağlantı yok.').waitFor();
    await dialog.getByRole('button', { name: 'Bağlantı Oluştur' }).click();
    await page.getByText('Yeni takvim bağlantısı oluşturuldu').waitFor();
    const url = await dialog.getByRole('textbox', { name: 'Abonelik bağlantısı' }).inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Gitar · Gitar A');
  });
});
