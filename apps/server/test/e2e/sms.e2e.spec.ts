import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSmsGateway } from '../../src/sms/local-sms-gateway';
import { SMS_GATEWAY } from '../../src/sms/sms-gateway';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse, orgApi, studentBody, tcknSource } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

const tckn = tcknSource(131);

/** Polls an API read until it holds (projections and the local gateway's reports are asynchronous). */
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * SMS in the browser against the local gateway and its delivery simulation: 100 credits bought with the mock
 * payment in the SMS package dialog, a bulk SMS to two opted-in parents followed to İletildi in SMS DURUMU, a
 * parent answering RET through the gateway's inbound path shown in SMS İZİNLERİ and in the bulk list, the
 * automatic notices' preview, the public QR consent page, and the student detail's SMS reminder.
 */
describe('SMS in the browser', () => {
  const form = registrationForm();
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  let gateway: LocalSmsGateway;
  let ali: string;
  let ece: string;
  const api = () => orgApi(env.server, owner);
  const toast = (text: string) => page.locator('#notistack-snackbar').getByText(text, { exact: true });
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });

  beforeAll(async () => {
    env = await startProduct({ SMS_LOCAL_DELIVERY_MS: '300', SMS_POLL_INTERVAL_MS: '200' });
    gateway = env.server.server.app.get(SMS_GATEWAY) as LocalSmsGateway;
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    // Two students whose parents gave consent (ONAY); the students' own phones have none.
    const register = async (name: string, surname: string, n: number) => {
      const r = await api().post(
        'registerStudent',
        studentBody(tckn(), {
          name,
          surname,
          phone: `532111000${n}`,
          studentPhoneOptInStatus: '',
          parent1Name: `Veli ${name}`,
          parent1Phone: `533111000${n}`,
          parent1PhoneOptInStatus: 'ONAY',
        }),
      );
      expect(r.status).toBe(200);
      return r.body.id as string;
    };
    ali = await register('Ali', 'Veli', 1);
    ece = await register('Ece', 'Su', 2);
    // Both owe for their lessons, so their details offer the payment reminders.
    const piano = await addCourse(env.server, owner, 'Piyano');
    for (const studentId of [ali, ece]) {
      const enrolment = await api().post('addEnrollment', {
        studentId,
        courseId: piano,
        price: 250,
        startDate: '2025-02-01',
      });
      expect(enrolment.status).toBe(200);
    }
  });
  afterAll(async () => {
    await env?.close();
  });

  it('buys 100 credits, sends a bulk SMS to two parents, sees them delivered and a RET reply disable a phone', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    await page.goto(`${env.baseUrl}/giris/sms`);
    await page.getByText('Kalan SMS krediniz: 0').waitFor();

    // The SMS package dialog: product.md 5 a package must be selected before paying.
    await page.getByRole('button', { name: 'SMS Kredisi Satın Al' }).click();
    const buy = page.getByRole('dialog', { name: 'SMS Kredisi Satın Al' });
    await buy.getByText('Lütfen bir paket seçin.').waitFor();
    const mock = buy.getByRole('button', { name: 'MOCK PAYMENT' });
    expect(await mock.isDisabled()).toBe(true);
    await buy.getByRole('radio', { name: /^100 SMS/ }).click();
    const [payTab] = await Promise.all([page.context().waitForEvent('page'), mock.click()]);
    // the test checkout page links to PUBLIC_URL's /mock3ds: follow it on this server
    const link = payTab.locator('#mock3ds-link');
    await link.waitFor();
    const mock3ds = new URL((await link.getAttribute('href'))!);
    await payTab.goto(`${env.baseUrl}${mock3ds.pathname}${mock3ds.search}`);
    await payTab.getByRole('button', { name: 'FINALIZE' }).click();
    await payTab.getByText('Ödeme işlemi başarılı', { exact: false }).first().waitFor();
    await payTab.close();
    await page.bringToFront();
    await until(
      async () => (await api().get('getSmsRecipients')).body.smsCredits as number,
      (n) => n === 100,
    );
    await page.reload();
    await page.getByText('Kalan SMS krediniz: 100').waitFor();

    // TOPLU SMS GÖNDER: only the parents are opted in; the students' phones cannot be chosen.
    await tab('TOPLU SMS GÖNDER').click();
    const list = page.getByTestId('sms-phone-list');
    await list.getByText('Öğrenci: 5321110001 (SMS izni yok)').waitFor();
    await page.getByLabel('Mesaj').fill('Yarın dersler bir saat erken başlıyor.');
    await page.getByRole('button', { name: 'İzinli tüm numaraları seç' }).click();
    await page.getByText(/2 numara · 2 kredi/).waitFor();
    await page.getByRole('button', { name: 'Gönder', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'SMS Gönderimi' });
    await confirm.getByText('Toplam 2 SMS gönderilecek (2 kredi). Bu işlem geri alınamaz.').waitFor();
    await confirm.getByRole('button', { name: 'Gönder', exact: true }).click();
    await toast('Toplam 2 SMS başarıyla gönderildi!').waitFor();

    // SMS DURUMU: both move to İletildi (the outbox refreshes itself while messages are on their way).
    await tab('SMS DURUMU').click();
    const outbox = page.getByRole('table', { name: 'SMS giden kutusu' });
    for (const dest of ['905331110001', '905331110002']) {
      await outbox
        .getByRole('row')
        .filter({ hasText: dest })
        .getByText('İletildi')
        .waitFor({ timeout: 20_000 });
    }
    await page.getByText('Kalan SMS krediniz: 98').waitFor();

    // Ali's parent answers RET to the shared number; the inbound poll records it.
    gateway.reply('905331110001', 'RET');
    await until(
      async () => (await api().get('getSmsRecipients', { studentId: ali })).body.students[0],
      (s) => s?.parent1PhoneOptInStatus === 'RET',
    );
    // The screen still holds the consent it read before the reply: the refusal names the phone from its
    // details, and the bulk tab takes it out of the selection.
    await tab('TOPLU SMS GÖNDER').click();
    await page.getByLabel('Mesaj').fill('Cuma günü ders yapılmayacak.');
    await page.getByRole('button', { name: 'İzinli tüm numaraları seç' }).click();
    await page.getByText(/ 2 numara · 2 kredi/).waitFor();
    await page.getByRole('button', { name: 'Gönder', exact: true }).click();
    await confirm.getByRole('button', { name: 'Gönder', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'SMS izni olmayan numaralar' });
    await refused.getByText('Ali Veli (1. Veli: 5331110001)').waitFor();
    await refused.getByRole('button', { name: 'Seçimden çıkar' }).click();
    await page.getByText(/ 1 numara · 1 kredi/).waitFor();
    await page.getByText('Kalan SMS krediniz: 98').waitFor();

    await page.reload();
    await tab('SMS İZİNLERİ').click();
    const consents = page.getByRole('table', { name: 'SMS izinleri' });
    const aliRow = consents.getByRole('row').filter({ hasText: 'Ali Veli' });
    await aliRow.filter({ hasText: '5331110001' }).getByText('RET', { exact: true }).waitFor();
    const eceRow = consents.getByRole('row').filter({ hasText: 'Ece Su' });
    await eceRow.getByText('ONAY', { exact: true }).waitFor();
    await tab('TOPLU SMS GÖNDER').click();
    await list.getByText('1. Veli: 5331110001 (SMS izni yok)').waitFor();
    await page.getByRole('button', { name: 'İzinli tüm numaraları seç' }).click();
    await page.getByText(/ 1 numara · /).waitFor();
  });

  it('previews an automatic notice, and a parent gives consent on the public QR page', async () => {
    await tab('OTOMATİK BİLDİRİMLER').click();
    await page.getByRole('button', { name: 'Önizle' }).first().click();
    await page.getByText(/^Önizleme: Ödeme Uyarısı \(kapalı\)/).waitFor();
    await page.getByText(/Şu an gönderilseydi: \d+ SMS, \d+ kredi \(kalan kredi: 98\)\./).waitFor();

    // The page the printed QR code opens: Ece's own phone (no consent yet) gives ONAY with the code sent.
    await page.goto(`${env.baseUrl}/sms-izin/${owner.organizationId}`);
    await page.getByRole('heading', { name: 'SMS İzni' }).waitFor();
    await page.getByLabel('Cep telefonu').fill('0532 111 00 02');
    await page.getByRole('button', { name: 'Kod gönder' }).click();
    await page.getByRole('button', { name: 'Yeni kod gönder' }).waitFor();
    const codeSms = await until(
      async () => (await api().get('getSmsOutbox')).body as { type: string; msg: string }[],
      (rows) => rows.some((m) => m.type === 'consentCode'),
    );
    // The organisation's name comes first in the text and may itself hold six digits in a row.
    const sent = codeSms.find((m) => m.type === 'consentCode')?.msg ?? '';
    const code = /kodunuz: (\d{6})\./.exec(sent)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Doğrulama kodu').fill(code);
    await page.getByRole('button', { name: 'ONAY: SMS almak istiyorum' }).click();
    await page.getByText('SMS izniniz kaydedildi: ONAY').waitFor();
    const ecePhones = await until(
      async () => (await api().get('getSmsRecipients', { studentId: ece })).body.students[0],
      (s) => s?.studentPhoneOptInStatus === 'ONAY',
    );
    expect(ecePhones.studentPhoneOptInStatus).toBe('ONAY');
  });

  it('sends the student detail’s SMS reminder to a consenting phone; phones without consent are disabled', async () => {
    const number = async (id: string) =>
      (await api().get('getStudents', { id })).body[0].studentNumber as number;
    // Ali's own phone has no consent and his parent answered RET: both SMS buttons are disabled, marked so.
    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${await number(ali)}`);
    await page.getByText('SMS ile ödeme hatırlatması:').waitFor();
    expect(await page.getByRole('button', { name: 'Öğrenci (SMS izni yok)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '1. Veli (SMS izni yok)' }).isDisabled()).toBe(true);

    // Ece's parent is opted in: the twin of the WhatsApp button opens the prefilled debt warning.
    await page.goto(`${env.baseUrl}/giris/ogrenci-detay/${await number(ece)}`);
    await page.getByText('SMS ile ödeme hatırlatması:').waitFor();
    await page.getByRole('button', { name: '1. Veli', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'SMS ile ödeme hatırlatması' });
    await dialog.getByText('Ödeme Uyarısı', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Mesaj').inputValue()).toContain('Ece Su adlı öğrencimizin');
    await dialog.getByText('Kalan SMS krediniz: 97').waitFor();
    await dialog.getByRole('button', { name: 'SMS Gönder' }).click();
    await toast('Toplam 1 SMS başarıyla gönderildi!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const sent = await until(
      async () => (await api().get('getSmsOutbox')).body as { type: string; dest: string; status: string }[],
      (rows) => rows.some((m) => m.type === 'debtWarning' && m.status === 'delivered'),
    );
    expect(sent.find((m) => m.type === 'debtWarning')).toMatchObject({ dest: '905331110002' });
  });
});
