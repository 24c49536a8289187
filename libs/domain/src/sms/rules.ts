import { toLocal } from '../shared/time';
import type { ConsentStatus } from '../students/schemas';

/** api.md 9.2: a message is at most 1000 characters; a longer text is cut with an ellipsis. */
export const SMS_MAX_LENGTH = 1000;
/** Three dots rather than "…": the single character is outside the GSM alphabets and would force Unicode. */
const ELLIPSIS = '...';

export function truncateSms(text: string): string {
  const chars = [...text];
  if (chars.length <= SMS_MAX_LENGTH) return text;
  return chars.slice(0, SMS_MAX_LENGTH - ELLIPSIS.length).join('') + ELLIPSIS;
}

/**
 * api.md 9.2 "special characters count double": the GSM 03.38 extension table reached with an escape, as the
 * gateway (Verimor, Not-1 of its size table) counts them under data coding 0 and 1.
 */
export const DOUBLE_COUNT_CHARACTERS = ['^', '{', '}', '\\', '[', ']', '~', '|', '€'] as const;
const DOUBLE = new Set<string>(DOUBLE_COUNT_CHARACTERS);

/** The letters only the Turkish shift table holds (data coding 1 is needed for them). */
export const TURKISH_SHIFT_LETTERS = ['Ş', 'ş', 'Ğ', 'ğ', 'ç', 'ı', 'İ'] as const;

export type SmsDataCoding = 0 | 1;
/** api.md 9.2: the coding used is 1. */
export const SMS_DATA_CODING: SmsDataCoding = 1;

/** The counted length of a text: every character 1, the special characters 2. */
export function smsLength(text: string): number {
  let n = 0;
  for (const c of text) n += DOUBLE.has(c) ? 2 : 1;
  return n;
}

/**
 * api.md 9.2: data coding 1 gives 155 characters a segment, 0 gives 160. A longer message is sent in parts
 * whose concatenation header takes room from each part: 149 (coding 1) or 153 (coding 0) characters a part,
 * the gateway's size table (155/298/447/.../1043 and 160/306/459/.../1071).
 */
export function smsSegments(text: string, dataCoding: SmsDataCoding = SMS_DATA_CODING): number {
  const n = smsLength(text);
  if (n === 0) return 0;
  const single = dataCoding === 1 ? 155 : 160;
  const part = dataCoding === 1 ? 149 : 153;
  return n <= single ? 1 : Math.ceil(n / part);
}

/** api.md 9.2: credits needed are the sum over the selected phones (one credit a segment, national). */
export function smsCredits(messages: ReadonlyArray<{ message: string }>, dataCoding = SMS_DATA_CODING) {
  return messages.reduce((sum, m) => sum + smsSegments(m.message, dataCoding), 0);
}

/** api.md 9.2: 10 digits get the prefix 90; 12 digits are kept; anything else is dropped (null). */
export function normalizeSmsDestination(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `90${digits}`;
  if (digits.length === 12) return digits;
  return null;
}

/**
 * api.md 9.2 phone book: a leading + is kept; 12 digits starting 9 get +; 11 digits starting 0 get +9;
 * 10 digits starting 5 get +90; anything else is ignored (null).
 */
export function phoneBookNumber(raw: string | null | undefined): string | null {
  const t = (raw ?? '').trim();
  if (t === '') return null;
  if (t.startsWith('+')) return t;
  const d = t.replace(/\D/g, '');
  if (d.length === 12 && d.startsWith('9')) return `+${d}`;
  if (d.length === 11 && d.startsWith('0')) return `+9${d}`;
  if (d.length === 10 && d.startsWith('5')) return `+90${d}`;
  return null;
}

/** Which of a student's three phones (product.md 3 Student). */
export const SMS_PHONE_KINDS = ['studentPhone', 'parent1Phone', 'parent2Phone'] as const;
export type SmsPhoneKind = (typeof SMS_PHONE_KINDS)[number];

/** api.md 9.2 phone book labels. */
export const PHONE_BOOK_LABELS: Record<SmsPhoneKind, string> = {
  studentPhone: '[Ö]',
  parent1Phone: '[V1]',
  parent2Phone: '[V2]',
};

export interface SmsStudentPhones {
  id: string;
  name: string;
  surname: string;
  studentNumber?: number;
  phone: string | null;
  parent1Name?: string | null;
  parent1Phone: string | null;
  parent2Name?: string | null;
  parent2Phone: string | null;
  studentPhoneOptInStatus: ConsentStatus | null;
  parent1PhoneOptInStatus: ConsentStatus | null;
  parent2PhoneOptInStatus: ConsentStatus | null;
}

/** getSmsRecipients' answer: the credit balance and the students with their phones and consents. */
export interface SmsRecipients {
  smsCredits: number;
  students: SmsStudentPhones[];
}

export function phoneOf(s: SmsStudentPhones, kind: SmsPhoneKind): string | null {
  return kind === 'studentPhone' ? s.phone : s[kind];
}

export function consentOf(s: SmsStudentPhones, kind: SmsPhoneKind): ConsentStatus | null {
  return s[`${kind}OptInStatus`];
}

const vcardEscape = (v: string) => v.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;');

/**
 * api.md 9.2 phone book: one vCard per phone, named after the student with the label [Ö], [V1] or [V2];
 * phones that do not normalise are left out. Empty when no phone is left (the screen then says
 * "Telefon numarası yok, ...").
 */
export function buildPhoneBook(students: readonly SmsStudentPhones[]): string {
  const cards: string[] = [];
  for (const s of students) {
    for (const kind of SMS_PHONE_KINDS) {
      const tel = phoneBookNumber(phoneOf(s, kind));
      if (!tel) continue;
      const name = `${s.name} ${s.surname} ${PHONE_BOOK_LABELS[kind]}`;
      cards.push(
        [
          'BEGIN:VCARD',
          'VERSION:3.0',
          `FN:${vcardEscape(name)}`,
          `N:${vcardEscape(`${s.surname} ${PHONE_BOOK_LABELS[kind]}`)};${vcardEscape(s.name)};;;`,
          `TEL;TYPE=CELL:${tel}`,
          'END:VCARD',
        ].join('\r\n'),
      );
    }
  }
  return cards.length ? `${cards.join('\r\n')}\r\n` : '';
}

const two = (n: number) => String(n).padStart(2, '0');

/** api.md 9.2: vCard-date_time.vcf, on the institution's calendar (e.g. vCard-2026-11-23_22-45.vcf). */
export function phoneBookFileName(now: string): string {
  const l = toLocal(Date.parse(now));
  return `vCard-${l.year}-${two(l.month)}-${two(l.day)}_${two(l.hour)}-${two(l.minute)}.vcf`;
}

/** The Istanbul calendar day of an instant (yyyy-mm-dd): the unit of the once-a-day rule. */
export function smsDay(now: string): string {
  const l = toLocal(Date.parse(now));
  return `${l.year}-${two(l.month)}-${two(l.day)}`;
}

/** FNV-1a (32 bit, twice with different seeds): a short stable digest of a message for the once-a-day key. */
export function contentDigest(text: string): string {
  const h = (seed: number) => {
    let x = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      x ^= text.charCodeAt(i);
      x = Math.imul(x, 0x01000193) >>> 0;
    }
    return x.toString(16).padStart(8, '0');
  };
  return h(0x811c9dc5) + h(0x050c5d1f);
}

/** api.md 9.2: the same content to the same number at most once a day. */
export function onceADayKey(dest: string, message: string): string {
  return `${dest}:${contentDigest(message)}`;
}
