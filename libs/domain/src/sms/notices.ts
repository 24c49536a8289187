import type { Decider } from '../shared/decider';
import { z } from 'zod';
import type { DomainEvent } from '../shared/events';
import { formatTl, type Kurus } from '../shared/money';
import { message } from '../shared/messages';
import { fromLocal, toLocal } from '../shared/time';
import type { SmsCreditState } from './decider';
import {
  SMS_DATA_CODING,
  normalizeSmsDestination,
  onceADayKey,
  phoneOf,
  consentOf,
  smsDay,
  smsSegments,
  truncateSms,
  type SmsPhoneKind,
  type SmsStudentPhones,
} from './rules';
import { SMS_TYPES, maySendSms } from './statuses';

// ---------------------------------------------------------------------------------------------------------
// Automatic notices: per organisation, staff switch on and word three notices (a debt warning, an absence
// notice, a lesson reminder). A scheduled job asks `planSmsNotices` whom to notify now; what it decides is
// appended with the campaign and the credit reservation, so a notice is recorded, paid for and sent once.
// ---------------------------------------------------------------------------------------------------------

export const SMS_NOTICE_KINDS = ['debtWarning', 'absenceNotice', 'lessonReminder'] as const;
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number];

/** The placeholders a notice's text may hold, replaced per student. */
export const SMS_NOTICE_PLACEHOLDERS = ['{öğrenci}', '{kurs}', '{tutar}', '{tarih}', '{saat}'] as const;

export const SMS_NOTICE_TEXT_MAX = 1000;

export interface SmsNoticeSettings {
  debtWarning: {
    enabled: boolean;
    text: string;
    /** Warn once a student's total debt reaches this many kuruş (again only after it fell below). */
    threshold: Kurus;
    /** Also warn every debtor on this day of the month (1-28), or never (null). */
    monthlyDay: number | null;
  };
  absenceNotice: { enabled: boolean; text: string };
  lessonReminder: { enabled: boolean; text: string };
  /** The Istanbul hour (0-23) from which the day's notices go out. */
  sendHour: number;
}

export const DEFAULT_SMS_NOTICE_SETTINGS: SmsNoticeSettings = {
  debtWarning: {
    enabled: false,
    text: 'Sayın veli, {öğrenci} için {kurs} kursundan {tutar} ödemeniz bulunmaktadır. Bilgilerinize sunarız.',
    threshold: 100_000,
    monthlyDay: null,
  },
  absenceNotice: {
    enabled: false,
    text: 'Sayın veli, {öğrenci} {tarih} {saat} tarihli {kurs} dersine katılmamıştır.',
  },
  lessonReminder: {
    enabled: false,
    text: 'Hatırlatma: {öğrenci} için {kurs} dersi yarın ({tarih}) saat {saat} başlayacaktır.',
  },
  sendHour: 10,
};

const noticeText = z
  .string({ error: message('sms.noticeTextInvalid') })
  .trim()
  .min(1, { error: message('sms.noticeTextInvalid') })
  .max(SMS_NOTICE_TEXT_MAX, { error: message('sms.noticeTextInvalid') });

/** POST updateSmsNoticeSettings (ours): the three notices with their texts, and the hour they go out. */
export const smsNoticeSettingsSchema = z.strictObject({
  debtWarning: z.strictObject({
    enabled: z.boolean(),
    text: noticeText,
    threshold: z
      .number({ error: message('sms.noticeThresholdInvalid') })
      .int({ error: message('sms.noticeThresholdInvalid') })
      .min(1, { error: message('sms.noticeThresholdInvalid') })
      .max(100_000_000_00, { error: message('sms.noticeThresholdInvalid') }),
    monthlyDay: z
      .number({ error: message('sms.noticeDayInvalid') })
      .int({ error: message('sms.noticeDayInvalid') })
      .min(1, { error: message('sms.noticeDayInvalid') })
      .max(28, { error: message('sms.noticeDayInvalid') })
      .nullable(),
  }),
  absenceNotice: z.strictObject({ enabled: z.boolean(), text: noticeText }),
  lessonReminder: z.strictObject({ enabled: z.boolean(), text: noticeText }),
  sendHour: z
    .number({ error: message('sms.noticeHourInvalid') })
    .int({ error: message('sms.noticeHourInvalid') })
    .min(0, { error: message('sms.noticeHourInvalid') })
    .max(23, { error: message('sms.noticeHourInvalid') }),
});

export const smsNoticePreviewQuerySchema = z.strictObject({
  kind: z.enum(SMS_NOTICE_KINDS, { error: message('sms.typeInvalid') }),
});

