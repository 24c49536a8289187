import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { ORG, STUDENT, STUDENT_2, USER } from '../students/fixtures';
import { initialSmsCreditState, type SmsCreditState } from './decider';
import {
  DEFAULT_SMS_NOTICE_SETTINGS,
  fillSmsNotice,
  initialSmsNoticeState,
  planSmsNotices,
  smsNoticeDecider,
  smsNoticeHourReached,
  smsNoticeLessonWindow,
  smsNoticeSettingsSchema,
  type SmsNoticeEvent,
  type SmsNoticeKind,
  type SmsNoticeLesson,
  type SmsNoticeRun,
  type SmsNoticeSettings,
  type SmsNoticeState,
} from './notices';
import { onceADayKey, type SmsStudentPhones } from './rules';

// 23 November 2026, 12:00 Istanbul (09:00 UTC), a Monday.
const NOW = '2026-11-23T09:00:00.000Z';
const DAY = '2026-11-23';
const STUDENT_3 = '00000000-0000-4000-8000-000000000003';

const student = (id: string, name: string, over: Partial<SmsStudentPhones> = {}): SmsStudentPhones => ({
  id,
  name,
  surname: 'Yılmaz',
  phone: null,
  parent1Phone: null,
  parent2Phone: null,
  studentPhoneOptInStatus: null,
  parent1PhoneOptInStatus: null,
  parent2PhoneOptInStatus: null,
  ...over,
});

const ayse = student(STUDENT, 'Ayşe', { parent1Phone: '5331110001', phone: '5321110001' });
const can = student(STUDENT_2, 'Can', {
  parent1Phone: '5331110002',
  parent1PhoneOptInStatus: 'RET',
  phone: '5321110002',
});
const ece = student(STUDENT_3, 'Ece', { parent1Phone: '5331110003', parent1PhoneOptInStatus: 'RET' });

const settings = (over: Partial<SmsNoticeSettings> = {}): SmsNoticeSettings => ({
  ...DEFAULT_SMS_NOTICE_SETTINGS,
  debtWarning: {
    ...DEFAULT_SMS_NOTICE_SETTINGS.debtWarning,
    enabled: true,
    text: '{öğrenci}: {kurs} {tutar}',
  },
  absenceNotice: { enabled: true, text: '{öğrenci} {tarih} {saat} {kurs} dersine gelmedi.' },
  lessonReminder: { enabled: true, text: 'Yarın {saat} {kurs}: {öğrenci}' },
  ...over,
});

const stateWith = (s: SmsNoticeSettings, history: SmsNoticeEvent[] = []): SmsNoticeState =>
  (
    [
      {
        type: 'SmsNoticeSettingsChanged',
        data: { organizationId: ORG, settings: s, changedBy: USER, changedAt: NOW },
      },
      ...history,
    ] as SmsNoticeEvent[]
  ).reduce(smsNoticeDecider.evolve, initialSmsNoticeState);

const run = (over: Partial<SmsNoticeRun>): SmsNoticeRun => ({
  kind: 'debtWarning',
  now: NOW,
  notices: stateWith(settings()),
  ledger: initialSmsCreditState,
  creditsLeft: 100,
  students: [ayse, can, ece],
  facts: {},
  ...over,
});

const sent = (
  kind: SmsNoticeKind,
  studentIds: string[],
  debtCleared: string[] = [],
  day = DAY,
): SmsNoticeEvent => ({
  type: 'SmsNoticesSent',
  data: {
    organizationId: ORG,
    kind,
    day,
    campaignId: null,
    studentIds,
    debtCleared,
    sentAt: `${day}T09:00:00.000Z`,
  },
});

