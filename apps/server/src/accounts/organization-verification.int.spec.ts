import { ROLES, logSentence } from '@okul/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGlobalUser } from '../../test/support/seed-users';
import {
  payWithMock,
  sentMails,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
let developer: SignedIn;
let admin: SignedIn;
let company: SignedIn;
const org = (s: SignedIn, call: string) => `/api/v1/orgs/${s.organizationId}/${call}`;
const personalOwner = () =>
  signUpOwner(t.http, { companyType: 'none', vkn: '' }, { verify: true, pay: false });

const organizationOf = async (s: SignedIn) => {
  const r = await request(t.http).get('/api/v1/getOrganizations').set(s.auth);
  expect(r.status).toBe(200);
  return r.body[0].organization as { verificationStatus: string; verificationReason: string | null };
};

const mockCheckout = (s: SignedIn) =>
  request(t.http)
    .post('/api/v1/payment/mock/initiate')
    .set(s.auth)
    .send({ checkoutItem: 'sub-1-month', organizationId: s.organizationId });

const mailsTo = (s: SignedIn) => sentMails(t).filter((m) => m.to === s.email);

beforeAll(async () => {
  t = await startTestServer({ PUBLIC_URL: 'https://kurspanel.test' });
  [developer, admin, company] = await Promise.all([
    seedGlobalUser(t, ROLES.developer),
    seedGlobalUser(t, ROLES.admin),
    signUpOwner(t.http),
  ]);
}, 120_000);
afterAll(async () => t?.close());

describe('personal memberships are verified manually (product.md 4)', () => {
  it('waits in "doğrulama bekliyor" after registration, and no checkout starts meanwhile', async () => {
    const owner = await personalOwner();
    expect(await organizationOf(owner)).toMatchObject({
      verificationStatus: 'pending',
      verificationReason: null,
    });
    const r = await mockCheckout(owner);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: 'checkout.verificationPending',
      error:
        'Bireysel üyelikler ödeme öncesinde elle doğrulanır; kurumunuz doğrulama bekliyor. Doğrulama birkaç gün içinde tamamlanır ve size e-posta ile bildirilir.',
    });
    // An SMS package by card is refused the same way, before any provider is asked.
    const posnet = await request(t.http)
      .post('/api/v1/payment/posnet/initiate')
      .set(owner.auth)
      .send({ checkoutItem: 'sms-credits-100', organizationId: owner.organizationId });
    expect(posnet.body.code).toBe('checkout.verificationPending');
    // Other company types need no verification.
    expect(await organizationOf(company)).toMatchObject({ verificationStatus: 'not_required' });
  });

  it('is the developer’s or the admin’s: school roles, even the owner, are refused', async () => {
    const owner = await personalOwner();
    for (const call of ['approveOrganizationVerification', 'refuseOrganizationVerification']) {
      const r = await request(t.http).post(org(owner, call)).set(owner.auth).send({ reason: 'Kendim' });
      expect(r.status).toBe(403);
      // A school-admin of another organisation reaches nothing here either.
      const stranger = await request(t.http)
        .post(org(owner, call))
        .set(company.auth)
        .send({ reason: 'Başkası' });
      expect(stranger.status).toBe(403);
    }
    expect(await organizationOf(owner)).toMatchObject({ verificationStatus: 'pending' });
    // An organisation that needs no verification cannot be approved.
    const none = await request(t.http)
      .post(org(company, 'approveOrganizationVerification'))
      .set(developer.auth)
      .send({});
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('org.verificationNotRequired');
  });

  it('a refusal keeps the organisation closed, with the reason shown and mailed to the owner', async () => {
    const owner = await personalOwner();
    const empty = await request(t.http)
      .post(org(owner, 'refuseOrganizationVerification'))
      .set(developer.auth)
      .send({ reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('org.verificationReasonMissing');
    const r = await request(t.http)
      .post(org(owner, 'refuseOrganizationVerification'))
      .set(developer.auth)
      .send({ reason: ' Kimlik belgesi okunamadı ' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      verificationStatus: 'refused',
      verificationReason: 'Kimlik belgesi okunamadı',
    });
    expect(await organizationOf(owner)).toMatchObject({
      verificationStatus: 'refused',
      verificationReason: 'Kimlik belgesi okunamadı',
    });
    const mail = mailsTo(owner).at(-1)!;
    expect(mail.subject).toBe('KursPanel üyelik başvurunuz onaylanmadı');
    expect(mail.text).toContain('Gerekçe: Kimlik belgesi okunamadı');
    expect(mail.links).toEqual(['https://kurspanel.test/odeme']);
    const checkout = await mockCheckout(owner);
    expect(checkout.status).toBe(403);
    expect(checkout.body).toEqual({
      code: 'checkout.verificationRefused',
      error: 'Kurumunuzun doğrulaması reddedildi, ödeme yapılamaz. Gerekçe: Kimlik belgesi okunamadı',
      details: { reason: 'Kimlik belgesi okunamadı' },
    });
  });

  it('an approval opens the checkout, mails the owner once, and the owner pays', async () => {
    const owner = await personalOwner();
    const before = mailsTo(owner).length;
    for (let i = 0; i < 2; i++) {
      const r = await request(t.http)
        .post(org(owner, 'approveOrganizationVerification'))
        .set(i === 0 ? developer.auth : admin.auth)
        .send({});
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, verificationStatus: 'approved', verificationReason: null });
    }
    const mails = mailsTo(owner).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('KursPanel üyeliğiniz doğrulandı');
    expect(mails[0].links).toEqual(['https://kurspanel.test/odeme']);
    expect(await organizationOf(owner)).toMatchObject({ verificationStatus: 'approved' });
    // An approved organisation is never refused afterwards.
    const late = await request(t.http)
      .post(org(owner, 'refuseOrganizationVerification'))
      .set(developer.auth)
      .send({ reason: 'Geç' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('org.verificationAlreadyApproved');
    await payWithMock(t.http, owner, 'sub-1-month');
    const profile = await request(t.http).get('/api/v1/getProfile').set(owner.auth);
    expect(profile.body.registrationStatus).toBe('active');

    // İşlem Dökümü: the request at registration, the refusal attempt and the approval, in Turkish.
    const logs = await request(t.http)
      .post(org(owner, 'requestOrgLogs'))
      .set(owner.auth)
      .send({ limit: 200 });
    expect(logs.status).toBe(200);
    const entries = logs.body.logs as Array<{ action: string; details: Record<string, unknown> }>;
    const sentences = entries.map((l) => logSentence(l.action, l.details));
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Bireysel üyelik için kurum doğrulaması istedi.',
        'Kurumun bireysel üyelik doğrulamasını onayladı.',
      ]),
    );
    expect(entries.map((l) => l.action)).toContain('refuse_organization_verification_failed');
  });

  it('logs a refusal with its reason; a refused organisation may still be approved', async () => {
    const owner = await personalOwner();
    await request(t.http)
      .post(org(owner, 'refuseOrganizationVerification'))
      .set(developer.auth)
      .send({ reason: 'Adres eksik' })
      .expect(200);
    // The log is read once the organisation is open: approved after all, and paid.
    await request(t.http)
      .post(org(owner, 'approveOrganizationVerification'))
      .set(developer.auth)
      .send({})
      .expect(200);
    await payWithMock(t.http, owner, 'sub-1-month');
    const logs = await request(t.http)
      .post(org(owner, 'requestOrgLogs'))
      .set(owner.auth)
      .send({ limit: 200 });
    const entries = logs.body.logs as Array<{ action: string; details: Record<string, unknown> }>;
    const refusal = entries.find((l) => l.action === 'refuse_organization_verification')!;
    expect(logSentence(refusal.action, refusal.details)).toBe(
      'Kurumun bireysel üyelik doğrulamasını reddetti (gerekçe: Adres eksik).',
    );
  });
});
