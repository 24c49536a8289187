import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { lastMail, registrationForm } from '../support/test-server';

/**
 * The registration journey (product.md 2 and 4, registration flow): landing page -> /kayit -> e-mail link ->
 * /odeme -> the test checkout in a new tab -> /mock3ds FINALIZE -> the panel, with the client's own checks
 * refusing bad input on the way.
 */
describe('institution registration in the browser', () => {
  let env: BrowserEnv;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    env = await startProduct();
    context = await env.browser.newContext({ locale: 'tr-TR' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Links in mails and on the test checkout page use PUBLIC_URL; the product under test is elsewhere. */
  const local = (link: string) => {
    const url = new URL(link);
    return `${env.baseUrl}${url.pathname}${url.search}`;
  };
  const toast = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
  /** How a plan card is drawn: its border, background and shadow (the card around the radio). */
  const cardLook = (radio: Locator) =>
    radio.evaluate((el) => {
      // runs in the page: the server's types know no DOM
      type Look = Record<
        'borderTopWidth' | 'borderTopColor' | 'backgroundColor' | 'backgroundImage' | 'boxShadow',
        string
      >;
      const page = globalThis as unknown as { getComputedStyle(node: unknown): Look };
      const s = page.getComputedStyle(el.closest('.MuiCard-root') ?? el);
      return {
        borderWidth: s.borderTopWidth,
        borderColor: s.borderTopColor,
        background: `${s.backgroundColor} ${s.backgroundImage}`,
        shadow: s.boxShadow,
      };
    });

  it('registers, verifies the e-mail, pays with the test checkout and lands in the panel', async () => {
    const form = registrationForm();

    // landing page: the four plan cards, the 12-month one with its discount (4000 vs 4 800 TL: %17)
    await page.goto(`${env.baseUrl}/`);
    const plans = page.getByRole('region', { name: 'Abonelik seçenekleri' });
    for (const [name, price] of [
      ['1 Aylık', '400 TL'],
      ['3 Aylık', '1.100 TL'],
      ['6 Aylık', '2.100 TL'],
      ['12 Aylık', '4.000 TL'],
    ]) {
      await plans.getByRole('heading', { name, exact: true }).waitFor();
      await plans.getByText(price, { exact: true }).waitFor();
    }
    await plans.getByText('%17 indirim').waitFor();
    await plans.getByText('En avantajlı').waitFor();
    await page.getByText('Bu sayfa bir test ve önizleme sayfasıdır', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'Hemen Kayıt Ol' }).click();
    await page.waitForURL(`${env.baseUrl}/kayit`);
    await page.getByRole('heading', { name: 'Kurum Kayıt' }).waitFor();

    // bad input is refused before anything is sent (product.md 5)
    const tckn = page.getByRole('textbox', { name: 'TC Kimlik No' });
    await tckn.fill('12345678901');
    await page.getByText('Geçersiz TCKN', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'KAYIT OL' }).click();
    await toast(page, 'Lütfen tüm alanları doldurun.');

    await page.getByRole('textbox', { name: 'İsim' }).fill(form.name);
    await page.getByRole('textbox', { name: 'Soyisim' }).fill(form.surname);
    await page.getByRole('textbox', { name: 'E-posta' }).fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    // employeeCount and the phone keep digits only
    await page
      .getByRole('textbox', { name: 'Telefon' })
      .fill(`(${form.phone.slice(0, 3)}) ${form.phone.slice(3)}`);
    expect(await page.getByRole('textbox', { name: 'Telefon' }).inputValue()).toBe(form.phone);
    await tckn.fill(form.tckn);
    expect(await page.getByText('Geçersiz TCKN', { exact: true }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Kurum Adı' }).fill(form.organizationName);
    await page.getByRole('textbox', { name: 'Kurum Türü' }).fill('Müzik okulu');
    await page.getByRole('textbox', { name: 'Kurum Adresi' }).fill(form.organizationAddress);
    await page.getByRole('combobox', { name: 'Şirket Türü' }).click();
    await page.getByRole('option', { name: 'Limited Şirket' }).click();
    const employees = page.getByRole('textbox', { name: 'Çalışan Sayısı' });
    await employees.fill('12 kişi');
    expect(await employees.inputValue()).toBe('12');
    const vkn = page.getByRole('textbox', { name: 'Vergi Kimlik No (VKN)' });
    await vkn.fill('1234567891');
    await page.getByText('Geçersiz VKN', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'KAYIT OL' }).click();
    await toast(page, 'Geçerli bir VKN giriniz.');
    await vkn.fill(form.vkn);

    // both boxes must be ticked, the legal one first
    await page.getByRole('button', { name: 'KAYIT OL' }).click();
    await toast(page, 'Yasal koşulları kabul etmelisiniz.');
    await page.getByRole('checkbox', { name: /yasal koşulları kabul ediyorum/ }).check();
    await page.getByRole('button', { name: 'KAYIT OL' }).click();
    await toast(page, 'İletişim izni kabul etmelisiniz.');
    await page.getByRole('checkbox', { name: /bilgilendirmelerin/ }).check();
    await page.getByRole('button', { name: 'KAYIT OL' }).click();
    await toast(page, 'Kayıt başarılı! Lütfen mail adresinizi kontrol edin');

    // signed in with an unverified e-mail: the verification panel replaces the form
    await page.getByRole('heading', { name: 'E-posta adresinizi doğrulayın' }).waitFor();
    await page.getByText(form.email, { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'KAYIT OL' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Doğrulama E-postasını Tekrar Gönder' }).click();
    await toast(page, `Doğrulama bağlantısı ${form.email} adresine gönderildi.`);

    // the newest link of the mail verifies the address; the gating then moves on to payment
    const mail = lastMail(env.server, form.email, 'verify');
    const link = mail.links.find((l) => l.includes('/giris/verify?'))!;
    await page.goto(local(link));
    await page.getByRole('heading', { name: 'E-posta adresiniz doğrulandı' }).waitFor();
    await page.waitForURL(`${env.baseUrl}/odeme`, { timeout: 15_000 });

    await page.getByRole('heading', { name: 'Ödeme' }).waitFor();
    await page.getByText(`${form.name} ${form.surname}`).waitFor();
    await page.getByText('Henüz bir abonelik seçilmedi.').waitFor();
    const mock = page.getByRole('button', { name: 'MOCK PAYMENT (TEST)' });
    expect(await mock.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'ÖDEMEYE GEÇ' }).isDisabled()).toBe(true);

    // nothing chosen: no card is checked, and the 12-month card (highlighted by its chip only) is drawn
    // exactly like the others, so it does not look chosen
    for (const radio of await page.getByRole('radio').all())
      expect(await radio.getAttribute('aria-checked')).toBe('false');
    const twelve = page.getByRole('radio', { name: /^12 Aylık/ });
    const one = page.getByRole('radio', { name: /^1 Aylık/ });
    expect(await cardLook(twelve)).toEqual(await cardLook(one));
    expect(await cardLook(page.getByRole('radio', { name: /^6 Aylık/ }))).toEqual(await cardLook(one));

    await twelve.click();
    await page.getByText('12 Aylık abonelik: 4.000,00 TL').waitFor();
    expect(await twelve.getAttribute('aria-checked')).toBe('true');
    // once chosen it does look chosen, and the look compared above is the one that shows it
    await expect.poll(async () => (await cardLook(twelve)).borderWidth).toBe('2px');
    expect(await cardLook(twelve)).not.toEqual(await cardLook(one));
    expect(await mock.isDisabled()).toBe(false);
    // no POSNET terminal is configured here: the real checkout answers its error in the toast of api.md 8.7
    await page.getByRole('button', { name: 'ÖDEMEYE GEÇ' }).click();
    await page
      .getByText(/^Ödeme işlemi başarısız oldu: Kartla ödeme şu anda kullanılamıyor/)
      .first()
      .waitFor();
    expect(page.url()).toBe(`${env.baseUrl}/odeme`);

    // the test checkout opens in a new tab (api.md 7.4: html from a blob)
    const [tab] = await Promise.all([context.waitForEvent('page'), mock.click()]);
    const mock3dsLink = tab.locator('#mock3ds-link');
    await mock3dsLink.waitFor();
    await tab.goto(local((await mock3dsLink.getAttribute('href'))!));

    await tab.getByRole('heading', { name: 'Test Ödeme Dönüşü' }).waitFor();
    const returned = tab.getByRole('table', { name: 'Dönen parametreler' });
    for (const key of ['mid', 'posnetID', 'posnetData', 'digest', 'posnetData2', 'merchantReturnURL', 'lang'])
      await returned.getByRole('rowheader', { name: key, exact: true }).waitFor();
    const paymentQuery = new URL(tab.url()).search;

    // a made-up payment is refused with the finalize error toast
    await tab.goto(`${env.baseUrl}/mock3ds?posnetData=0b5e7c8a-1d2f-4a3b-9c4d-5e6f7a8b9c0d&digest=x`);
    await tab.getByRole('button', { name: 'FINALIZE' }).click();
    await toast(tab, 'Ödeme işlemi başarısız: Ödeme kaydı bulunamadı.');

    await tab.goto(`${env.baseUrl}/mock3ds${paymentQuery}`);
    await tab.getByRole('button', { name: 'FINALIZE' }).click();
    await toast(tab, 'Ödeme işlemi başarılı. 3 saniye sonra giriş sayfasına yönlendirileceksiniz.');

    // active now: /giris takes the owner to the panel of the paid organisation
    await tab.waitForURL(`${env.baseUrl}/giris/anasayfa`, { timeout: 15_000 });
    await tab.getByRole('link', { name: 'Kurslar' }).first().waitFor();
    await tab.getByRole('link', { name: 'Kurslar' }).first().click();
    await tab.waitForURL(`${env.baseUrl}/giris/kurslar`);
    await tab.getByRole('button', { name: 'Yeni Kurs' }).waitFor();

    // the bank's success return: toast and icon, then /giris after 3 s; without a token straight to /giris
    await tab.goto(
      `${env.baseUrl}/odeme-basarili?token=${new URLSearchParams(paymentQuery).get('posnetData')}`,
    );
    await toast(tab, 'Ödemeniz alındı. 3 saniye sonra giriş sayfasına yönlendirileceksiniz.');
    await tab.getByRole('heading', { name: 'Ödemeniz alındı' }).waitFor();
    await tab.waitForURL(`${env.baseUrl}/giris/anasayfa`, { timeout: 15_000 });
    await tab.goto(`${env.baseUrl}/odeme-basarili`);
    await tab.waitForURL(`${env.baseUrl}/giris/anasayfa`);

    // an active user never stays on the registration or payment pages
    await tab.goto(`${env.baseUrl}/odeme`);
    await tab.waitForURL(/\/giris\//);
    await tab.goto(`${env.baseUrl}/kayit`);
    await tab.waitForURL(/\/giris\//);
  });

  it('answers a bad verification link with the error state and a link without a token with /', async () => {
    const p = await context.newPage();
    await p.goto(`${env.baseUrl}/giris/verify?email=nobody%40example.com&token=wrong-token`);
    await p.getByRole('heading', { name: 'Email adresiniz doğrulanamadı.' }).waitFor();
    await p.getByText(/süresi dolmuş ya da e-posta adresiniz zaten doğrulanmış/).waitFor();
    await p.goto(`${env.baseUrl}/giris/verify?email=nobody%40example.com`);
    await p.waitForURL(`${env.baseUrl}/`);
    await p.close();
  });

  it('opens the footer documents in a modal with company details and closes it with Kapat', async () => {
    const p = await env.browser.newPage({ locale: 'tr-TR' });
    await p.goto(`${env.baseUrl}/`);
    const footer = p.getByRole('navigation', { name: 'Yasal bilgiler' });
    for (const title of [
      'Gizlilik Politikası',
      'Mesafeli Satış Sözleşmesi',
      'Teslimat-İade Şartları',
      'Hakkımızda',
      'İletişim',
    ]) {
      await footer.getByRole('button', { name: title }).click();
      const dialog = p.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Kapat' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await footer.getByRole('button', { name: 'Gizlilik Politikası' }).click();
    await p.getByRole('dialog').getByText('KVKK 11. madde kapsamındaki haklarınız').waitFor();
    await p.getByRole('dialog').getByRole('button', { name: 'Kapat' }).click();
    await footer.getByRole('button', { name: 'İletişim' }).click();
    await p.getByRole('dialog').getByRole('rowheader', { name: 'MERSİS numarası' }).waitFor();
    expect(await p.getByText(`© ${new Date().getFullYear()}`, { exact: false }).count()).toBe(1);
    await p.close();
  });
});