describe('notice settings', () => {
  it('records a change of the settings, and nothing when they are the same', () => {
    const changed = settings();
    given(smsNoticeDecider, [])
      .when({
        type: 'ChangeSmsNoticeSettings',
        organizationId: ORG,
        settings: changed,
        userId: USER,
        now: NOW,
      })
      .then([
        {
          type: 'SmsNoticeSettingsChanged',
          data: { organizationId: ORG, settings: changed, changedBy: USER, changedAt: NOW },
        },
      ]);
    given(smsNoticeDecider, [
      {
        type: 'SmsNoticeSettingsChanged',
        data: { organizationId: ORG, settings: changed, changedBy: USER, changedAt: NOW },
      },
    ])
      .when({
        type: 'ChangeSmsNoticeSettings',
        organizationId: ORG,
        settings: changed,
        userId: USER,
        now: NOW,
      })
      .then([]);
  });

  it('refuses texts that are empty or too long, a monthly day past 28 and an hour past 23', () => {
    expect(smsNoticeSettingsSchema.safeParse(settings()).success).toBe(true);
    const bad = smsNoticeSettingsSchema.safeParse({
      ...settings(),
      absenceNotice: { enabled: true, text: ' ' },
    });
    expect(bad.error?.issues[0].message).toBe('Bildirim metni 1-1000 karakter olmalıdır.');
    const day = smsNoticeSettingsSchema.safeParse({
      ...settings(),
      debtWarning: { ...settings().debtWarning, monthlyDay: 31 },
    });
    expect(day.error?.issues[0].message).toBe('Aylık gün 1 ile 28 arasında olmalıdır.');
    expect(smsNoticeSettingsSchema.safeParse({ ...settings(), sendHour: 24 }).success).toBe(false);
  });

  it('looks at today’s lessons for absences and tomorrow’s for reminders, by Istanbul midnights', () => {
    expect(smsNoticeLessonWindow('absenceNotice', NOW)).toEqual({
      from: '2026-11-22T21:00:00.000Z',
      to: '2026-11-23T21:00:00.000Z',
    });
    expect(smsNoticeLessonWindow('lessonReminder', '2026-11-30T22:30:00.000Z')).toEqual({
      from: '2026-12-01T21:00:00.000Z',
      to: '2026-12-02T21:00:00.000Z',
    });
    expect(smsNoticeLessonWindow('debtWarning', NOW)).toBeNull();
  });

  it('goes out from the send hour on, Istanbul time', () => {
    expect(smsNoticeHourReached(settings({ sendHour: 12 }), NOW)).toBe(true);
    expect(smsNoticeHourReached(settings({ sendHour: 13 }), NOW)).toBe(false);
  });

  it('fills the placeholders, money in Turkish lira and the lesson on the Istanbul clock', () => {
    expect(
      fillSmsNotice('{öğrenci} {kurs} {tutar} {tarih} {saat}', {
        student: 'Ayşe Yılmaz',
        course: 'Gitar',
        amount: 150_050,
        at: '2026-11-23T15:30:00.000Z',
      }),
    ).toBe('Ayşe Yılmaz Gitar 1.500,50 TL 23.11.2026 18:30');
  });
});

describe('debt warnings', () => {
  const debts = [
    { studentId: STUDENT, courseName: 'Gitar', owed: 60_000 },
    { studentId: STUDENT, courseName: 'Piyano', owed: 50_000 },
    { studentId: STUDENT_2, courseName: 'Gitar', owed: 20_000 },
  ];

  it('warns a student whose total debt passed the threshold, on a parent phone not refused', () => {
    const plan = planSmsNotices(run({ facts: { debts } }));
    expect(plan.messages).toEqual([
      {
        studentId: STUDENT,
        name: 'Ayşe Yılmaz',
        phoneKind: 'parent1Phone',
        dest: '905331110001',
        msg: 'Ayşe Yılmaz: Gitar, Piyano 1.100,00 TL',
        credits: 1,
      },
    ]);
    expect(plan.credits).toBe(1);
  });

  it('warns once as the threshold is passed, and again only after the debt fell below it', () => {
    const warned = stateWith(settings(), [sent('debtWarning', [STUDENT], [], '2026-11-20')]);
    expect(planSmsNotices(run({ notices: warned, facts: { debts } })).messages).toEqual([]);
    const paid = planSmsNotices(run({ notices: warned, facts: { debts: debts.slice(2) } }));
    expect(paid.debtCleared).toEqual([STUDENT]);
    const cleared = stateWith(settings(), [
      sent('debtWarning', [STUDENT], [], '2026-11-20'),
      sent('debtWarning', [], [STUDENT], '2026-11-21'),
    ]);
    expect(
      planSmsNotices(run({ notices: cleared, facts: { debts } })).messages.map((m) => m.studentId),
    ).toEqual([STUDENT]);
  });

  it('on the monthly day reminds every debtor, on the student phone when a parent answered RET', () => {
    const monthly = stateWith(settings({ debtWarning: { ...settings().debtWarning, monthlyDay: 23 } }), [
      sent('debtWarning', [STUDENT], [], '2026-11-20'),
    ]);
    const plan = planSmsNotices(run({ notices: monthly, facts: { debts } }));
    expect(plan.messages.map((m) => [m.studentId, m.dest])).toEqual([
      [STUDENT, '905331110001'],
      [STUDENT_2, '905321110002'],
    ]);
  });
});

