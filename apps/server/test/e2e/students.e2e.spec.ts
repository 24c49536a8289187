import { toLocal } from '@okul/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/**
 * Issue 4's journey in the browser: an owner registers a student through the form, enrols them, records a
 * payment and follows the balance as lessons are taken; the student shows in Öğrenciler and its search.
 */
describe('students in the browser', () => {
  let env: BrowserEnv;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  });
  afterAll(async () => {
    await env?.close();
  });

  const balance = () => page.getByTestId('student-balance');
  const toast = (text: string) => page.locator('#notistack-snackbar').getByText(text, { exact: true });

  it('registers a student, enrols them, takes a payment and shows the balance as lessons are taken', async () => {
    const form = registrationForm();
    const owner: SignedIn = await signUpOwner(env.server.http, {
      email: form.email,
      password: form.password,
    });
    await addCourse(env.server, owner, 'Piyano');

    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    // Yeni Öğrenci Kayıt: the registration date is today already; everything but the name first.
    await page.goto(`${env.baseUrl}/giris/ogrenci-kayit`);
    await page.getByRole('heading', { name: 'Yeni Öğrenci Kayıt' }).waitFor();
    await page.getByLabel(/^Soyisim/).fill('IŞIK');
    await page.getByLabel(/^TC Kimlik No/).fill(tcknSource(41)());
    await page.getByLabel(/^Doğum günü/).fill('5');
    await page.getByLabel(/^Doğum ayı/).fill('3');
    await page.getByLabel(/^Doğum yılı/).fill('2012');
    await page.getByLabel(/^Doğum Yeri/).fill('İstanbul');
    await page.getByLabel(/^Telefon$/).fill('5321234567');
    await page.getByLabel(/^Adres/).fill('Moda Cad. No: 1, Kadıköy');
    await page.getByLabel(/^1\. Veli Adı Soyadı/).fill('Fatma Işık');
    // api.md 8.2: a missing name is refused before anything is sent, with the item named
    await page.getByRole('button', { name: 'ÖĞRENCİYİ KAYDET' }).click();
    await toast('Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim').waitFor();
    expect(page.url()).toContain('/giris/ogrenci-kayit');

    await page.getByLabel(/^İsim/).fill('Ayşe');
    await page.getByRole('button', { name: 'ÖĞRENCİYİ KAYDET' }).click();
    await toast('Öğrenci kaydedildi').waitFor();
    await page.waitForURL(/\/giris\/ogrenci-detay\/\d{5}$/);
    const studentNumber = Number(page.url().split('/').pop());
    expect(studentNumber % 1000).toBe(1);
    await page.getByRole('heading', { name: 'Ayşe IŞIK' }).waitFor();

    // a per_class enrolment at 100 TL
    await page.getByRole('button', { name: 'Kurs Kaydı Ekle' }).click();
    const addDialog = page.getByRole('dialog');
    await addDialog.getByRole('combobox', { name: /^Kurs/ }).click();
    await page.getByRole('option', { name: 'Piyano' }).click();
    await addDialog.getByLabel(/^Ders ücreti/).fill('100');
    await addDialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast('Kurs kaydı eklendi').waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    const active = page.getByRole('table', { name: 'Aktif kurs kayıtları' });
    await active.getByText('Piyano', { exact: true }).waitFor();
    await active.getByText('100,00 TL', { exact: true }).waitFor();

    // a payment of 150 TL before any lesson: prepaid (product.md 4, positive balance)
    await page.getByRole('button', { name: 'Ödeme Ekle' }).click();
    const payDialog = page.getByRole('dialog');
    await payDialog.getByLabel(/^Miktar/).fill('150');
    await payDialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast('Ödeme eklendi').waitFor();
    await payDialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Ödemeler', exact: true }).getByText('150,00 TL').waitFor();
    await expect.poll(() => balance().textContent()).toBe('+150,00 TL');

    // three lessons taken (through the API, as the attendance screen would), after the enrolment started
    const api = orgApi(env.server, owner);
    const students = await api.get('getStudents', { studentNumber });
    const studentId = students.body[0].id as string;
    const courseId = students.body[0].activeCourses[0].courseId as string;
    const tomorrow = toLocal(Date.now() + 24 * 3_600_000);
    for (const hour of [10, 12, 14]) {
      const r = await api.post('addAttendance', {
        courseId,
        attendants: [studentId],
        day: tomorrow.day,
        month: tomorrow.month,
        year: tomorrow.year,
        hour,
        minute: 0,
      });
      expect(r.status).toBe(200);
    }

    await page.reload();
    await expect.poll(() => balance().textContent()).toBe('-150,00 TL');
    await expect.poll(() => page.getByTestId('student-total-owed').textContent()).toBe('150,00 TL');
    const sheet = page.getByRole('table', { name: 'Bakiye dökümü' });
    await sheet.getByRole('cell', { name: 'Ödeme', exact: true }).waitFor();
    expect(await sheet.getByRole('cell', { name: 'Ders', exact: true }).count()).toBe(3);
    expect(await sheet.getByRole('cell', { name: 'Ödeme', exact: true }).count()).toBe(1);
    // the last entry carries the balance: 150 paid − 3 × 100 charged
    expect(await sheet.getByRole('row').last().textContent()).toContain('-150,00 TL');
    // the student's attendances are listed on the detail page
    expect(await page.getByRole('table', { name: 'Yoklamalar' }).getByRole('row').count()).toBe(4);
    // the WhatsApp reminder names the student and the amount owed
    const href = await page
      .getByRole('link', { name: 'WhatsApp ile hatırlat: Öğrenci' })
      .getAttribute('href');
    expect(href).toMatch(/^https:\/\/wa\.me\/905321234567\?text=/);
    expect(decodeURIComponent(href!.split('text=')[1])).toContain('Ayşe IŞIK adlı öğrencimizin 150,00 TL');

    // Öğrenciler: listed (active now), and found by the Turkish lower case of its surname
    await page.goto(`${env.baseUrl}/giris/ogrenciler`);
    const table = page.getByRole('table', { name: 'Öğrenciler' });
    await table.getByRole('cell', { name: 'IŞIK', exact: true }).waitFor();
    await table.getByText('Piyano (100,00 TL)').waitFor();
    const search = page.getByLabel('Ara');
    await search.fill('ışık');
    await table.getByRole('cell', { name: 'IŞIK', exact: true }).waitFor();
    await search.fill('isik');
    await table.getByText('Aramaya uyan öğrenci yok.').waitFor();
    await search.fill('ışık');
    await table.getByRole('cell', { name: 'IŞIK', exact: true }).click();
    await page.waitForURL(new RegExp(`/giris/ogrenci-detay/${studentNumber}$`));
  });
  it('edits the student and the notes, refuses a retroactive enrolment edit, and deletes and restores', async () => {
    const form = registrationForm();
    const owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const courseId = await addCourse(env.server, owner, 'Gitar');
    const api = orgApi(env.server, owner);
    const reg = await api.post(
      'registerStudent',
      studentBody(tcknSource(43)(), { name: 'Can', surname: 'Öztürk' }),
    );
    expect(reg.status).toBe(200);
    const { id: studentId, studentNumber } = reg.body as { id: string; studentNumber: number };
    const enrol = await api.post('addEnrollment', {
      studentId,
      courseId,
      price: 200,
      startDate: '2025-02-01',
    });
    expect(enrol.status).toBe(200);
    expect((await api.post('addPayment', { studentId, courseId, amount: '75,50' })).status).toBe(200);

    const own = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    const say = (text: string) => own.locator('#notistack-snackbar').getByText(text, { exact: true });
    await own.goto(`${env.baseUrl}/giris`);
    await own.getByLabel('E-posta').fill(form.email);
    await own.getByLabel('Şifre').fill(form.password);
    await own.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await own.getByText('Giriş başarılı').waitFor();

    // Öğrenci Kayıt Düzenleme: a wrong edit lists its items one per line, a right one saves
    await own.goto(`${env.baseUrl}/giris/ogrenci-detay/${studentNumber}`);
    await own.getByRole('button', { name: 'Düzenle' }).click();
    await own.waitForURL(new RegExp(`/giris/ogrenci-duzenle/${studentNumber}$`));
    await own.getByRole('heading', { name: 'Öğrenci Kayıt Düzenleme' }).waitFor();
    await own.getByLabel(/^Soyisim/).fill('');
    await own.getByLabel(/^Doğum Yeri/).fill('');
    await own.getByRole('button', { name: 'BİLGİLERİ GÜNCELLE' }).click();
    await own
      .locator('#notistack-snackbar')
      .getByText(/^Öğrenci bilgileri güncellenemedi: Eksik\/hatalı bilgi: Soyisim\s+Doğum yeri$/)
      .waitFor();
    await own.getByLabel(/^Soyisim/).fill('Öztürk');
    await own.getByLabel(/^Doğum Yeri/).fill('İzmir');
    await own.getByLabel(/^Telefon$/).fill('5351112233');
    await own.getByRole('button', { name: 'BİLGİLERİ GÜNCELLE' }).click();
    await say('Öğrenci bilgileri güncellendi').waitFor();
    await own.waitForURL(new RegExp(`/giris/ogrenci-detay/${studentNumber}$`));
    await own.getByText('(535) 111 22 33').waitFor();
    await own.getByText('İzmir', { exact: true }).waitFor();

    // the notes box saves through editStudent
    await own.getByLabel('Öğrenci notları').fill('Sınava hazırlanıyor');
    await own.getByRole('button', { name: 'Notu Kaydet' }).click();
    await say('Not kaydedildi').waitFor();
    await own.reload();
    await expect.poll(() => own.getByLabel('Öğrenci notları').inputValue()).toBe('Sınava hazırlanıyor');

    // the registration editing dialog: nothing changed, nothing to send; a start before the registration is refused
    await own.getByRole('button', { name: 'Gitar kaydını düzenle' }).click();
    const dialog = own.getByRole('dialog');
    const update = dialog.getByRole('button', { name: 'Güncelle' });
    expect(await update.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Ders ücreti/).fill('0');
    await update.click();
    await dialog.getByText('Güncelleme yapılamadı.').waitFor();
    await dialog.getByText('Fiyat 1 ile 999999999 TL arasında olmalıdır.').waitFor();
    // a start before the student's registration (06.01.2025) is refused by the server, listed under the title
    await dialog.getByLabel(/^Ders ücreti/).fill('250');
    const start = dialog.getByRole('group', { name: 'Başlangıç' });
    await start.getByRole('spinbutton').first().click();
    await own.keyboard.type('01012024');
    await update.click();
    await dialog
      .getByText('Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.', { exact: true })
      .waitFor();
    await start.getByRole('spinbutton').first().click();
    await own.keyboard.type('01022025');
    await update.click();
    await say('Kurs kaydı güncellendi').waitFor();
    await own.getByRole('table', { name: 'Aktif kurs kayıtları' }).getByText('250,00 TL').waitFor();

    // payments: delete to the deleted list and restore from it
    const payments = own.getByRole('table', { name: 'Ödemeler', exact: true });
    const deleted = own.getByRole('table', { name: 'Silinmiş ödemeler' });
    await payments.getByText('75,50 TL').waitFor();
    await payments.getByRole('button', { name: 'Ödemeyi sil' }).click();
    await own.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await say('Ödeme silindi').waitFor();
    await deleted.getByText('75,50 TL').waitFor();
    await deleted.getByRole('button', { name: 'Geri Getir' }).click();
    await say('Ödeme geri getirildi').waitFor();
    await payments.getByText('75,50 TL').waitFor();

    // soft delete and restore of the student
    await own.getByRole('button', { name: 'Sil', exact: true }).click();
    await own.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await say('Öğrenci silindi').waitFor();
    await own.getByText('Bu öğrenci silinmiş.', { exact: false }).waitFor();
    await own.getByRole('button', { name: 'Geri Getir' }).click();
    await say('Öğrenci geri getirildi').waitFor();
    await own.getByRole('button', { name: 'Sil', exact: true }).waitFor();
    await own.close();
  });
});
