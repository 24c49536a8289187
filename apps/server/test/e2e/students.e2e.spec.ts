import { toLocal } from '@okul/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/** Types into one section of an MUI date/time field (each section is a spinbutton named by the locale). */
async function typeSection(page: Page, section: string, digits: string) {
  await page.getByRole('spinbutton', { name: section, exact: true }).click();
  await page.keyboard.type(digits);
}

/**
 * The students journey in the browser: an owner registers a student through the form, enrols them, takes three
 * lessons through Yoklama ekle, records payments and follows the balance and Ana Sayfa's due list; the student
 * shows in Öğrenciler and its search. An instructor sees the detail page without its school-admin parts.
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

  it('registers and enrols a student, takes three lessons in Yoklama ekle and payments; the balance and Ana Sayfa follow', async () => {
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

    // Öğrenciler before any registration: the empty text of api.md 8.2
    await page.goto(`${env.baseUrl}/giris/ogrenciler`);
    await page
      .getByRole('table', { name: 'Öğrenciler' })
      .getByText('Henüz öğrenci kaydı yapılmamış.', { exact: true })
      .waitFor();

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
    await page.getByRole('textbox', { name: /^Adres/ }).fill('Moda Cad. No: 1, Kadıköy');
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
    // api.md 9.3: the next-4-lessons debt is the price times 4
    await expect.poll(() => page.getByTestId('student-next-lessons').textContent()).toBe('400,00 TL');

    // Ana Sayfa before any lesson: owing exactly zero with an active enrolment is due (product.md 4: "zero means
    // the next 4 lessons need payment"), with the next-4-lessons debt of 4 × 100 TL
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    await page.waitForURL('**/giris/anasayfa');
    const dueRow = () =>
      page.getByRole('region', { name: 'Ödeme Takibi' }).getByRole('row', { name: /Ayşe IŞIK/ });
    await dueRow().waitFor();
    expect(await dueRow().getByRole('cell').allInnerTexts()).toEqual([
      `${studentNumber} Ayşe IŞIK`,
      'Piyano',
      '0,00 TL',
      '400,00 TL',
    ]);

    // three lessons taken through Yoklama ekle, tomorrow (after the enrolment started)
    const tomorrow = toLocal(Date.now() + 24 * 3_600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    for (const hour of [10, 12, 14]) {
      await page.goto(`${env.baseUrl}/giris/yoklama-ekle`);
      await page.getByRole('combobox', { name: /^Ders/ }).click();
      await page.getByRole('option', { name: 'Piyano' }).click();
      await typeSection(page, 'Gün', two(tomorrow.day));
      await typeSection(page, 'Ay', two(tomorrow.month));
      await typeSection(page, 'Yıl', String(tomorrow.year));
      await typeSection(page, 'Saat', two(hour));
      await typeSection(page, 'Dakika', '00');
      await page.getByRole('combobox', { name: /Katılan öğrenciler/ }).click();
      await page.getByRole('option', { name: /Ayşe IŞIK/ }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Yoklamayı Kaydet' }).click();
      await page.waitForURL('**/giris/yoklamalar');
      await page
        .getByRole('table', { name: 'Yoklamalar' })
        .getByRole('row', {
          name: new RegExp(
            `${two(tomorrow.day)}\\.${two(tomorrow.month)}\\.${tomorrow.year} ${two(hour)}:00`,
          ),
        })
        .waitFor();
    }

    // Ana Sayfa: 3 × 100 TL owed now
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    await page.waitForURL('**/giris/anasayfa');
    await expect.poll(() => dueRow().getByRole('cell').nth(2).innerText()).toBe('300,00 TL');
    await page.getByText('Toplam borç: 300,00 TL').waitFor();

    // the detail page: -300 TL (zero or negative is due, product.md 4), then a payment of 150 TL
    await dueRow().getByRole('link').click();
    await page.waitForURL(new RegExp(`/giris/ogrenci-detay/${studentNumber}$`));
    await expect.poll(() => balance().textContent()).toBe('-300,00 TL');
    await page.getByRole('button', { name: 'Ödeme Ekle' }).click();
    const payDialog = page.getByRole('dialog');
    await payDialog.getByLabel(/^Miktar/).fill('150');
    await payDialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast('Ödeme eklendi').waitFor();
    await payDialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Ödemeler', exact: true }).getByText('150,00 TL').waitFor();
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

    // Ana Sayfa follows the payment: 150 TL still owed
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    await page.waitForURL('**/giris/anasayfa');
    await expect.poll(() => dueRow().getByRole('cell').nth(2).innerText()).toBe('150,00 TL');

    // a payment of 250 TL more makes the course prepaid (+100 TL): it leaves the due list (api.md 9.3)
    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${studentNumber}`);
    await page.getByRole('button', { name: 'Ödeme Ekle' }).click();
    // the dialog may open before the enrolments arrive: it takes the only active course once they do
    await expect
      .poll(() => payDialog.getByRole('combobox', { name: /^Kurs/ }).innerText())
      .toContain('Piyano');
    await payDialog.getByLabel(/^Miktar/).fill('250');
    await payDialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast('Ödeme eklendi').waitFor();
    await payDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balance().textContent()).toBe('+100,00 TL');
    await page.getByRole('link', { name: 'Ana Sayfa' }).click();
    await page.waitForURL('**/giris/anasayfa');
    await page.getByText('Ödemesi gelen öğrenci yok.').waitFor();
    expect(await dueRow().count()).toBe(0);

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
    await own.getByRole('button', { name: 'Düzenle', exact: true }).click();
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

    // Otomatik Doldur (a test aid outside production) fills a form that saves as it is
    await own.goto(`${env.baseUrl}/giris/ogrenci-kayit`);
    await own.getByRole('button', { name: 'Otomatik Doldur' }).click();
    expect(await own.getByLabel(/^İsim/).inputValue()).not.toBe('');
    expect(await own.getByLabel(/^TC Kimlik No/).inputValue()).toMatch(/^\d{11}$/);
    await own.getByRole('button', { name: 'ÖĞRENCİYİ KAYDET' }).click();
    await say('Öğrenci kaydedildi').waitFor();
    await own.waitForURL(/\/giris\/ogrenci-detay\/\d{5}$/);
    expect(own.url()).not.toContain(`/${studentNumber}`);
    await own.close();
  });
  it('shows an instructor the student and its attendances, without money, notes or changes (product.md 6)', async () => {
    const form = registrationForm();
    const owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const teacherForm = registrationForm();
    const teacher = await signUpOwner(env.server.http, {
      email: teacherForm.email,
      password: teacherForm.password,
    });
    await addMember(env.server, owner.organizationId, teacher.userId);
    const today = toLocal(Date.now());
    const courseId = await addCourse(env.server, owner, 'Keman');
    const api = orgApi(env.server, owner);
    const reg = await api.post(
      'registerStudent',
      studentBody(tcknSource(47)(), {
        name: 'Deniz',
        surname: 'Kaya',
        // born on this day 12 years ago (a leap year when today is 29 February): the birthday banner shows
        dobD: today.day,
        dobM: today.month,
        dobY: today.year - 12,
      }),
    );
    expect(reg.status).toBe(200);
    const { id: studentId, studentNumber } = reg.body as { id: string; studentNumber: number };
    expect(
      (await api.post('addEnrollment', { studentId, courseId, price: 300, startDate: '2025-02-01' })).status,
    ).toBe(200);
    expect((await api.post('addPayment', { studentId, courseId, amount: '120' })).status).toBe(200);
    const lesson = await orgApi(env.server, teacher, owner.organizationId).post('addAttendance', {
      courseId,
      attendants: [studentId],
      day: 3,
      month: 3,
      year: 2025,
      hour: 9,
      minute: 0,
    });
    expect(lesson.status).toBe(200);

    const own = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    await own.goto(`${env.baseUrl}/giris`);
    await own.getByLabel('E-posta').fill(teacherForm.email);
    await own.getByLabel('Şifre').fill(teacherForm.password);
    await own.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await own.waitForURL('**/giris/anasayfa');
    // the teacher owns an organisation too: pick the school where they are an instructor
    await own.getByRole('button', { name: 'Kurum Değiştir' }).click();
    await own.getByRole('heading', { name: 'Kurum Seçimi' }).waitFor();
    await own.getByRole('list').getByRole('button').filter({ hasText: 'Eğitmen' }).click();
    await own.waitForURL('**/giris/anasayfa');
    await own.getByRole('banner').getByText('Eğitmen').waitFor();

    // Ana Sayfa: birthdays and students with no enrolment, but no payment tracking or statistics
    await own.getByRole('region', { name: 'Kaydı Olmayan Öğrenciler' }).waitFor();
    await own
      .getByRole('region', { name: 'Doğum Günleri' })
      .getByText(`Bugün doğum günü olanlar: ${studentNumber} Deniz Kaya`)
      .waitFor();
    expect(await own.getByRole('region', { name: 'Ödeme Takibi' }).count()).toBe(0);
    expect(await own.getByRole('region', { name: 'İstatistikler' }).count()).toBe(0);

    // the detail page: identity and attendances; no balance, enrolments, payments, notes, edit or delete
    await own.goto(`${env.baseUrl}/giris/ogrenci-detay/${studentNumber}`);
    await own.getByRole('heading', { name: 'Deniz Kaya' }).waitFor();
    await own.getByText('Bugün Deniz Kaya için doğum günü! İyi ki doğdun (12 yaş).').waitFor();
    // the phone with its SMS consent (studentBody gives ONAY, dated at registration)
    await own
      .getByText(/^\(532\) 123 45 67/)
      .first()
      .waitFor();
    await own
      .getByText(/^SMS izni var \(ONAY\), \d{2}\.\d{2}\.\d{4}$/)
      .first()
      .waitFor();
    const lessons = own.getByRole('table', { name: 'Yoklamalar' });
    await lessons.getByRole('row', { name: /03\.03\.2025\s*09:00\s*Keman/ }).waitFor();
    for (const title of ['Bakiye', 'Kurs Kayıtları', 'Ödemeler']) {
      expect(await own.getByRole('heading', { name: title, exact: true }).count()).toBe(0);
    }
    expect(await own.getByTestId('student-balance').count()).toBe(0);
    expect(await own.getByLabel('Öğrenci notları').count()).toBe(0);
    for (const button of ['Düzenle', 'Sil', 'Ödeme Ekle', 'Kurs Kaydı Ekle']) {
      expect(await own.getByRole('button', { name: button, exact: true }).count()).toBe(0);
    }
    expect(await own.getByText('300,00 TL').count()).toBe(0);

    // Öğrenciler and the forms are school-admin pages: their addresses lead back to Ana Sayfa
    await own.goto(`${env.baseUrl}/giris/ogrenciler`);
    await own.waitForURL('**/giris/anasayfa');
    await own.goto(`${env.baseUrl}/giris/ogrenci-duzenle/${studentNumber}`);
    await own.waitForURL('**/giris/anasayfa');
    await own.close();
  });
  it('Öğrenciler: inactive students on request, search with Turkish case rules, sorting by Turkish collation', async () => {
    const form = registrationForm();
    const owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const courseId = await addCourse(env.server, owner, 'IŞIK ATÖLYESİ');
    const api = orgApi(env.server, owner);
    const tckn = tcknSource(53);
    const ids: Record<string, { id: string; TCKN: string }> = {};
    // registered in this order (student numbers ascending); Çağla and Ömer are enrolled (active)
    for (const name of ['Zeynep', 'Çağla', 'Cem', 'Ömer']) {
      const TCKN = tckn();
      const r = await api.post('registerStudent', studentBody(TCKN, { name, surname: 'Demir' }));
      expect(r.status).toBe(200);
      ids[name] = { id: r.body.id as string, TCKN };
    }
    for (const name of ['Çağla', 'Ömer']) {
      const r = await api.post('addEnrollment', { studentId: ids[name].id, courseId, price: 90 });
      expect(r.status).toBe(200);
    }

    const own = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    await own.goto(`${env.baseUrl}/giris`);
    await own.getByLabel('E-posta').fill(form.email);
    await own.getByLabel('Şifre').fill(form.password);
    await own.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await own.waitForURL('**/giris/anasayfa');
    await own.goto(`${env.baseUrl}/giris/ogrenciler`);
    const table = own.getByRole('table', { name: 'Öğrenciler' });
    const names = async () =>
      (await table.locator('tbody tr').allInnerTexts()).map(
        (row) => ['Zeynep', 'Çağla', 'Cem', 'Ömer'].find((n) => row.includes(n)) ?? row,
      );

    // only the active students until İnaktif öğrencileri göster is ticked
    await table.getByRole('cell', { name: 'Çağla', exact: true }).waitFor();
    expect(await names()).toEqual(['Çağla', 'Ömer']);
    await own.getByLabel('İnaktif öğrencileri göster').check();
    await expect.poll(names).toEqual(['Zeynep', 'Çağla', 'Cem', 'Ömer']);
    // api.md 9.4: 100 rows a page
    await own.getByText('4 sonuçtan 1-4 arası gösteriliyor. Sayfa: 1').waitFor();
    await own.getByRole('combobox', { name: 'Sayfa başına sonuç:' }).getByText('100').waitFor();

    // api.md 9.4: ascending, descending, none, in Turkish order (C before Ç, O before Ö)
    const byName = table.getByRole('columnheader', { name: 'İsim', exact: true });
    await byName.click();
    await expect.poll(names).toEqual(['Cem', 'Çağla', 'Ömer', 'Zeynep']);
    await byName.click();
    await expect.poll(names).toEqual(['Zeynep', 'Ömer', 'Çağla', 'Cem']);
    await byName.click();
    await expect.poll(names).toEqual(['Zeynep', 'Çağla', 'Cem', 'Ömer']);

    // product.md 5 search: the course in Turkish lower case, the national ID, the name
    const search = own.getByLabel('Ara');
    await search.fill('ışık atölyesi');
    await expect.poll(names).toEqual(['Çağla', 'Ömer']);
    await search.fill(ids.Cem.TCKN);
    await expect.poll(names).toEqual(['Cem']);
    await search.fill('ÇAĞLA');
    await expect.poll(names).toEqual(['Çağla']);
    await own.close();
  });
});
