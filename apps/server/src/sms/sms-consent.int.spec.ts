import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import {
  payWithMock,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';

let t: TestServer;
let dataDir: string;
let owner: SignedIn;
let other: SignedIn;
let ali: string;
let can: string;
const tckn = tcknSource(307);
const api = () => orgApi(t, owner);
const PHONE = '5331110077';

const post = (path: string, body: Record<string, unknown>) =>
  request(t.http).post(`/api/v1/smsConsent/${path}`).send(body);
const consentOf = async (id: string) => {
  const r = await api().get('getSmsRecipients');
  return (r.body.students as any[]).find((s) => s.id === id);
};
/** The code as the parent reads it in the SMS (the outbox keeps the text the gateway was given). */
const lastCode = async () => {
  const out = (await api().get('getSmsOutbox')).body as Array<{ type: string; msg: string; dest: string }>;
  const sms = out.find((m) => m.type === 'consentCode');
  // After the words, not the first six digits: the test organisation's name may hold six digits in a row.
  return { code: /kodunuz: (\d{6})/.exec(sms?.msg ?? '')?.[1] ?? '', sms };
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'okul-sms-consent-'));
  t = await startTestServer({ DATA_DIR: dataDir, SMS_LOCAL_DELIVERY_MS: '50', SMS_POLL_INTERVAL_MS: '50' });
  [owner, other] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http)]);
  // One parent, two children: the parent's phone is parent 1 of Ali and parent 2 of Can.
  ali = (await api().post('registerStudent', studentBody(tckn(), { name: 'Ali', parent1Phone: PHONE }))).body
    .id;
  can = (
    await api().post(
      'registerStudent',
      studentBody(tckn(), {
        name: 'Can',
        parent2Name: 'Veli',
        parent2Phone: PHONE,
        parent2PhoneOptInStatus: 'ONAY',
      }),
    )
  ).body.id;
  await payWithMock(t.http, owner, 'sms-credits-100');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the QR consent page (public)', () => {
  it('names the organisation, and refuses an unknown one', async () => {
    const r = await request(t.http)
      .get('/api/v1/smsConsent/organization')
      .query({ organizationId: owner.organizationId });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(owner.organizationId);
    const unknown = await request(t.http)
      .get('/api/v1/smsConsent/organization')
      .query({ organizationId: '00000000-0000-4000-8000-000000000999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Kurum bulunamadı.');
  });

  it('sends a one-time code by SMS to a phone on file, answering alike for one that is not', async () => {
    const stranger = await post('requestCode', { organizationId: owner.organizationId, phone: '5339998877' });
    expect(stranger.status).toBe(200);
    expect(stranger.body.message).toBe('Numara bu kurumda kayıtlıysa doğrulama kodu SMS ile gönderildi.');
    expect((await lastCode()).sms).toBeUndefined();
    const bad = await post('requestCode', { organizationId: owner.organizationId, phone: '2121112233' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Geçerli bir cep telefonu numarası girin.');
    const r = await post('requestCode', { organizationId: owner.organizationId, phone: `0${PHONE}` });
    expect(r.body).toEqual(stranger.body);
    const { code, sms } = await lastCode();
    expect(sms?.dest).toBe(`90${PHONE}`);
    expect(code).toMatch(/^\d{6}$/);
    expect((await api().get('getSmsRecipients')).body.smsCredits).toBe(99);
    const again = await post('requestCode', { organizationId: owner.organizationId, phone: PHONE });
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('Yeni kod istemek için bir dakika bekleyin.');
  });

  it('records RET for every student with that phone with the right code, once, in the log', async () => {
    const { code } = await lastCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('confirm', {
      organizationId: owner.organizationId,
      phone: PHONE,
      code: wrongCode,
      status: 'RET',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Doğrulama kodu hatalı.');
    // Another organisation's page knows nothing of this phone.
    const elsewhere = await post('confirm', {
      organizationId: other.organizationId,
      phone: PHONE,
      code,
      status: 'RET',
    });
    expect(elsewhere.status).toBe(400);
    const ok = await post('confirm', {
      organizationId: owner.organizationId,
      phone: PHONE,
      code,
      status: 'RET',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('SMS izniniz kaydedildi: RET');
    expect((await consentOf(ali)).parent1PhoneOptInStatus).toBe('RET');
    expect((await consentOf(can)).parent2PhoneOptInStatus).toBe('RET');
    const reused = await post('confirm', {
      organizationId: owner.organizationId,
      phone: PHONE,
      code,
      status: 'ONAY',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('Doğrulama kodunun süresi doldu veya kod kullanıldı; yeni kod isteyin.');
    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    expect(logs.find((l) => l.action === 'change_sms_consent')?.details).toMatchObject({
      phone: PHONE,
      status: 'RET',
      source: 'qr',
    });
    expect(logs.map((l) => l.action)).toContain('change_sms_consent_failed');
  });
});
