import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPhoneBook,
  normalizeSmsDestination,
  phoneBookFileName,
  phoneBookNumber,
  smsCredits,
  smsLength,
  smsSegments,
  truncateSms,
  type SmsStudentPhones,
} from './rules';
import { maySendSms } from './statuses';

describe('message length (api.md 9.2)', () => {
  it('keeps 1000 characters and cuts a longer text to 1000 ending in an ellipsis', () => {
    expect(truncateSms('a'.repeat(1000))).toBe('a'.repeat(1000));
    const cut = truncateSms('b'.repeat(1001));
    expect(cut).toHaveLength(1000);
    expect(cut.endsWith('...')).toBe(true);
  });

  it('counts the GSM 03.38 extension characters double', () => {
    expect(smsLength('abc')).toBe(3);
    expect(smsLength('^{}\\[]~|€')).toBe(18);
    expect(smsLength('şğıİçöü')).toBe(7);
  });
});

describe('segments (the gateway size table for data coding 1 and 0)', () => {
  // Verimor SMS boy karakter limitleri: Türkçe 155/298/447/596/745/894/1043, Normal 160/306/459/.../1071.
  const dc1 = [155, 298, 447, 596, 745, 894, 1043];
  const dc0 = [160, 306, 459, 612, 765, 918, 1071];
  it.each(dc1.map((max, i) => [i + 1, max]))('coding 1: %i segment(s) up to %i characters', (n, max) => {
    expect(smsSegments('x'.repeat(max), 1)).toBe(n);
    expect(smsSegments('x'.repeat(max + 1), 1)).toBe(n + 1);
  });
  it.each(dc0.map((max, i) => [i + 1, max]))('coding 0: %i segment(s) up to %i characters', (n, max) => {
    expect(smsSegments('x'.repeat(max), 0)).toBe(n);
    expect(smsSegments('x'.repeat(max + 1), 0)).toBe(n + 1);
  });
  it('an empty message has no segment; a special character can push a text into the next one', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('x'.repeat(154) + '€')).toBe(2);
    expect(smsSegments('x'.repeat(153) + '€')).toBe(1);
  });
  it('credits are the sum over the selected phones', () => {
    expect(smsCredits([{ message: 'a' }, { message: 'x'.repeat(156) }, { message: '' }])).toBe(3);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 400 }), { maxLength: 20 }), (texts) => {
        const total = smsCredits(texts.map((message) => ({ message })));
        expect(total).toBe(texts.reduce((n, t) => n + smsSegments(t), 0));
        expect(total).toBeGreaterThanOrEqual(texts.filter((t) => t.length > 0).length);
      }),
    );
  });
  it('segments never shrink as a text grows', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1100 }), fc.string({ maxLength: 50 }), (a, b) => {
        expect(smsSegments(a + b)).toBeGreaterThanOrEqual(smsSegments(a));
      }),
    );
  });
});

describe('destinations (api.md 9.2)', () => {
  it('prefixes 10 digits with 90, keeps 12, drops the rest', () => {
    expect(normalizeSmsDestination('5321234567')).toBe('905321234567');
    expect(normalizeSmsDestination('(532) 123 45 67')).toBe('905321234567');
    expect(normalizeSmsDestination('905321234567')).toBe('905321234567');
    expect(normalizeSmsDestination('05321234567')).toBeNull();
    expect(normalizeSmsDestination('')).toBeNull();
    expect(normalizeSmsDestination(null)).toBeNull();
  });
});

describe('phone book (api.md 9.2)', () => {
  it('normalises as the spec lists', () => {
    expect(phoneBookNumber('+49 151 2345')).toBe('+49 151 2345');
    expect(phoneBookNumber('905321234567')).toBe('+905321234567');
    expect(phoneBookNumber('05321234567')).toBe('+905321234567');
    expect(phoneBookNumber('5321234567')).toBe('+905321234567');
    expect(phoneBookNumber('2161234567')).toBeNull();
    expect(phoneBookNumber('123')).toBeNull();
  });
  const s: SmsStudentPhones = {
    id: 'x',
    name: 'Ayşe',
    surname: 'Yılmaz',
    phone: '5321234567',
    parent1Phone: '05331234567',
    parent2Phone: '212',
    studentPhoneOptInStatus: null,
    parent1PhoneOptInStatus: null,
    parent2PhoneOptInStatus: null,
  };
  it('writes one card per usable phone with the [Ö]/[V1]/[V2] labels, and nothing without phones', () => {
    const vcf = buildPhoneBook([s]);
    expect(vcf.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(vcf).toContain('FN:Ayşe Yılmaz [Ö]\r\n');
    expect(vcf).toContain('FN:Ayşe Yılmaz [V1]\r\nN:Yılmaz [V1];Ayşe;;;\r\nTEL;TYPE=CELL:+905331234567');
    expect(vcf).not.toContain('[V2]');
    expect(buildPhoneBook([{ ...s, phone: null, parent1Phone: null }])).toBe('');
  });
  it('names the file vCard-date_time.vcf on the Istanbul calendar', () => {
    expect(phoneBookFileName('2026-11-23T21:05:00.000Z')).toBe('vCard-2026-11-24_00-05.vcf');
  });
});

describe('consent and message types (İYS)', () => {
  it('commercial messages need ONAY; informational ones any phone not refused', () => {
    expect(maySendSms('general', 'ONAY')).toBe(true);
    expect(maySendSms('general', null)).toBe(false);
    expect(maySendSms('test', 'RET')).toBe(false);
    expect(maySendSms('debtWarning', null)).toBe(true);
    expect(maySendSms('debtWarning', 'RET')).toBe(false);
  });
});