// --- the facts a run looks at, read by the server from the read models ----------------------------------

/** A course a student owes for (balances read model): kuruş owed, more than zero. */
export interface SmsNoticeDebt {
  studentId: string;
  courseName: string;
  owed: Kurus;
}

/** A lesson of the calendar with the students expected in it and, once taken, those who attended. */
export interface SmsNoticeLesson {
  lessonId: string;
  courseName: string;
  start: string;
  end: string;
  memberIds: readonly string[];
  /** The attendance's students, or null while no attendance was taken for the lesson. */
  attendantIds: readonly string[] | null;
}

export interface SmsNoticeFacts {
  debts?: readonly SmsNoticeDebt[];
  lessons?: readonly SmsNoticeLesson[];
}

// --- the notice stream of an organisation: its settings and whom each notice reached -----------------------

export type SmsNoticeEvent =
  | DomainEvent<
      'SmsNoticeSettingsChanged',
      { organizationId: string; settings: SmsNoticeSettings; changedBy: string | null; changedAt: string }
    >
  | DomainEvent<
      'SmsNoticesSent',
      {
        organizationId: string;
        kind: SmsNoticeKind;
        /** Istanbul day of the run (the once-a-day rule). */
        day: string;
        campaignId: string | null;
        studentIds: string[];
        /** Students warned of a debt earlier whose debt fell below the threshold (warned again next time). */
        debtCleared: string[];
        sentAt: string;
      }
    >;

export interface SmsNoticeState {
  settings: SmsNoticeSettings;
  /** Per notice, the day of its last run and the students it reached that day. */
  notified: Partial<Record<SmsNoticeKind, { day: string; studentIds: Record<string, true> }>>;
  /** Students warned of passing the debt threshold, until their debt falls below it. */
  debtWarned: Record<string, true>;
}

export const initialSmsNoticeState: SmsNoticeState = {
  settings: DEFAULT_SMS_NOTICE_SETTINGS,
  notified: {},
  debtWarned: {},
};

export type SmsNoticeCommand =
  | {
      type: 'ChangeSmsNoticeSettings';
      organizationId: string;
      settings: SmsNoticeSettings;
      userId: string | null;
      now: string;
    }
  | {
      type: 'RecordSmsNotices';
      organizationId: string;
      kind: SmsNoticeKind;
      campaignId: string | null;
      studentIds: string[];
      debtCleared: string[];
      now: string;
    };

const sameSettings = (a: SmsNoticeSettings, b: SmsNoticeSettings) => JSON.stringify(a) === JSON.stringify(b);