describe('absence notices', () => {
  const lesson = (over: Partial<SmsNoticeLesson> = {}): SmsNoticeLesson => ({
    lessonId: 's.0.0',
    courseName: 'Gitar',
    start: '2026-11-23T06:00:00.000Z',
    end: '2026-11-23T07:00:00.000Z',
    memberIds: [STUDENT, STUDENT_2, STUDENT_3],
    attendantIds: [STUDENT_2],
    ...over,
  });

  it('tells the parents of members missing from an ended lesson of today, and says why others get none', () => {
    const plan = planSmsNotices(run({ kind: 'absenceNotice', facts: { lessons: [lesson()] } }));
    expect(plan.messages).toEqual([
      expect.objectContaining({
        studentId: STUDENT,
        msg: 'Ayşe Yılmaz 23.11.2026 09:00 Gitar dersine gelmedi.',
      }),
    ]);
    expect(plan.skipped).toEqual([{ studentId: STUDENT_3, name: 'Ece Yılmaz', reason: 'noConsent' }]);
  });

  it('waits for the lesson to end and for its attendance; lessons of other days do not count', () => {
    const none = (l: SmsNoticeLesson) =>
      planSmsNotices(run({ kind: 'absenceNotice', facts: { lessons: [l] } })).messages;
    expect(none(lesson({ attendantIds: null }))).toEqual([]);
    expect(none(lesson({ end: '2026-11-23T10:00:00.000Z' }))).toEqual([]);
    expect(none(lesson({ start: '2026-11-22T06:00:00.000Z', end: '2026-11-22T07:00:00.000Z' }))).toEqual([]);
  });

  it('sends once a day: a student already told today, or the same text to the same number, is skipped', () => {
    const told = stateWith(settings(), [sent('absenceNotice', [STUDENT])]);
    expect(
      planSmsNotices(run({ kind: 'absenceNotice', notices: told, facts: { lessons: [lesson()] } })).skipped,
    ).toContainEqual({
      studentId: STUDENT,
      name: 'Ayşe Yılmaz',
      reason: 'alreadyNotified',
    });
    const yesterday = stateWith(settings(), [sent('absenceNotice', [STUDENT], [], '2026-11-22')]);
    expect(
      planSmsNotices(run({ kind: 'absenceNotice', notices: yesterday, facts: { lessons: [lesson()] } }))
        .messages,
    ).toHaveLength(1);
    const ledger: SmsCreditState = {
      ...initialSmsCreditState,
      day: DAY,
      sentToday: {
        [onceADayKey('905331110001', 'Ayşe Yılmaz 23.11.2026 09:00 Gitar dersine gelmedi.')]: true,
      },
    };
    expect(
      planSmsNotices(run({ kind: 'absenceNotice', ledger, facts: { lessons: [lesson()] } })).skipped[0],
    ).toEqual({
      studentId: STUDENT,
      name: 'Ayşe Yılmaz',
      reason: 'sentToday',
    });
  });
});

describe('lesson reminders', () => {
  const tomorrow = {
    lessonId: 's.0.1',
    courseName: 'Piyano',
    start: '2026-11-24T15:00:00.000Z',
    end: '2026-11-24T16:00:00.000Z',
    memberIds: [STUDENT, STUDENT_2],
    attendantIds: null,
  };

  it('reminds the members of tomorrow’s first lesson, as long as the credits last', () => {
    const later = { ...tomorrow, lessonId: 's.0.2', courseName: 'Gitar', start: '2026-11-24T17:00:00.000Z' };
    const plan = planSmsNotices(run({ kind: 'lessonReminder', facts: { lessons: [later, tomorrow] } }));
    expect(plan.messages.map((m) => m.msg)).toEqual([
      'Yarın 18:00 Piyano: Ayşe Yılmaz',
      'Yarın 18:00 Piyano: Can Yılmaz',
    ]);
    const short = planSmsNotices(
      run({ kind: 'lessonReminder', creditsLeft: 1, facts: { lessons: [tomorrow] } }),
    );
    expect(short.messages.map((m) => m.studentId)).toEqual([STUDENT]);
    expect(short.skipped).toEqual([{ studentId: STUDENT_2, name: 'Can Yılmaz', reason: 'noCredits' }]);
  });

  it('leaves out lessons of today and of the day after tomorrow, and students without a phone', () => {
    const today = { ...tomorrow, start: '2026-11-23T15:00:00.000Z' };
    const later = { ...tomorrow, start: '2026-11-25T15:00:00.000Z' };
    expect(
      planSmsNotices(run({ kind: 'lessonReminder', facts: { lessons: [today, later] } })).messages,
    ).toEqual([]);
    const plan = planSmsNotices(
      run({ kind: 'lessonReminder', students: [student(STUDENT, 'Ayşe')], facts: { lessons: [tomorrow] } }),
    );
    expect(plan.skipped).toEqual([{ studentId: STUDENT, name: 'Ayşe Yılmaz', reason: 'noPhone' }]);
  });
});

describe('recording a run', () => {
  it('records whom a notice reached, and nothing when it reached nobody', () => {
    given(smsNoticeDecider, [])
      .when({
        type: 'RecordSmsNotices',
        organizationId: ORG,
        kind: 'absenceNotice',
        campaignId: 'c1',
        studentIds: [STUDENT],
        debtCleared: [],
        now: NOW,
      })
      .then([
        {
          type: 'SmsNoticesSent',
          data: {
            organizationId: ORG,
            kind: 'absenceNotice',
            day: DAY,
            campaignId: 'c1',
            studentIds: [STUDENT],
            debtCleared: [],
            sentAt: NOW,
          },
        },
      ]);
    given(smsNoticeDecider, [])
      .when({
        type: 'RecordSmsNotices',
        organizationId: ORG,
        kind: 'absenceNotice',
        campaignId: null,
        studentIds: [],
        debtCleared: [],
        now: NOW,
      })
      .then([]);
  });
});
