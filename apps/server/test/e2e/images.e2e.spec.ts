import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { addCourse } from '../support/school-fixtures';
import { registrationForm, signUpOwner, type SignedIn } from '../support/test-server';

/** The pixel width the browser decoded for an image element (0 while not loaded or broken). */
const loadedWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const img = el as unknown as { complete: boolean; naturalWidth: number };
      return img.complete ? img.naturalWidth : 0;
    });

/**
 * Images in the browser (api.md 7.5, product.md 4 Image upload): an instructor added with a photo shows it in
 * the list through the 300x300 resizer; a logo uploaded on Ayarlar > Kurum Ayarları shows on /giris?org=.
 */
describe('images in the browser', () => {
  let env: BrowserEnv;
  let page: Page;
  let owner: SignedIn;
  const dataDir = mkdtempSync(join(tmpdir(), 'okul-media-e2e-'));
  const form = registrationForm();

  beforeAll(async () => {
    env = await startProduct({ DATA_DIR: dataDir });
    page = await env.browser.newPage({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    owner = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    await addCourse(env.server, owner, 'Resim');
  });
  afterAll(async () => {
    await env?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds an instructor with a photo, seen in the list', async () => {
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(form.email);
    await page.getByLabel('Şifre').fill(form.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.getByText('Giriş başarılı').waitFor();

    await page.getByRole('link', { name: 'Eğitmenler' }).click();
    await page.waitForURL('**/giris/egitmenler');
    await page.getByRole('button', { name: 'Yeni Eğitmen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^İsim/ }).fill('Ece');
    await dialog.getByRole('textbox', { name: /^Soyisim/ }).fill('Kaya');
    await dialog.getByRole('combobox', { name: /^Branşlar/ }).click();
    await page.getByRole('option', { name: 'Resim', exact: true }).click();
    await page.keyboard.press('Escape');
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Fotoğraf dosyası')
      .setInputFiles({ name: 'ece.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByText('Kaydedince yüklenecek: ece.png').waitFor();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('table', { name: 'Eğitmenler' }).getByRole('row', { name: /Ece Kaya/ });
    const img = row.getByRole('img', { name: 'Ece Kaya' });
    await img.waitFor();
    const src = (await img.getAttribute('src')) ?? '';
    expect(src).toMatch(
      new RegExp(
        `^/media/orgs/${owner.organizationId}/instructors/[0-9a-f-]+/avatar\\.jpg\\?v=\\d+&tr=w-300,h-300,fo-face$`,
      ),
    );
    // api.md 7.5: the list shows the 300x300 avatar the resizer made.
    await expect.poll(() => loadedWidth(page, `img[alt="Ece Kaya"]`)).toBe(300);
  });

  it('uploads a logo on Ayarlar and shows it on /giris?org=', async () => {
    await page.getByRole('link', { name: 'Ayarlar', exact: true }).click();
    await page.getByRole('heading', { name: 'Ayarlar', exact: true }).waitFor();
    const logo = await sharp({
      create: { width: 240, height: 80, channels: 4, background: { r: 250, g: 180, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const logos = page.getByRole('group', { name: 'Logo', exact: true });
    await logos.getByLabel('Logo dosyası', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo,
    });
    await logos.getByText('Yüklendi').waitFor();
    await logos.getByRole('img', { name: 'Logo' }).waitFor();

    // Signed out, in a fresh browser context
    const visitor = await env.browser.newPage({ locale: 'tr-TR' });
    await visitor.goto(`${env.baseUrl}/giris?org=${owner.organizationId}`);
    const shown = visitor.getByRole('img', { name: 'Kurum logosu' });
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toMatch(
      new RegExp(`^/media/orgs/${owner.organizationId}/logos/logo\\.png\\?v=\\d+$`),
    );
    await expect.poll(() => loadedWidth(visitor, 'img[alt="Kurum logosu"]')).toBe(240);
    await visitor.close();
  });
});
