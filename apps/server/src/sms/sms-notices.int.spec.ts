import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SMS_NOTICE_SETTINGS, ROLES } from '@okul/domain';
import { addCourse, addMember, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import {
  payWithMock,
  signUpOwner,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../../test/support/test-server';
import { JOB_QUEUE } from '../infra/tokens';
import type { JobQueue } from '../jobs/job-queue';
import { SMS_NOTICES_QUEUE, SmsNotices } from './sms-notices';
import { SMS_SEND_QUEUE } from './sms.worker';

let t: TestServer;
let dataDir: string;
let owner: SignedIn;
let other: SignedIn;
let staff: SignedIn;
let notices: SmsNotices;
let queue: JobQueue;
let ali: string;
let ece: string;
let can: string;
const tckn = tcknSource(211);
const api = () => orgApi(t, owner);
// Mondays 18:00-19:00 Istanbul from 2 March 2026, weekly.
const slot = { startTime: '2026-03-02T15:00:00.000Z', endTime: '2026-03-02T16:00:00.000Z' };

const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};
const outbox = async () => (await api().get('getSmsOutbox')).body as any[];
const credits = async () => (await api().get('getSmsRecipients')).body.smsCredits as number;

/** The scheduled job of one organisation as of `at`, through the queue (BullMQ on the test Redis). */
let runs = 0;
const runAt = async (at: string) => {
  await notices.enqueue(owner.organizationId, at, `test-${owner.organizationId}-${++runs}`);
  await queue.drain(SMS_NOTICES_QUEUE);
};

const settings = {
  ...DEFAULT_SMS_NOTICE_SETTINGS,
  debtWarning: {
    enabled: true,
    text: '{öğrenci}: {kurs} borcu {tutar}',
    threshold: 10_000,
    monthlyDay: null,
  },
  absenceNotice: { enabled: true, text: '{öğrenci} {tarih} {saat} {kurs} dersine katılmadı.' },
  lessonReminder: { enabled: true, text: 'Yarın {saat} {kurs}: {öğrenci}' },
  sendHour: 10,
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'okul-sms-notices-'));
  t = await startTestServer({
    DATA_DIR: dataDir,
    // Delivered well after the first poll: polling must go on though the notices are dated in the past.
    SMS_LOCAL_DELIVERY_MS: '400',
    SMS_POLL_INTERVAL_MS: '50',
    SMS_NOTICE_INTERVAL_MS: '0',
  });
  notices = t.server.app.get(SmsNotices);
  queue = t.server.app.get(JOB_QUEUE) as JobQueue;
  [owner, other, staff] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http), signUpOwner(t.http)]);
  await addMember(t, owner.organizationId, staff.userId, ROLES.schoolStaff);
  const guitar = await addCourse(t, owner, 'Gitar');
  const register = async (name: string, extra: Record<string, unknown>) => {
    const r = await api().post(
      'registerStudent',
      studentBody(tckn(), { name, surname: 'Kaya', regY: 2025, ...extra }),
    );
    expect(r.status).toBe(200);
    await api().post('addEnrollment', {
      studentId: r.body.id,
      courseId: guitar,
      price: 200,
      startDate: '2026-03-01',
    });
    return r.body.id as string;
  };
  const none = { phone: '', studentPhoneOptInStatus: '', parent1Phone: '' };
  ali = await register('Ali', { ...none, phone: '5321110011', parent1Phone: '5331110011' });
  ece = await register('Ece', { ...none, parent1Phone: '5331110012', parent1PhoneOptInStatus: 'RET' });
  can = await register('Can', none);
  const schedule = await api().post('addSchedule', {
    courseId: guitar,
    scheduleType: 'periodic',
    scheduleTimes: [slot],
    periodLength: 1,
    periodUnit: 'week',
    repeatCount: 8,
    students: [{ studentId: ali }, { studentId: ece }, { studentId: can }],
  });
  expect(schedule.status).toBe(200);
  // 2 March: Ali attends (a charged lesson: 200 TL owed); 9 March: only Ece comes.
  for (const [day, attendants] of [
    [2, [ali]],
    [9, [ece]],
  ] as const) {
    const r = await api().post('addAttendance', {
      courseId: guitar,
      attendants,
      day,
      month: 3,
      year: 2026,
      hour: 18,
      minute: 0,
    });
    expect(r.status).toBe(200);
  }
  await payWithMock(t.http, owner, 'sms-credits-100');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('automatic notice settings', () => {
  it('are off by default, school-admin only, another organisation out of reach, texts checked', async () => {
    const r = await api().get('getSmsNoticeSettings');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(DEFAULT_SMS_NOTICE_SETTINGS);
    expect((await orgApi(t, staff, owner.organizationId).get('getSmsNoticeSettings')).status).toBe(403);
    expect((await orgApi(t, other, owner.organizationId).get('getSmsNoticeSettings')).status).toBe(403);
    const bad = await api().post('updateSmsNoticeSettings', {
      ...settings,
      absenceNotice: { enabled: true, text: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Bildirim metni 1-1000 karakter olmalıdır.');
  });

  it('previews who would get what before the notice is switched on, and who not and why', async () => {
    const off = {
      ...settings,
      debtWarning: {
        ...settings.debtWarning,
        enabled: false,
        text: DEFAULT_SMS_NOTICE_SETTINGS.debtWarning.text,
      },
      absenceNotice: { ...settings.absenceNotice, enabled: false },
      lessonReminder: { ...settings.lessonReminder, enabled: false },
    };
    expect((await api().post('updateSmsNoticeSettings', off)).status).toBe(200);
    const r = await api().get('getSmsNoticePreview', { kind: 'debtWarning' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      kind: 'debtWarning',
      enabled: false,
      credits: 1,
      creditsLeft: 100,
      messages: [
        {
          studentId: ali,
          name: 'Ali Kaya',
          phoneKind: 'parent1Phone',
          dest: '905331110011',
          msg: 'Sayın veli, Ali Kaya için Gitar kursundan 200,00 TL ödemeniz bulunmaktadır. Bilgilerinize sunarız.',
        },
      ],
      skipped: [{ studentId: ece, name: 'Ece Kaya', reason: 'noConsent', label: 'SMS izni yok (RET)' }],
    });
    expect((await api().get('getSmsNoticePreview', { kind: 'nope' })).status).toBe(400);
  });
});

describe('the scheduled notices job (BullMQ on Redis)', () => {
  it('sends nothing while switched off or before the send hour', async () => {
    await runAt('2026-03-09T16:30:00.000Z');
    await runAt('2026-03-15T08:00:00.000Z');
    expect(await outbox()).toEqual([]);
    const saved = await api().post('updateSmsNoticeSettings', settings);
    expect(saved.status).toBe(200);
    expect((await api().get('getSmsNoticeSettings')).body).toEqual(settings);
    await runAt('2026-03-09T06:30:00.000Z'); // 09:30 Istanbul, before 10:00
    expect(await outbox()).toEqual([]);
  });

  it('warns of the debt and tells of the absence, with consent, then moves to delivered', async () => {
    await runAt('2026-03-09T16:30:00.000Z'); // Monday 19:30 Istanbul, the lesson ended at 19:00
    const sent = await until(outbox, (o) => o.length === 2 && o.every((m) => m.status === 'delivered'));
    expect(sent.map((m) => [m.type, m.studentId, m.dest, m.msg, m.cause, m.status]).sort()).toEqual(
      [
        [
          'absenceNotice',
          ali,
          '905331110011',
          'Ali Kaya 09.03.2026 18:00 Gitar dersine katılmadı.',
          'Otomatik bildirim: Devamsızlık Bildirimi',
          'delivered',
        ],
        [
          'debtWarning',
          ali,
          '905331110011',
          'Ali Kaya: Gitar borcu 200,00 TL',
          'Otomatik bildirim: Ödeme Uyarısı',
          'delivered',
        ],
      ].sort(),
    );
    // Ece's parent answered RET (she owes too) and Can has no phone: neither gets a notice.
    expect(sent.some((m) => m.studentId === ece || m.studentId === can)).toBe(false);
    expect(await credits()).toBe(98);
  });

  it('tells nobody twice the same day, however often the job runs', async () => {
    await runAt('2026-03-09T17:30:00.000Z');
    await runAt('2026-03-09T17:30:00.000Z');
    await queue.drain(SMS_SEND_QUEUE);
    expect(await outbox()).toHaveLength(2);
    expect(await credits()).toBe(98);
    const preview = await api().get('getSmsNoticePreview', { kind: 'debtWarning' });
    // Warned once as the debt passed the threshold: not again until it falls below it.
    expect(preview.body.messages).toEqual([]);
  });

  it('reminds the day before a lesson, and records the change of settings in the log', async () => {
    await runAt('2026-03-15T08:00:00.000Z'); // Sunday 11:00 Istanbul
    const all = await until(outbox, (o) => o.length === 3);
    const reminder = all.find((m) => m.type === 'lessonReminder');
    expect(reminder).toMatchObject({ studentId: ali, msg: 'Yarın 18:00 Gitar: Ali Kaya' });
    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      details: Record<string, unknown>;
    }>;
    expect(logs.find((l) => l.action === 'update_sms_notices')?.details).toEqual({
      enabled: 'Ödeme Uyarısı, Devamsızlık Bildirimi, Ders Hatırlatma',
    });
    expect(logs.map((l) => l.action)).toContain('update_sms_notices_failed');
  });
});
