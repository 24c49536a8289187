import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@okul/domain';
import { addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import {
  payWithMock,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';
import type { LocalSmsGateway } from './local-sms-gateway';
import { SMS_GATEWAY } from './sms-gateway';
import { SmsWorker } from './sms.worker';

let t: TestServer;
let dataDir: string;
let owner: SignedIn;
let other: SignedIn;
let staff: SignedIn;
let gateway: LocalSmsGateway;
let ali: string;
let ece: string;
const tckn = tcknSource(101);
const api = () => orgApi(t, owner);

const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};
const credits = async () => (await api().get('getSmsRecipients')).body.smsCredits as number;
const outbox = async (status?: string) =>
  (await api().get('getSmsOutbox', status ? { status } : {})).body as any[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'okul-sms-'));
  t = await startTestServer({ DATA_DIR: dataDir, SMS_LOCAL_DELIVERY_MS: '150', SMS_POLL_INTERVAL_MS: '50' });
  gateway = t.server.app.get(SMS_GATEWAY) as LocalSmsGateway;
  [owner, other, staff] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http), signUpOwner(t.http)]);
  await addMember(t, owner.organizationId, staff.userId, ROLES.schoolStaff);
  const a = await api().post(
    'registerStudent',
    studentBody(tckn(), {
      name: 'Ali',
      phone: '5321110001',
      studentPhoneOptInStatus: 'ONAY',
      parent1Phone: '5331110001',
      parent1PhoneOptInStatus: 'ONAY',
    }),
  );
  const e = await api().post(
    'registerStudent',
    studentBody(tckn(), {
      name: 'Ece',
      phone: '5321110002',
      studentPhoneOptInStatus: 'RET',
      parent1Phone: '5331110002',
      parent1PhoneOptInStatus: '',
    }),
  );
  expect([a.status, e.status]).toEqual([200, 200]);
  [ali, ece] = [a.body.id, e.body.id];
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sendSms and getSmsOutbox', () => {
  it('refuses without credits, then sends to opted-in phones once credits are bought', async () => {
    const msg = [{ DBID: ali, destination: '5321110001', message: 'Yarın ders yok.' }];
    const none = await api().post('sendSms', { messages: msg });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('Gönderim için yeterli SMS krediniz yok');
    expect(none.body).toMatchObject({ code: 'sms.notEnoughCredits', details: { needed: 1, available: 0 } });

    await payWithMock(t.http, owner, 'sms-credits-100');
    expect(await credits()).toBe(100);

    const r = await api().post('sendSms', {
      messages: [
        ...msg,
        { DBID: ali, destination: '905331110001', message: 'x'.repeat(200) },
        { DBID: ali, destination: '12', message: 'dropped' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      count: 2,
      credits: 3,
      message: 'Toplam 2 SMS başarıyla gönderildi!',
      dropped: [{ DBID: ali, destination: '12' }],
    });
    expect(await credits()).toBe(97);

    const delivered = await until(
      () => outbox('delivered'),
      (rows) => rows.length === 2,
    );
    expect(delivered).toHaveLength(2);
    expect(delivered.find((m) => m.dest === '905321110001')).toMatchObject({
      studentId: ali,
      userId: owner.userId,
      size: 1,
      credits: 1,
      status: 'delivered',
      campaignCustomId: r.body.campaignId,
      messageCustomId: expect.any(String),
      campaignId: expect.any(String),
      messageId: expect.any(String),
      internationalMultiplier: 1,
      taskStatus: 'submitted',
      msg: 'Yarın ders yok.',
      sourceAddr: 'KURSPANEL',
      sentAt: expect.any(String),
      doneAt: expect.any(String),
    });
    // The local gateway wrote the campaign as a file.
    expect(readdirSync(join(dataDir, 'sms'))).toContain(`${r.body.campaignId}.json`);
  });

  it('answers the 8.6 refusals: no consent, unknown number, the same content the same day', async () => {
    const noConsent = await api().post('sendSms', [
      { DBID: ece, destination: '5331110002', message: 'Merhaba' },
    ]);
    expect(noConsent.status).toBe(403);
    expect(noConsent.body.error).toBe('Seçili numaraya SMS gönderme izniniz yok');
    // The client names the refused phones from the details, never from the text.
    expect(noConsent.body).toMatchObject({
      code: 'sms.noConsent',
      details: { destinations: ['905331110002'] },
    });
    // Refused (RET) even for an informational message; not obtained is fine for one.
    const ret = await api().post('sendSms', {
      type: 'debtWarning',
      messages: [{ DBID: ece, destination: '5321110002', message: 'Borç' }],
    });
    expect(ret.status).toBe(403);
    const info = await api().post('sendSms', {
      type: 'debtWarning',
      messages: [{ DBID: ece, destination: '5331110002', message: 'Borcunuz var.' }],
    });
    expect(info.status).toBe(200);

    const unknown = await api().post('sendSms', [
      { DBID: ali, destination: '5559998877', message: 'Merhaba' },
    ]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Seçili numara bulunamadı');
    expect(unknown.body.details).toEqual({ destinations: ['905559998877'] });
    const onlyDropped = await api().post('sendSms', [{ DBID: ali, destination: '', message: 'Merhaba' }]);
    expect(onlyDropped.status).toBe(400);
    expect(onlyDropped.body).toMatchObject({
      code: 'sms.nothingToSend',
      details: { dropped: [{ DBID: ali, destination: '' }] },
    });

    const again = await api().post('sendSms', [
      { DBID: ali, destination: '5321110001', message: 'Yarın ders yok.' },
    ]);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Aynı içerik bugün bu numaralara zaten gönderildi: 905321110001');
    expect(again.body).toMatchObject({ code: 'sms.sentToday', details: { destinations: ['905321110001'] } });
  });

  it('keeps other organisations and lower roles out', async () => {
    const body = [{ DBID: ali, destination: '5321110001', message: 'Başka kurum' }];
    expect((await orgApi(t, other, owner.organizationId).post('sendSms', body)).status).toBe(403);
    expect((await orgApi(t, other, owner.organizationId).get('getSmsOutbox')).status).toBe(403);
    expect((await orgApi(t, staff, owner.organizationId).post('sendSms', body)).status).toBe(403);
    // Another organisation's student is not found from one's own organisation.
    await payWithMock(t.http, other, 'sms-credits-100');
    const own = await orgApi(t, other).post('sendSms', body);
    expect(own.status).toBe(404);
    expect((await orgApi(t, other).get('getSmsOutbox')).body).toEqual([]);
  });

  it('gives back the credits of an invalid number and shows its state', async () => {
    gateway.setOutcome('905331110001', 'invalidNumber');
    const before = await credits();
    const r = await api().post('sendSms', [
      { DBID: ali, destination: '5331110001', message: 'Geçersiz olacak' },
    ]);
    expect(r.status).toBe(200);
    expect(await credits()).toBe(before - 1);
    const rows = await until(
      () => outbox('invalidNumber'),
      (x) => x.length === 1,
    );
    expect(rows[0]).toMatchObject({ status: 'invalidNumber', credits: 0, gsmError: '1' });
    expect(await until(credits, (c) => c === before)).toBe(before);
  });

  it('never overdraws under concurrent sends', async () => {
    const left = await credits();
    // Each send needs more than half of what is left: at most one of them can pass.
    const need = Math.floor(left / 2) + 1;
    const text = (n: number) => `${'y'.repeat(149 * need - 10)} ${n}`;
    const sends = await Promise.all(
      [1, 2, 3].map((n) =>
        api().post('sendSms', [{ DBID: ali, destination: '5321110001', message: text(n) }]),
      ),
    );
    const ok = sends.filter((s) => s.status === 200);
    expect(ok).toHaveLength(1);
    expect(sends.filter((s) => s.status !== 200).every((s) => s.status === 409)).toBe(true);
    expect(await credits()).toBeGreaterThanOrEqual(0);
  });

  it('sends nothing twice when the worker dies between the gateway answer and the recording', async () => {
    const worker = t.server.app.get(SmsWorker);
    let crashes = 0;
    worker.afterGatewayAnswer = () => {
      if (crashes++ === 0) throw new Error('worker killed');
    };
    try {
      const r = await api().post('sendSms', [{ DBID: ali, destination: '5321110001', message: 'Tek sefer' }]);
      expect(r.status).toBe(200);
      const rows = await until(
        () => outbox(),
        (x) => x.some((m) => m.campaignCustomId === r.body.campaignId && m.status === 'delivered'),
      );
      expect(rows.find((m) => m.campaignCustomId === r.body.campaignId)?.status).toBe('delivered');
      expect(crashes).toBeGreaterThanOrEqual(2);
      expect(gateway.sendCount.get(r.body.campaignId)).toBe(1);
    } finally {
      worker.afterGatewayAnswer = null;
    }
  });

  it("answers one student's phones for the student detail and sends its debt warning", async () => {
    const one = await api().get('getSmsRecipients', { studentId: ali });
    expect(one.status).toBe(200);
    expect(one.body.students.map((s: { id: string }) => s.id)).toEqual([ali]);
    expect(one.body.smsCredits).toBe(await credits());
    const bad = await api().get('getSmsRecipients', { studentId: 'x' });
    expect(bad.status).toBe(400);
    const r = await api().post('sendSms', {
      type: 'debtWarning',
      messages: [{ DBID: ali, destination: '5331110001', message: 'Ödenmemiş ders ücreti hatırlatması.' }],
    });
    expect(r.status).toBe(200);
    const rows = await until(
      () => outbox(),
      (x) => x.some((m) => m.campaignCustomId === r.body.campaignId),
    );
    expect(rows.find((m) => m.campaignCustomId === r.body.campaignId)).toMatchObject({
      type: 'debtWarning',
      dest: '905331110001',
    });
  });

  it('downloads the phone book as vCard', async () => {
    const r = await request(t.http)
      .get(`/api/v1/orgs/${owner.organizationId}/getSmsPhoneBook`)
      .set(owner.auth);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/filename="vCard-\d{4}-\d\d-\d\d_\d\d-\d\d\.vcf"/);
    expect(r.text).toContain('TEL;TYPE=CELL:+905321110001');
    expect(r.text).toContain('[V1]');
  });

  it('records a parent replying RET and no longer sends to that phone', async () => {
    const worker = t.server.app.get(SmsWorker);
    gateway.reply('905331110001', 'ret');
    gateway.reply('905331110001', 'merhaba');
    const phones = await until(
      async () => (await api().get('getSmsRecipients')).body.students as any[],
      (rows) => rows.find((s) => s.id === ali)?.parent1PhoneOptInStatus === 'RET',
    );
    expect(phones.find((s) => s.id === ali)).toMatchObject({
      parent1PhoneOptInStatus: 'RET',
      studentPhoneOptInStatus: 'ONAY',
    });
    // Read again: nothing recorded twice.
    expect(await worker.pollInbound()).toBe(0);
    const refused = await api().post('sendSms', [
      { DBID: ali, destination: '5331110001', message: 'Yeni duyuru' },
    ]);
    expect(refused.status).toBe(403);
    // The student form reads the new consent with its date (product.md 3 ConsentDate).
    const detail = await api().get('getStudents', { id: ali });
    expect(detail.body[0]).toMatchObject({
      parent1PhoneOptInStatus: 'RET',
      parent1PhoneConsentDate: expect.any(String),
    });
  });
});
