import type { BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { seedGlobalUser } from '../support/seed-users';
import { lastMail, registrationForm, signUpOwner, waitForMail, type SignedIn } from '../support/test-server';

/**
 * The staff and account screens in the browser: Kullanıcılar (invite, list, edit), the invitation link
 * (/giris/invite), what the invited role sees, Gelen Kutusu with an invitation to a second organisation
 * and the organisation picker, Ayarlar (sessions, name), and the password reset link (/giris/reset).
 */
describe('staff invitation and account screens in the browser', () => {
  let env: BrowserEnv;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    env = await startProduct();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A fresh browser profile (its own local storage and cookies), so two people can be signed in at once. */
  async function newPage(): Promise<Page> {
    const context = await env.browser.newContext({ locale: 'tr-TR' });
    contexts.push(context);
    return context.newPage();
  }

  /** The mailed link, opened against this test's server (the mail names PUBLIC_URL). */
  function localLink(link: string): string {
    const url = new URL(link);
    return `${env.baseUrl}${url.pathname}${url.search}`;
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre').fill(password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();
  }

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Panel menüsü' });

  async function owner(): Promise<SignedIn> {
    const form = registrationForm();
    return signUpOwner(env.server.http, { email: form.email, password: form.password });
  }

  it('an owner invites an instructor, who sets a password and sees only what the role allows', async () => {
    const boss = await owner();
    const page = await newPage();
    await signIn(page, boss.email, boss.password);
    await page.waitForURL('**/giris/anasayfa');

    await menu(page).getByRole('link', { name: 'Kullanıcılar' }).click();
    await page.getByRole('heading', { name: 'Kullanıcılar (1)' }).waitFor();
    const users = page.getByRole('table', { name: 'Kullanıcılar' });
    // product.md 6: the school-owner's row is fixed
    await users.getByRole('row').filter({ hasText: boss.email }).getByText('Sabit').waitFor();
    expect(await users.getByRole('button', { name: `${boss.email} kullanıcısını düzenle` }).count()).toBe(0);

    const invitee = registrationForm().email;
    const form = page.getByRole('form', { name: 'Kullanıcı davet et' });
    await form.getByLabel('E-posta').fill(invitee);
    await form.getByLabel('İsim').fill('Ece Eğitmen');
    // product.md 5: a role is required; nothing is sent without it
    await form.getByRole('button', { name: 'Davet Gönder' }).click();
    await form.getByText('Rol seçilmelidir.').waitFor();
    await form.getByRole('combobox', { name: 'Rol' }).click();
    const offered = await page.getByRole('option').allInnerTexts();
    expect(offered).toEqual(['Kurum Yöneticisi', 'Personel', 'Eğitmen', 'Öğrenci']);
    await page.getByRole('option', { name: 'Eğitmen' }).click();
    await form.getByRole('button', { name: 'Davet Gönder' }).click();
    await page.getByText(`Davet e-postası ${invitee} adresine gönderildi`).waitFor();
    await page.getByRole('heading', { name: 'Kullanıcılar (1)' }).waitFor();

    // the invitee opens the mailed link in their own browser
    const mail = lastMail(env.server.http, invitee, 'invite');
    const guest = await newPage();
    await guest.goto(localLink(mail.links[0]));
    await guest.getByRole('heading', { name: 'Üyelik Daveti' }).waitFor();
    await guest.getByLabel('Yeni şifre', { exact: true }).fill('egitmen-sifre-1');
    await guest.getByLabel('Yeni şifre (tekrar)').fill('egitmen-sifre-2');
    await guest.getByRole('button', { name: 'Daveti Kabul Et' }).click();
    await guest.getByText('Şifreler eşleşmiyor!').waitFor();
    await guest.getByLabel('Yeni şifre (tekrar)').fill('egitmen-sifre-1');
    await guest.getByRole('button', { name: 'Daveti Kabul Et' }).click();
    await guest.getByText('Davetiniz kabul edildi.').waitFor();
    // api.md 9.4: on to the login page after 5 s
    await guest.waitForURL(`${env.baseUrl}/giris`, { timeout: 15_000 });

    await signIn(guest, invitee, 'egitmen-sifre-1');
    await guest.waitForURL('**/giris/anasayfa');
    const links = await menu(guest).getByRole('link').allInnerTexts();
    const labels = links.map((l) => l.replace(/\d+/g, '').trim());
    expect(labels).toEqual(expect.arrayContaining(['Ana Sayfa', 'Gelen Kutusu', 'Ayarlar']));
    for (const hidden of ['Kurslar', 'Kullanıcılar', 'İşlem Dökümü']) expect(labels).not.toContain(hidden);
    await guest.getByText('Eğitmen', { exact: true }).first().waitFor();
    // a page above the role is not reachable by its address either
    await guest.goto(`${env.baseUrl}/giris/kurslar`);
    await guest.waitForURL('**/giris/anasayfa');
    expect(await guest.getByRole('button', { name: 'Yeni Kurs' }).count()).toBe(0);
    await guest.goto(`${env.baseUrl}/giris/kullanicilar`);
    await guest.waitForURL('**/giris/anasayfa');

    // the owner sees the new member, and changes the role through the edit dialog
    await page.reload();
    await page.getByRole('heading', { name: 'Kullanıcılar (2)' }).waitFor();
    const row = users.getByRole('row').filter({ hasText: invitee });
    await row.getByText('Eğitmen', { exact: true }).waitFor();
    await row.getByText('Ece Eğitmen').waitFor();
    await users.getByRole('button', { name: `${invitee} kullanıcısını düzenle` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Personel' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Personel', { exact: true }).waitFor();

    // removing the member (the int tests prove their open sessions lose the organisation at once)
    await users.getByRole('button', { name: `${invitee} kullanıcısını kurumdan çıkar` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Çıkar' }).click();
    await page.getByText('Kullanıcı kurumdan çıkarıldı').waitFor();
    await page.getByRole('heading', { name: 'Kullanıcılar (1)' }).waitFor();
  });

  it('an existing user accepts an invitation in Gelen Kutusu and picks between two organisations', async () => {
    const [inviter, member] = await Promise.all([owner(), owner()]);
    const inviterOrg = (await request(env.server.http).get('/api/v1/getOrganizations').set(inviter.auth))
      .body[0].organization.name as string;
    const sent = await request(env.server.http)
      .post(`/api/v1/orgs/${inviter.organizationId}/inviteUser`)
      .set(inviter.auth)
      .send({ email: member.email, name: '', orgId: inviter.organizationId, orgRoleId: 4 });
    expect(sent.body).toMatchObject({ success: true, delivery: 'inbox' });

    const page = await newPage();
    await signIn(page, member.email, member.password);
    await page.waitForURL('**/giris/anasayfa');
    // the menu item carries the unread count
    const inboxLink = menu(page).getByRole('link', { name: /Gelen Kutusu/ });
    await expect.poll(async () => (await inboxLink.innerText()).replace(/\D/g, '')).not.toBe('');
    await inboxLink.click();
    const title = page.getByRole('heading', { name: /^Gelen Kutusu \(\d+ okunmamış\)$/ });
    const unread = Number(/\((\d+) /.exec(await title.innerText())?.[1]);
    expect(unread).toBeGreaterThanOrEqual(2);

    // opening an unread message marks it read (product.md 4)
    await page.getByRole('tab', { name: /Mesajlar/ }).click();
    await page.getByText("KursPanel'e hoş geldiniz", { exact: true }).click();
    await page.getByRole('heading', { name: `Gelen Kutusu (${unread - 1} okunmamış)` }).waitFor();

    await page.getByRole('tab', { name: /Davetler/ }).click();
    await page.getByText(`Kurum daveti: ${inviterOrg}`).waitFor();
    await page.getByRole('button', { name: 'Kabul Et' }).click();
    await page.getByText('Davet cevabınız gönderildi').waitFor();
    await page.getByText(/^Kabul edildi · \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    expect(await page.getByRole('button', { name: 'Kabul Et' }).count()).toBe(0);

    // product.md 2: with two organisations the picker lists both
    await menu(page).getByRole('button', { name: 'Kurum Değiştir' }).click();
    await page.getByRole('heading', { name: 'Kurum Seçimi' }).waitFor();
    const choices = page.getByRole('list').getByRole('button');
    expect(await choices.count()).toBe(2);
    await choices.filter({ hasText: inviterOrg }).getByText('Personel').waitFor();
    await choices.filter({ hasText: inviterOrg }).click();
    await page.waitForURL('**/giris/anasayfa');
    await page.getByRole('banner').getByText(inviterOrg).waitFor();
    await page.getByRole('banner').getByText('Personel').waitFor();
  });

  it('Ayarlar lists two sessions, ends the other one, and changes the name', async () => {
    const me = await owner();
    const page = await newPage();
    await signIn(page, me.email, me.password);
    await page.waitForURL('**/giris/anasayfa');
    await menu(page).getByRole('link', { name: 'Ayarlar' }).click();
    await page.getByRole('heading', { name: 'Ayarlar', exact: true }).waitFor();

    // the API login of signUpOwner is the other session
    const sessions = page.getByRole('table', { name: 'Oturumlar' });
    await sessions.getByText('Bu oturum').waitFor();
    expect(await sessions.getByRole('row').count()).toBe(3);
    expect((await request(env.server.http).get('/api/v1/getProfile').set(me.auth)).status).toBe(200);
    await sessions.getByRole('button', { name: /oturumunu sonlandır$/ }).click();
    await page.getByRole('dialog').getByLabel('Mevcut Şifre').fill(me.password);
    await page.getByRole('dialog').getByRole('button', { name: 'Sonlandır' }).click();
    await page.getByText('Oturum sonlandırıldı').waitFor();
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2);
    expect((await request(env.server.http).get('/api/v1/getProfile').set(me.auth)).status).toBe(401);

    const nameForm = page.getByRole('region', { name: 'İsim Değiştir' });
    const rename = nameForm.getByRole('button', { name: 'İsmi Güncelle' });
    expect(await rename.isDisabled()).toBe(true);
    await nameForm.getByLabel('İsim').fill('x'.repeat(51));
    expect(await nameForm.getByLabel('İsim').inputValue()).toHaveLength(50);
    await nameForm.getByLabel('İsim').fill('Fatma Demir');
    await rename.click();
    await page.getByText('İsminiz güncellendi').waitFor();
    await menu(page).getByText('Fatma Demir').waitFor();

    // password change: the confirmation must match (product.md 5 Account)
    const passwordForm = page.getByRole('region', { name: 'Şifre Değiştir' });
    await passwordForm.getByLabel('Mevcut şifre').fill(me.password);
    await passwordForm.getByLabel('Yeni şifre', { exact: true }).fill('yeni-sifre-1');
    await passwordForm.getByLabel('Yeni şifre (tekrar)').fill('yeni-sifre-2');
    await passwordForm.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await passwordForm.getByText('Şifreler eşleşmiyor.').waitFor();

    // a new e-mail needs the current password too (an open session alone must not move the account)
    const emailForm = page.getByRole('region', { name: 'E-posta Değiştir' });
    await emailForm.getByLabel('E-posta').fill(`yeni-${me.email}`);
    await emailForm.getByRole('button', { name: 'E-postayı Güncelle' }).click();
    await emailForm.getByText('Mevcut şifrenizi girin.').waitFor();
    await emailForm.getByLabel('Mevcut şifre').fill('yanlis-sifre');
    await emailForm.getByRole('button', { name: 'E-postayı Güncelle' }).click();
    await page.getByText('Mevcut şifreniz hatalı.', { exact: false }).first().waitFor();

    // ending the current session logs out
    await sessions.getByRole('button', { name: 'Bu oturumu sonlandır' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sonlandır' }).click();
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).waitFor();
  });

  it('the reset link sets a new password and goes to login after 2 s; a link without token goes to /', async () => {
    const me = await owner();
    const page = await newPage();
    await page.goto(`${env.baseUrl}/giris/reset?email=${encodeURIComponent(me.email)}`);
    await page.waitForURL(`${env.baseUrl}/`);

    const asked = await request(env.server.http)
      .post('/api/v1/requestResetPassword')
      .send({ email: me.email });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(env.server.http, me.email, 'reset');
    await page.goto(localLink(mail.links[0]));
    await page.getByRole('heading', { name: 'Şifre Sıfırlama' }).waitFor();
    await page.getByLabel('Yeni şifre', { exact: true }).fill('sifirlanan-1');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await page.getByText('Şifreler eşleşmiyor!').waitFor();
    await page.getByLabel('Yeni şifre (tekrar)').fill('sifirlanan-1');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await page.getByText('Şifreniz güncellendi. 2 saniye sonra').waitFor();
    await page.waitForURL(`${env.baseUrl}/giris`, { timeout: 10_000 });
    await signIn(page, me.email, 'sifirlanan-1');
    await page.waitForURL('**/giris/anasayfa');
  });

  it('a developer closes an organisation from the picker of all organisations and opens it again in Ayarlar', async () => {
    const boss = await owner();
    const orgName = (await request(env.server.http).get('/api/v1/getOrganizations').set(boss.auth)).body[0]
      .organization.name as string;
    const rename = (name: string) =>
      request(env.server.http)
        .post(`/api/v1/orgs/${boss.organizationId}/editOrganization`)
        .set(boss.auth)
        .send({ name });
    const developer = await seedGlobalUser(env.server, 1);

    const page = await newPage();
    await signIn(page, developer.email, developer.password);
    // product.md 2: a developer without an organisation of their own picks among all of them
    await page.getByRole('heading', { name: 'Kurum Seçimi' }).waitFor();
    await page.getByLabel('Kurum ara').fill(orgName);
    await page.getByRole('option', { name: new RegExp(orgName) }).click();
    const access = page.getByRole('group', { name: `${orgName} kurum erişimi` });
    await access.getByText('Erişime açık').waitFor();
    await access.getByRole('button', { name: 'Erişime Kapat' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Erişime Kapat' }).click();
    await page.getByText('Kurum erişime kapatıldı').waitFor();
    await access.getByText('Erişime kapalı').waitFor();

    // the server refuses the owner's writes while the organisation is closed
    const refused = await rename('Kapalıyken');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Kurum erişime kapatılmış.', code: 'org.deactivated' });

    // Every address the page goes through from here (same-document navigations included).
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Kurumu Aç' }).click();
    await page.waitForURL('**/giris/anasayfa');
    // Ayarlar opened at once stays open: opening an organisation navigates once (useAuthActions.ts), so no
    // later navigation takes the user back to Ana Sayfa.
    await menu(page).getByRole('link', { name: 'Ayarlar' }).click();
    const settings = page.getByRole('region', { name: 'Kurum Ayarları' });
    const inSettings = settings.getByRole('group', { name: `${orgName} kurum erişimi` });
    await inSettings.getByText('Erişime kapalı').waitFor();
    await page.waitForTimeout(1_000);
    // Ana Sayfa once, then Ayarlar (it used to go to /giris and Ana Sayfa a second time meanwhile).
    expect(addresses).toEqual(['/giris/anasayfa', '/giris/ayarlar']);
    // the panel says why changes are refused
    const closedNotice = page.getByText('Kurum erişime kapatılmış. Verileri görüntüleyebilirsiniz');
    await closedNotice.waitFor();
    await inSettings.getByRole('button', { name: 'Erişime Aç' }).click();
    await page.getByText('Kurum erişime açıldı').waitFor();
    await inSettings.getByText('Erişime açık').waitFor();
    await closedNotice.waitFor({ state: 'detached' });
    expect((await rename('Yeniden Açık Kurs')).status).toBe(200);
  });
});
