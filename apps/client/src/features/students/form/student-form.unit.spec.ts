import { editStudentSchema, generateTckn, registerStudentSchema, sampleStudentForm } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import type { Student } from '@okul/domain';
import {
  emptyStudentForm,
  formFromValues,
  formToPayload,
  notesPayload,
  showsParents,
  validateStudentForm,
  type StudentFormState,
} from './student-form';

const today = { year: 2025, month: 6, day: 15 };
const TCKN = '10000000146';
const ID = '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69';

function filled(o: Partial<StudentFormState> = {}): StudentFormState {
  return {
    ...emptyStudentForm(today),
    name: ' Ayşe ',
    surname: 'Işık',
    TCKN,
    dobD: '5',
    dobM: '03',
    dobY: '2012',
    pob: 'İstanbul',
    address: 'Moda Cad. No: 1',
    ...o,
  };
}

describe('form to payload (product.md 5)', () => {
  it('trims strings, turns dates into numbers and empty or blank text into null', () => {
    const payload = formToPayload(
      filled({ email: '   ', phone: ' 5321234567 ', studentPhoneOptInStatus: 'ONAY' }),
    );
    expect(payload).toMatchObject({
      name: 'Ayşe',
      surname: 'Işık',
      dobD: 5,
      dobM: 3,
      dobY: 2012,
      regD: 15,
      regM: 6,
      regY: 2025,
      email: null,
      phone: '5321234567',
      studentPhoneOptInStatus: 'ONAY',
      parent1PhoneOptInStatus: null,
      notes: null,
    });
    // the shared schema takes it as the server will
    expect(registerStudentSchema.safeParse(payload).success).toBe(true);
  });

  it('round-trips a stored student and the Otomatik Doldur sample through the form', () => {
    let n = 0;
    const random = () => ((n = (n * 9301 + 49297) % 233280), n / 233280);
    const sample = sampleStudentForm(random, today);
    const payload = formToPayload(formFromValues(sample));
    expect(registerStudentSchema.parse(payload)).toEqual(registerStudentSchema.parse(sample));
    const student = {
      id: ID,
      ...registerStudentSchema.parse(sample),
      studentPhoneConsentDate: null,
    } as unknown as Student;
    expect(formFromValues(student).dobY).toBe(String(sample.dobY));
  });

  it('saves the notes box through editStudent with every other field unchanged', () => {
    const student = {
      id: ID,
      ...registerStudentSchema.parse(formToPayload(filled({ phone: '5321234567', parent1Name: 'Fatma' }))),
      studentNumber: 25001,
    } as unknown as Student;
    const body = notesPayload(student, '  Piyano sınavına hazırlanıyor  ');
    const parsed = editStudentSchema.parse(body);
    expect(parsed).toMatchObject({
      id: ID,
      notes: 'Piyano sınavına hazırlanıyor',
      phone: '5321234567',
      parent1Name: 'Fatma',
    });
    expect(Object.keys(body)).not.toContain('studentNumber');
  });
});

describe('validation toasts (api.md 8.2)', () => {
  it('lists the missing items joined by commas on create', () => {
    const r = validateStudentForm(filled({ name: '', pob: ' ' }), { mode: 'create' });
    expect(r).toMatchObject({
      ok: false,
      toast: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: İsim, Doğum yeri',
      // under the inputs: that they are required, not their names again
      fieldErrors: { name: 'İsim zorunludur.', pob: 'Doğum yeri zorunludur.' },
    });
  });

  it('puts the items on separate lines on edit', () => {
    const r = validateStudentForm(filled({ surname: '', dobY: '1800' }), { mode: 'edit', id: ID });
    expect(r).toMatchObject({
      ok: false,
      toast: 'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: Soyisim\nDoğum tarihi',
      fieldErrors: {
        surname: 'Soyisim zorunludur.',
        dobD: 'Doğum tarihi geçersiz.',
        dobM: 'Doğum tarihi geçersiz.',
        dobY: 'Doğum tarihi geçersiz.',
      },
    });
  });

  it('refuses a TCKN of another student on create only, and names bad check digits', () => {
    const taken = generateTckn(() => 0.42);
    const create = validateStudentForm(filled({ TCKN: taken }), { mode: 'create', existingTckns: [taken] });
    expect(create).toMatchObject({
      ok: false,
      toast: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
    });
    expect(
      validateStudentForm(filled({ TCKN: taken }), { mode: 'edit', id: ID, existingTckns: [taken] }).ok,
    ).toBe(true);
    expect(validateStudentForm(filled({ TCKN: '12345678901' }), { mode: 'create' })).toMatchObject({
      toast: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz',
    });
    expect(validateStudentForm(filled({ TCKN: '123' }), { mode: 'create' })).toMatchObject({
      toast: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TC kimlik no eksik',
    });
  });

  it('names a field the schema refuses on its own under the input and in the prefixed toast', () => {
    const r = validateStudentForm(filled({ phone: '4321234567' }), { mode: 'create' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.toast).toMatch(/^Öğrenci kaydedilemedi: Telefon 10 haneli olmalı/);
    expect(r.fieldErrors.phone).toMatch(/^Telefon 10 haneli/);
  });

  it('answers the payload when everything holds', () => {
    const r = validateStudentForm(filled(), { mode: 'edit', id: ID });
    expect(r).toMatchObject({ ok: true, payload: { id: ID, name: 'Ayşe' } });
  });
});

describe('parent section (product.md 2)', () => {
  it('shows for students under 18, an unknown birth date, or parent data already entered', () => {
    expect(showsParents(filled({ dobY: '2012' }), today)).toBe(true);
    expect(showsParents(filled({ dobY: '1990' }), today)).toBe(false);
    expect(showsParents(filled({ dobY: '' }), today)).toBe(true);
    expect(showsParents(filled({ dobY: '1990', parent1Name: 'Fatma' }), today)).toBe(true);
  });
});
