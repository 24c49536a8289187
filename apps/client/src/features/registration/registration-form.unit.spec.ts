import { generateTckn, generateVkn, isValidTckn, isValidVkn } from '@okul/domain';
import fc from 'fast-check';
import { digitsOnly } from '../../lib/format';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  EMPTY_REGISTRATION_FORM,
  checkRegistration,
  needsVkn,
  registrationResolver,
  registrationPayload,
  sanitizeField,
  tcknInlineError,
  vknInlineError,
  type RegistrationValues,
} from './registration-form';

const filled = (over: Partial<RegistrationValues> = {}): RegistrationValues => ({
  name: 'Ayşe',
  surname: 'Yılmaz',
  email: 'ayse@ornek.com',
  password: 'gizli-sifre',
  phone: '5321234567',
  tckn: '10000000146',
  organizationName: 'Deneme Kursu',
  organizationAddress: 'Kadıköy, İstanbul',
  vkn: '1234567890',
  employeeCount: '5',
  organizationType: 'Müzik okulu',
  companyType: 'limited',
  ...over,
});
const both = { legalTerms: true, communication: true };

describe('registration form checks (product.md 5)', () => {
  it('asks for every field first: Lütfen tüm alanları doldurun.', () => {
    const r = checkRegistration(EMPTY_REGISTRATION, both);
    expect(r).toMatchObject({ ok: false, toast: 'Lütfen tüm alanları doldurun.' });
    if (!r.ok) expect(r.fields).toContain('companyType');
    const blankName = checkRegistration(filled({ name: '   ' }), both);
    expect(blankName).toEqual({ ok: false, toast: 'Lütfen tüm alanları doldurun.', fields: ['name'] });
  });

  it('needs a VKN only for şahıs, limited and anonim companies', () => {
    expect(needsVkn('sahis') && needsVkn('limited') && needsVkn('anonim')).toBe(true);
    expect(needsVkn('ngo') || needsVkn('none') || needsVkn('')).toBe(false);
    expect(checkRegistration(filled({ companyType: 'anonim', vkn: '' }), both)).toEqual({
      ok: false,
      toast: 'Lütfen tüm alanları doldurun.',
      fields: ['vkn'],
    });
    const ngo = checkRegistration(filled({ companyType: 'ngo', vkn: '' }), both);
    expect(ngo.ok).toBe(true);
  });

  it('drops a VKN typed before switching to a company type without one', () => {
    expect(registrationPayload(filled({ companyType: 'none', vkn: '999' })).vkn).toBe('');
    const r = checkRegistration(filled({ companyType: 'none', vkn: '1111111111' }), both);
    expect(r.ok && r.payload.vkn).toBe('');
  });

  it('refuses a TCKN or VKN with a wrong check digit with the toast of api.md 8.1', () => {
    expect(checkRegistration(filled({ tckn: '10000000147' }), both)).toEqual({
      ok: false,
      toast: 'Geçerli bir TCKN giriniz.',
      fields: ['tckn'],
    });
    expect(checkRegistration(filled({ vkn: '1234567891' }), both)).toEqual({
      ok: false,
      toast: 'Geçerli bir VKN giriniz.',
      fields: ['vkn'],
    });
  });

  it('refuses a malformed e-mail and a short password with the server’s words', () => {
    expect(checkRegistration(filled({ email: 'ayse@ornek' }), both)).toMatchObject({
      ok: false,
      toast: 'Geçersiz e-mail adresi',
    });
    expect(checkRegistration(filled({ password: '12345' }), both)).toMatchObject({
      ok: false,
      toast: 'Şifre en az 6 karakter olmalıdır.',
    });
  });

  it('checks the legal box before the communication box, and the form before both', () => {
    expect(checkRegistration(filled(), { legalTerms: false, communication: false })).toEqual({
      ok: false,
      toast: 'Yasal koşulları kabul etmelisiniz.',
      fields: [],
    });
    expect(checkRegistration(filled(), { legalTerms: true, communication: false })).toEqual({
      ok: false,
      toast: 'İletişim izni kabul etmelisiniz.',
      fields: [],
    });
    expect(
      checkRegistration(filled({ tckn: '' }), { legalTerms: false, communication: false }),
    ).toMatchObject({
      toast: 'Lütfen tüm alanları doldurun.',
    });
  });

  it('sends the trimmed form, e-mail lower-cased, password as typed', () => {
    const r = checkRegistration(
      filled({ name: '  Ayşe ', email: ' Ayse@Ornek.com ', password: ' a b c ' }),
      both,
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.payload.name).toBe('Ayşe');
      expect(r.payload.email).toBe('ayse@ornek.com');
      expect(r.payload.password).toBe(' a b c ');
    }
  });

  it('accepts every generated TCKN and VKN (the test-aid buttons)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        let s = seed;
        const random = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
        const tckn = generateTckn(random);
        const vkn = generateVkn(random);
        expect(isValidTckn(tckn) && isValidVkn(vkn)).toBe(true);
        expect(checkRegistration(filled({ tckn, vkn }), both).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('live field checks', () => {
  it('shows Geçersiz TCKN while the number is wrong, nothing while empty', () => {
    expect(tcknInlineError('')).toBeNull();
    expect(tcknInlineError('1000000014')).toBe('Geçersiz TCKN');
    expect(tcknInlineError('10000000146')).toBeNull();
  });

  it('shows Geçersiz VKN only where a VKN is asked', () => {
    expect(vknInlineError('123', 'limited')).toBe('Geçersiz VKN');
    expect(vknInlineError('1234567890', 'limited')).toBeNull();
    expect(vknInlineError('123', 'ngo')).toBeNull();
    expect(vknInlineError('', 'sahis')).toBeNull();
  });

  it('keeps only digits, up to the field length (employeeCount digits only)', () => {
    expect(digitsOnly('12a-3 4', 6)).toBe('1234');
    expect(digitsOnly('123456789012', 11)).toBe('12345678901');
    expect(digitsOnly('(532) 123 45 67', 10)).toBe('5321234567');
  });

  it('takes a pasted phone with its trunk or country prefix, and leaves text fields alone', () => {
    expect(sanitizeField('phone', '0532 123 45 67')).toBe('5321234567');
    expect(sanitizeField('phone', '+90 (532) 123 45 67')).toBe('5321234567');
    expect(sanitizeField('employeeCount', '12 kişi')).toBe('12');
    expect(sanitizeField('tckn', '100 000 001 46 9')).toBe('10000000146');
    expect(sanitizeField('name', ' Ayşe 2 ')).toBe(' Ayşe 2 ');
  });
});

describe('the form resolver', () => {
  const resolve = (values: Parameters<typeof registrationResolver>[0]) =>
    registrationResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('marks the refused fields and carries the one toast as root', async () => {
    const r = await resolve(EMPTY_REGISTRATION_FORM);
    expect(r.errors.root?.message).toBe('Lütfen tüm alanları doldurun.');
    expect(r.errors.name?.message).toBe('Lütfen tüm alanları doldurun.');
    const unticked = await resolve({ ...filled(), legalTerms: false, communication: true });
    expect(Object.keys(unticked.errors)).toEqual(['root']);
  });

  it('hands on the parsed body once everything is right', async () => {
    const r = await resolve({ ...filled({ email: ' Ayse@Ornek.com ' }), ...both });
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ email: 'ayse@ornek.com', companyType: 'limited' });
  });
});