export function decideSmsNotices(command: SmsNoticeCommand, state: SmsNoticeState): SmsNoticeEvent[] {
  switch (command.type) {
    case 'ChangeSmsNoticeSettings':
      if (sameSettings(command.settings, state.settings)) return [];
      return [
        {
          type: 'SmsNoticeSettingsChanged',
          data: {
            organizationId: command.organizationId,
            settings: command.settings,
            changedBy: command.userId,
            changedAt: command.now,
          },
        },
      ];
    case 'RecordSmsNotices':
      if (command.studentIds.length === 0 && command.debtCleared.length === 0) return [];
      return [
        {
          type: 'SmsNoticesSent',
          data: {
            organizationId: command.organizationId,
            kind: command.kind,
            day: smsDay(command.now),
            campaignId: command.campaignId,
            studentIds: command.studentIds,
            debtCleared: command.debtCleared,
            sentAt: command.now,
          },
        },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveSmsNotices(state: SmsNoticeState, event: SmsNoticeEvent): SmsNoticeState {
  switch (event.type) {
    case 'SmsNoticeSettingsChanged':
      return { ...state, settings: event.data.settings };
    case 'SmsNoticesSent': {
      const d = event.data;
      const before = state.notified[d.kind];
      // Only the current day matters for the once-a-day rule: an older day's students are dropped.
      const studentIds: Record<string, true> = before && before.day === d.day ? { ...before.studentIds } : {};
      for (const id of d.studentIds) studentIds[id] = true;
      let debtWarned = state.debtWarned;
      if (d.kind === 'debtWarning') {
        debtWarned = { ...debtWarned };
        for (const id of d.debtCleared) delete debtWarned[id];
        for (const id of d.studentIds) debtWarned[id] = true;
      }
      return { ...state, notified: { ...state.notified, [d.kind]: { day: d.day, studentIds } }, debtWarned };
    }
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const smsNoticeDecider = {
  decide: decideSmsNotices,
  evolve: evolveSmsNotices,
  initialState: initialSmsNoticeState,
} satisfies Decider<SmsNoticeCommand, SmsNoticeEvent, SmsNoticeState>;

export const smsNoticeStream = (organizationId: string) => `sms_notices-${organizationId}`;

// --- whom to notify now -------------------------------------------------------------------------------------

/** Why a student gets no notice in a run (shown in the preview). */
export type SmsNoticeSkip = 'noPhone' | 'noConsent' | 'alreadyNotified' | 'sentToday' | 'noCredits';

export const SMS_NOTICE_SKIP_LABELS: Record<SmsNoticeSkip, string> = {
  noPhone: 'Telefon numarası yok',
  noConsent: 'SMS izni yok (RET)',
  alreadyNotified: 'Bugün bu bildirim gönderildi',
  sentToday: 'Aynı içerik bugün bu numaraya gönderildi',
  noCredits: 'Yeterli SMS kredisi yok',
};

export interface SmsNoticeMessage {
  studentId: string;
  name: string;
  phoneKind: SmsPhoneKind;
  dest: string;
  msg: string;
  credits: number;
}

export interface SmsNoticePlan {
  kind: SmsNoticeKind;
  messages: SmsNoticeMessage[];
  skipped: Array<{ studentId: string; name: string; reason: SmsNoticeSkip }>;
  debtCleared: string[];
  credits: number;
}

export interface SmsNoticeRun {
  kind: SmsNoticeKind;
  now: string;
  notices: SmsNoticeState;
  /** The ledger (once-a-day keys of every send) and the credits left. */
  ledger: SmsCreditState;
  creditsLeft: number;
  students: readonly SmsStudentPhones[];
  facts: SmsNoticeFacts;
}

/** A notice goes to the parents first, then the student: the first phone it may go to (İYS rule). */
const NOTICE_PHONE_ORDER: readonly SmsPhoneKind[] = ['parent1Phone', 'parent2Phone', 'studentPhone'];

const two = (n: number) => String(n).padStart(2, '0');
const localDate = (iso: string) => {
  const l = toLocal(Date.parse(iso));
  return { date: `${two(l.day)}.${two(l.month)}.${l.year}`, time: `${two(l.hour)}:${two(l.minute)}` };
};

/** The notice's text for one student, its placeholders filled, cut to the SMS maximum. */
export function fillSmsNotice(
  text: string,
  values: { student: string; course: string; amount?: Kurus; at?: string },
): string {
  const when = values.at ? localDate(values.at) : { date: '', time: '' };
  const filled = text
    .replaceAll('{öğrenci}', values.student)
    .replaceAll('{kurs}', values.course)
    .replaceAll('{tutar}', values.amount === undefined ? '' : formatTl(values.amount))
    .replaceAll('{tarih}', when.date)
    .replaceAll('{saat}', when.time);
  return truncateSms(filled);
}

interface Candidate {
  studentId: string;
  values: { course: string; amount?: Kurus; at?: string };
}

const istanbulDay = (iso: string) => smsDay(iso);
const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${next.getUTCFullYear()}-${two(next.getUTCMonth() + 1)}-${two(next.getUTCDate())}`;
};

function candidatesOf(run: SmsNoticeRun): { list: Candidate[]; debtCleared: string[] } {
  const today = istanbulDay(run.now);
  const nowMs = Date.parse(run.now);
  switch (run.kind) {
    case 'debtWarning': {
      const s = run.notices.settings.debtWarning;
      const byStudent = new Map<string, { owed: Kurus; courses: string[] }>();
      for (const d of run.facts.debts ?? []) {
        if (d.owed <= 0) continue;
        const t = byStudent.get(d.studentId) ?? { owed: 0, courses: [] };
        t.owed += d.owed;
        t.courses.push(d.courseName);
        byStudent.set(d.studentId, t);
      }
      const monthly = s.monthlyDay !== null && toLocal(nowMs).day === s.monthlyDay;
      const list: Candidate[] = [];
      for (const [studentId, t] of byStudent) {
        // The threshold warns once as a debt passes it; the monthly day reminds every debtor.
        const passed = t.owed >= s.threshold && !run.notices.debtWarned[studentId];
        if (passed || monthly)
          list.push({ studentId, values: { course: t.courses.join(', '), amount: t.owed } });
      }
      const debtCleared = Object.keys(run.notices.debtWarned).filter(
        (id) => (byStudent.get(id)?.owed ?? 0) < s.threshold,
      );
      return { list, debtCleared };
    }
    case 'absenceNotice': {
      // A lesson of today that has ended, whose attendance was taken without the student: absent.
      const list: Candidate[] = [];
      const lessons = [...(run.facts.lessons ?? [])].sort((a, b) => (a.start < b.start ? -1 : 1));
      for (const l of lessons) {
        if (l.attendantIds === null || Date.parse(l.end) > nowMs || istanbulDay(l.start) !== today) continue;
        const present = new Set(l.attendantIds);
        for (const id of l.memberIds)
          if (!present.has(id)) list.push({ studentId: id, values: { course: l.courseName, at: l.start } });
      }
      return { list, debtCleared: [] };
    }
    case 'lessonReminder': {
      const tomorrow = nextDay(today);
      const list: Candidate[] = [];
      const lessons = [...(run.facts.lessons ?? [])].sort((a, b) => (a.start < b.start ? -1 : 1));
      for (const l of lessons) {
        if (istanbulDay(l.start) !== tomorrow) continue;
        for (const id of l.memberIds)
          list.push({ studentId: id, values: { course: l.courseName, at: l.start } });
      }
      return { list, debtCleared: [] };
    }
    default: {
      const _exhaustive: never = run.kind;
      return _exhaustive;
    }
  }
}

/**
 * Whom a notice reaches now, and with what text: one message a student a day (the first lesson or every
 * course owed, in one text), to the first phone of parent 1, parent 2, the student that may take the notice
 * (informational: any phone whose owner did not answer RET), not repeating the same text to the same number
 * on the same day (api.md 9.2), and only while the credits left cover it.
 */
export function planSmsNotices(run: SmsNoticeRun): SmsNoticePlan {
  const { list, debtCleared } = candidatesOf(run);
  const students = new Map(run.students.map((s) => [s.id, s]));
  const today = istanbulDay(run.now);
  const last = run.notices.notified[run.kind];
  const notifiedToday = last && last.day === today ? last.studentIds : {};
  const sentToday = run.ledger.day === today ? run.ledger.sentToday : {};
  const text = run.notices.settings[run.kind].text;
  const plan: SmsNoticePlan = { kind: run.kind, messages: [], skipped: [], debtCleared, credits: 0 };
  const seen = new Set<string>();
  let left = run.creditsLeft;
  for (const c of list) {
    const s = students.get(c.studentId);
    // A deleted or unknown student, or one already handled in this run (a second lesson), gets nothing more.
    if (!s || seen.has(c.studentId)) continue;
    seen.add(c.studentId);
    const name = `${s.name} ${s.surname}`.trim();
    const skip = (reason: SmsNoticeSkip) => plan.skipped.push({ studentId: s.id, name, reason });
    if (notifiedToday[s.id]) {
      skip('alreadyNotified');
      continue;
    }
    const phones = NOTICE_PHONE_ORDER.map((kind) => ({
      kind,
      dest: normalizeSmsDestination(phoneOf(s, kind)),
    })).filter((p): p is { kind: SmsPhoneKind; dest: string } => p.dest !== null);
    if (phones.length === 0) {
      skip('noPhone');
      continue;
    }
    const phone = phones.find((p) => maySendSms(run.kind, consentOf(s, p.kind)));
    if (!phone) {
      skip('noConsent');
      continue;
    }
    const msg = fillSmsNotice(text, { student: name, ...c.values });
    if (sentToday[onceADayKey(phone.dest, msg)]) {
      skip('sentToday');
      continue;
    }
    const credits = smsSegments(msg, SMS_DATA_CODING);
    if (credits > left) {
      skip('noCredits');
      continue;
    }
    left -= credits;
    plan.credits += credits;
    plan.messages.push({ studentId: s.id, name, phoneKind: phone.kind, dest: phone.dest, msg, credits });
  }
  return plan;
}

/** The outbox's cause of a notice's messages. */
export function smsNoticeCause(kind: SmsNoticeKind): string {
  return `Otomatik bildirim: ${SMS_TYPES[kind].label}`;
}

/** A notice is due once the day's send hour has come (Istanbul time). */
export function smsNoticeHourReached(settings: SmsNoticeSettings, now: string): boolean {
  return toLocal(Date.parse(now)).hour >= settings.sendHour;
}

/**
 * The lessons a notice looks at: today's (Istanbul) for absences, tomorrow's for reminders; none for debts.
 * The window of a day is [its local midnight, the next one).
 */
export function smsNoticeLessonWindow(kind: SmsNoticeKind, now: string): { from: string; to: string } | null {
  if (kind === 'debtWarning') return null;
  const l = toLocal(Date.parse(now));
  const offset = kind === 'lessonReminder' ? 1 : 0;
  const at = (d: number) =>
    new Date(fromLocal({ year: l.year, month: l.month, day: l.day + d })).toISOString();
  return { from: at(offset), to: at(offset + 1) };
}
