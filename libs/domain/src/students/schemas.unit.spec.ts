import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import {
  editStudentSchema,
  registerStudentSchema,
  studentFormProblems,
  studentValidationMessage,
} from './schemas';
import { STUDENT, studentForm, studentInput } from './fixtures';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0].message;

describe('student form parsing', () => {
  it('trims, turns blanks into null, dates into numbers and phones into digits', () => {
    expect(registerStudentSchema.parse(studentForm)).toEqual(studentInput);
  });

  it('refuses unknown fields', () => {
    expect(registerStudentSchema.safeParse({ ...studentForm, isAdmin: true }).success).toBe(false);
  });

  it('carries the id on edit', () => {
    expect(editStudentSchema.parse({ id: STUDENT, ...studentForm })).toEqual({
      id: STUDENT,
      ...studentInput,
    });
    expect(firstMessage(editStudentSchema.safeParse(studentForm))).toBe('Öğrenci bulunamadı.');
  });

  it('lists every missing item at once, create wording (joined by commas)', () => {
    expect(firstMessage(registerStudentSchema.safeParse({}))).toBe(
      'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim, Soyisim, TC kimlik no eksik, Kayıt tarihi, Doğum tarihi, Doğum yeri, Adres',
    );
  });

  it('lists the items on separate lines on edit', () => {
    expect(
      firstMessage(editStudentSchema.safeParse({ id: STUDENT, ...studentForm, name: '', pob: ' ' })),
    ).toBe('Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: İsim\nDoğum yeri');
  });

  it.each([
    [{ email: 'ayse@ornek' }, 'Geçersiz e-mail adresi'],
    [{ email: `${'a'.repeat(95)}@x.com` }, 'Geçersiz e-mail adresi'],
    [{ phone: '2161234567' }, 'Telefon 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __'],
    [{ parent2Phone: '53' }, '2. veli telefonu 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __'],
    [{ studentPhoneOptInStatus: 'EVET' }, 'Öğrenci telefonu SMS izni ONAY, RET veya boş olmalıdır.'],
    [{ facebook: 'f'.repeat(51) }, 'Facebook en fazla 50 karakter olabilir.'],
    [{ parent1Job: 'j'.repeat(51) }, '1. veli mesleği en fazla 50 karakter olabilir.'],
    [{ notes: 'n'.repeat(1001) }, 'Notlar en fazla 1000 karakter olabilir.'],
    [{ name: true }, 'Geçersiz istek.'],
  ])('refuses %j with "%s"', (patch, text) => {
    expect(firstMessage(registerStudentSchema.safeParse({ ...studentForm, ...patch }))).toBe(text);
  });

  it('accepts the limits exactly', () => {
    const r = registerStudentSchema.safeParse({
      ...studentForm,
      name: 'n'.repeat(50),
      address: 'a'.repeat(500),
      notes: 'n'.repeat(1000),
      email: `${'a'.repeat(94)}@x.com`,
    });
    expect(r.success).toBe(true);
  });
});

describe('student form items (product.md 5)', () => {
  it.each([
    [{ name: '  ' }, ['İsim']],
    [{ name: 'x'.repeat(51) }, ['İsim']],
    [{ surname: null }, ['Soyisim']],
    [{ TCKN: '10000000147' }, ['TCKN geçersiz']],
    [{ TCKN: '1000000014a' }, ['TCKN geçersiz']],
    [{ TCKN: '1000000014' }, ['TC kimlik no eksik']],
    [{ TCKN: '' }, ['TC kimlik no eksik']],
    [{ regY: 1999 }, ['Kayıt tarihi']],
    [{ regY: 3000 }, ['Kayıt tarihi']],
    [{ regD: 31, regM: 4 }, ['Kayıt tarihi']],
    [{ regD: null }, ['Kayıt tarihi']],
    [{ regM: 'ab' }, ['Kayıt tarihi']],
    [{ dobY: 1899 }, ['Doğum tarihi']],
    [{ dobD: 29, dobM: 2, dobY: 2013 }, ['Doğum tarihi']],
    [{ dobD: 29, dobM: 2, dobY: 2012 }, []],
    [{ pob: '' }, ['Doğum yeri']],
    [{ address: 'a'.repeat(501) }, ['Adres']],
    [{ regY: 2000, dobY: 1900 }, []],
  ])('%j -> %j', (patch, items) => {
    expect(studentFormProblems({ ...studentInput, ...patch })).toEqual(items);
  });

  it('names a TCKN held by another student only when it is valid', () => {
    expect(studentFormProblems(studentInput, { existingTckns: ['10000000146'] })).toEqual([
      'TCKN zaten kayıtlı',
    ]);
    expect(
      studentFormProblems({ ...studentInput, TCKN: '10000000147' }, { existingTckns: ['10000000147'] }),
    ).toEqual(['TCKN geçersiz']);
  });

  const breakers = [
    ['İsim', { name: '' }],
    ['Soyisim', { surname: '' }],
    ['TCKN geçersiz', { TCKN: '10000000140' }],
    ['Kayıt tarihi', { regY: 1990 }],
    ['Doğum tarihi', { dobM: 13 }],
    ['Doğum yeri', { pob: null }],
    ['Adres', { address: ' ' }],
  ] as const;

  it('always lists the items in the order of api.md 8.2', () => {
    fc.assert(
      fc.property(fc.subarray([...breakers]), (chosen) => {
        const patch = Object.assign({}, ...chosen.map(([, p]) => p));
        const expected = breakers.filter((b) => chosen.includes(b)).map(([item]) => item);
        expect(studentFormProblems({ ...studentInput, ...patch })).toEqual(expected);
      }),
    );
  });

  it('builds the exact texts of api.md 8.2', () => {
    expect(studentValidationMessage(['İsim', 'Adres'], 'create')).toBe(
      'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim, Adres',
    );
    expect(studentValidationMessage(['İsim', 'Adres'], 'edit')).toBe(
      'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: İsim\nAdres',
    );
    expect(new DomainError('student.createNoAnswer').message).toBe('Öğrenci kaydedilemedi: Bağlantı hatası');
  });
});
