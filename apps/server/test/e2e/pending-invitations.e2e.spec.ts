import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type BrowserEnv } from '../support/browser';
import { lastMail, registrationForm, signUpOwner } from '../support/test-server';

/**
 * Kullanıcılar's Bekleyen davetler: an invitation appears there once sent, is sent again (a new link) and
 * revoked behind a confirmation; it is then gone, and its link says it was revoked.
 */
describe('pending invitations in the browser', () => {
  let env: BrowserEnv;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    env = await startProduct();
  });
  afterAll(async () => {
    await env?.close();
  });

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

  it('invites, sees the invitation pending, sends it again, revokes it, and it is gone', async () => {
    const form = registrationForm();
    const boss = await signUpOwner(env.server.http, { email: form.email, password: form.password });
    const page = await newPage();
    await page.goto(`${env.baseUrl}/giris`);
    await page.getByLabel('E-posta').fill(boss.email);
    await page.getByLabel('Şifre').fill(boss.password);
    await page.getByRole('button', { name: 'GİRİŞ YAP' }).click();
    await page.waitForURL('**/giris/anasayfa');
    await page
      .getByRole('navigation', { name: 'Panel menüsü' })
      .getByRole('link', { name: 'Kullanıcılar' })
      .click();
    await page.getByRole('heading', { name: 'Bekleyen davetler (0)' }).waitFor();
    const table = page.getByRole('table', { name: 'Bekleyen davetler' });
    await table.getByText('Yanıt bekleyen davet yok.').waitFor();

    const invitee = registrationForm().email;
    const invite = page.getByRole('form', { name: 'Kullanıcı davet et' });
    await invite.getByLabel('E-posta').fill(invitee);
    await invite.getByLabel('İsim').fill('Bora Bekler');
    await invite.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Personel' }).click();
    await invite.getByRole('button', { name: 'Davet Gönder' }).click();
    await page.getByText(`Davet e-postası ${invitee} adresine gönderildi`).waitFor();

    // pending: who, with which role, until when
    await page.getByRole('heading', { name: 'Bekleyen davetler (1)' }).waitFor();
    const row = table.getByRole('row').filter({ hasText: invitee });
    await row.getByText('Bora Bekler').waitFor();
    await row.getByText('Personel', { exact: true }).waitFor();
    await row.getByText(/tarihine kadar$/).waitFor();
    // the members list does not count the invitation
    await page.getByRole('heading', { name: 'Kullanıcılar (1)' }).waitFor();

    // sent again: a new link in a new mail
    const first = lastMail(env.server.http, invitee, 'invite');
    await row.getByRole('button', { name: 'Yeniden gönder' }).click();
    await page.getByText(`Davet e-postası ${invitee} adresine yeniden gönderildi.`).waitFor();
    await expect.poll(() => lastMail(env.server.http, invitee, 'invite').token).not.toBe(first.token);
    const second = lastMail(env.server.http, invitee, 'invite');

    // revoked behind a confirmation; cancelling keeps it
    await row.getByRole('button', { name: 'İptal et' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daveti iptal et' });
    await dialog.getByText(invitee).waitFor();
    await dialog.getByRole('button', { name: 'İptal', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();
    await row.getByRole('button', { name: 'İptal et' }).click();
    await dialog.getByRole('button', { name: 'İptal et' }).click();
    await page.getByText('Davet iptal edildi').waitFor();
    await page.getByRole('heading', { name: 'Bekleyen davetler (0)' }).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Bekleyen davetler (0)' }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: invitee }).count()).toBe(0);

    // the revoked invitation's link says so
    const guest = await newPage();
    await guest.goto(localLink(second.links[0]));
    await guest.getByRole('heading', { name: 'Üyelik Daveti' }).waitFor();
    await guest.getByLabel('Yeni şifre', { exact: true }).fill('bekleyen-sifre-1');
    await guest.getByLabel('Yeni şifre (tekrar)').fill('bekleyen-sifre-1');
    await guest.getByRole('button', { name: 'Daveti Kabul Et' }).click();
    await guest.getByText('Bu davet kurum tarafından iptal edilmiş.', { exact: false }).waitFor();
  });
});
