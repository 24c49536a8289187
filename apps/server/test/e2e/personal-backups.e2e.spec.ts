import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { seedGlobalUser } from '../support/seed-users';
import { signUpOwner, type SignedIn } from '../support/test-server';

/**
 * product.md 4: a personal membership waits for a developer's verification on /odeme, and the developer
 * approves it from the organisation picker. Ayarlar's backup cards: the school-admin downloads the
 * organisation backup; the full database card is the global admin's only.
 */
describe('personal verification and the backup cards in the browser', () => {
  let env: BrowserEnv;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    env = await startProduct();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await env.browser.newContext({ locale: 'tr-TR', acceptDownloads: true });
    contexts.push(context);
    return context.newPage();
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre').fill(password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();
  }

  const organizationName = async (s: SignedIn) =>
    (await request(env.server.http).get('/api/v1/getOrganizations').set(s.auth)).body[0].organization
      .name as string;

  it('the owner of a personal membership waits; a developer approves it from the picker; then the owner may pay', async () => {
    const owner = await signUpOwner(env.server.http, { companyType: 'none', vkn: '' }, { pay: false });
    const orgName = await organizationName(owner);

    const ownerPage = await newPage();
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.goto(`${env.baseUrl}/odeme`);
    await ownerPage.getByText('Üyeliğiniz doğrulama bekliyor').waitFor();
    expect(await ownerPage.getByRole('button', { name: 'ÖDEMEYE GEÇ' }).count()).toBe(0);
    expect(await ownerPage.getByRole('button', { name: 'MOCK PAYMENT (TEST)' }).count()).toBe(0);

    const developer = await seedGlobalUser(env.server, 1);
    const devPage = await newPage();
    await signIn(devPage, developer.email, developer.password);
    await devPage.getByRole('heading', { name: 'Kurum Seçimi' }).waitFor();
    await devPage.getByLabel('Kurum ara').fill(orgName);
    await devPage.getByRole('option', { name: new RegExp(orgName) }).click();
    const verification = devPage.getByRole('group', { name: `${orgName} üyelik doğrulaması` });
    await verification.getByText('Doğrulama bekliyor').waitFor();
    await verification.getByRole('button', { name: 'Onayla' }).click();
    await devPage.getByText('Kurum doğrulaması onaylandı.').waitFor();
    // Nothing is left to decide: the control leaves the picker.
    await verification.waitFor({ state: 'detached' });

    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'ÖDEMEYE GEÇ' }).waitFor();
    expect(await ownerPage.getByText('Üyeliğiniz doğrulama bekliyor').count()).toBe(0);
  });

  it('a refused membership shows its reason to the owner', async () => {
    const owner = await signUpOwner(env.server.http, { companyType: 'none', vkn: '' }, { pay: false });
    const orgName = await organizationName(owner);
    const developer = await seedGlobalUser(env.server, 1);
    const devPage = await newPage();
    await signIn(devPage, developer.email, developer.password);
    await devPage.getByLabel('Kurum ara').fill(orgName);
    await devPage.getByRole('option', { name: new RegExp(orgName) }).click();
    const verification = devPage.getByRole('group', { name: `${orgName} üyelik doğrulaması` });
    await verification.getByRole('button', { name: 'Reddet' }).click();
    const dialog = devPage.getByRole('dialog');
    await dialog.getByLabel('Ret gerekçesi').fill('Kimlik belgesi okunamadı');
    await dialog.getByRole('button', { name: 'Reddet' }).click();
    await devPage.getByText('Kurum doğrulaması reddedildi.').waitFor();
    await verification.getByText('Gerekçe: Kimlik belgesi okunamadı').waitFor();

    const ownerPage = await newPage();
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.goto(`${env.baseUrl}/odeme`);
    await ownerPage.getByText('Üyelik başvurunuz onaylanmadı').waitFor();
    await ownerPage
      .getByText('Kurumunuzun doğrulaması reddedildi, ödeme yapılamaz. Gerekçe: Kimlik belgesi okunamadı')
      .waitFor();
  });

  it('Ayarlar: the school-admin downloads the organisation backup; the full backup card is the admin’s only', async () => {
    const owner = await signUpOwner(env.server.http);
    const page = await newPage();
    await signIn(page, owner.email, owner.password);
    await page.waitForURL('**/giris/anasayfa');
    await page.goto(`${env.baseUrl}/giris/ayarlar`);
    const card = page.getByRole('region', { name: 'Kurum Yedeği' });
    await card.waitFor();
    expect(await page.getByRole('button', { name: 'Tam Yedek İndir' }).count()).toBe(0);
    expect(await card.getByText('Yedek yükle (geliştirici)').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Kurum Yedeğini İndir' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kurum-yedegi-[\d-]+\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(manifest.organizationId).toBe(owner.organizationId);
    expect(strFromU8(files['events.jsonl'])).not.toContain('$argon2');

    // The global admin sees the full backup card, and the organisation backup just taken in its logs.
    const admin = await seedGlobalUser(env.server, 0);
    const adminPage = await newPage();
    await signIn(adminPage, admin.email, admin.password);
    const orgName = await organizationName(owner);
    await adminPage.getByRole('heading', { name: 'Kurum Seçimi' }).waitFor();
    await adminPage.getByLabel('Kurum ara').fill(orgName);
    await adminPage.getByRole('option', { name: new RegExp(orgName) }).click();
    await adminPage.getByRole('button', { name: 'Kurumu Aç' }).click();
    await adminPage.waitForURL('**/giris/anasayfa');
    await adminPage.goto(`${env.baseUrl}/giris/ayarlar`);
    const full = adminPage.getByRole('region', { name: 'Yedekleme' });
    await full.getByRole('button', { name: 'Tam Yedek İndir' }).waitFor();
    await full.getByRole('button', { name: 'Yedek Kayıtları' }).click();
    const logs = full.getByRole('table', { name: 'Yedek kayıtları' });
    await logs.getByText(`Kurum: ${orgName}`).waitFor({ timeout: 10_000 });
    await logs.getByText(download.suggestedFilename()).waitFor();
  });
});
