import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { generateTckn } from '../shared/validation';
import { evolveStudent, studentStream, type StudentState } from './decider';
import { ORG, USER } from './fixtures';
import {
  checkImportRow,
  countOutcomes,
  duplicateTcknLines,
  guessColumnMapping,
  guessField,
  importStudentsSchema,
  IMPORT_CHUNK_MAX,
  mapImportRow,
  parseDateCell,
  planStudentImport,
  studentImportDecider,
  type ImportCandidate,
  type ImportField,
} from './import';
import { planStudentRegistration } from './registration';
import { studentNumberStream } from './student-number-decider';
import { freeTcknReservation, legacyTcknReservationStream, tcknReservationStream } from './tckn-decider';
import type { StudentInput } from './schemas';

const NOW = '2026-11-26T07:00:00.000Z';
const TODAY = { d: 26, m: 11, y: 2026 };

function tcknFactory(seed: number) {
  let s = seed;
  return () =>
    generateTckn(() => {
      s = (s * 16807) % 2147483647;
      return s / 2147483647;
    });
}

describe('guessField: Turkish headers of the lists institutions keep', () => {
  const cases: [string, ImportField | null][] = [
    ['Ad', 'name'],
    ['Adı', 'name'],
    ['İSİM', 'name'],
    ['Öğrenci Adı', 'name'],
    ['Soyad', 'surname'],
    ['SOYADI', 'surname'],
    ['Soyisim', 'surname'],
    ['Ad Soyad', 'fullName'],
    ['Adı Soyadı', 'fullName'],
    ['Öğrenci', 'fullName'],
    ['TC', 'TCKN'],
    ['TCKN', 'TCKN'],
    ['T.C. Kimlik No', 'TCKN'],
    ['TC Kimlik Numarası', 'TCKN'],
    ['Kimlik No', 'TCKN'],
    ['Doğum Tarihi', 'birthDate'],
    ['D. Tarihi', 'birthDate'],
    ['Doğum Yeri', 'pob'],
    ['Kayıt Tarihi', 'registrationDate'],
    ['Telefon', 'phone'],
    ['Cep Tel', 'phone'],
    ['GSM', 'phone'],
    ['E-posta', 'email'],
    ['E-Mail', 'email'],
    ['Adres', 'address'],
    ['Ev Adresi', 'address'],
    ['Veli', 'parent1Name'],
    ['Veli Adı Soyadı', 'parent1Name'],
    ['1. Veli Adı', 'parent1Name'],
    ['Anne Adı', 'parent1Name'],
    ['Veli Telefonu', 'parent1Phone'],
    ['Veli Tel', 'parent1Phone'],
    ['Veli Mesleği', 'parent1Job'],
    ['2. Veli', 'parent2Name'],
    ['2. Veli Telefonu', 'parent2Phone'],
    ['2. Veli Mesleği', 'parent2Job'],
    ['Notlar', 'notes'],
    ['Açıklama', 'notes'],
    ['Instagram', 'instagram'],
    ['Sınıf', null],
    ['', null],
  ];
  it.each(cases)('%s -> %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  it('gives each field to the first column naming it and leaves the rest unmapped', () => {
    expect(guessColumnMapping(['Adı', 'Soyadı', 'Telefon', 'Tel', 'Şube'])).toEqual([
      'name',
      'surname',
      'phone',
      null,
      null,
    ]);
  });
});

describe('parseDateCell', () => {
  const cases: [unknown, { d: number; m: number; y: number } | null][] = [
    ['05.03.2012', { d: 5, m: 3, y: 2012 }],
    ['5/3/2012', { d: 5, m: 3, y: 2012 }],
    ['05-03-2012', { d: 5, m: 3, y: 2012 }],
    ['2012-03-05', { d: 5, m: 3, y: 2012 }],
    [new Date(Date.UTC(2012, 2, 5)), { d: 5, m: 3, y: 2012 }],
    // Excel's day number of 5 March 2012
    [40973, { d: 5, m: 3, y: 2012 }],
    ['mart 2012', null],
    ['', null],
    [null, null],
  ];
  it.each(cases)('%s', (cell, parts) => {
    expect(parseDateCell(cell as never)).toEqual(parts);
  });
});

describe('mapImportRow + checkImportRow: the form schema and its messages on every row', () => {
  const tckn = tcknFactory(11);
  const headers = ['Adı Soyadı', 'T.C. Kimlik No', 'Doğum Tarihi', 'Doğum Yeri', 'Adres', 'Telefon', 'Veli'];
  const mapping = guessColumnMapping(headers);

  it('maps a good row to the registration values (name split off the surname, today as the registration)', () => {
    const t = tckn();
    const values = mapImportRow(
      ['Ayşe Nur Yılmaz', Number(t), '05.03.2012', 'İstanbul', 'Moda Cad. 1', '0532 123 45 67', 'Fatma'],
      mapping,
      TODAY,
    );
    expect(values).toEqual({
      name: 'Ayşe Nur',
      surname: 'Yılmaz',
      TCKN: t,
      dobD: 5,
      dobM: 3,
      dobY: 2012,
      pob: 'İstanbul',
      address: 'Moda Cad. 1',
      phone: '0532 123 45 67',
      parent1Name: 'Fatma',
      regD: 26,
      regM: 11,
      regY: 2026,
    });
    const checked = checkImportRow(values);
    expect(checked).toMatchObject({ ok: true, student: { phone: '5321234567', TCKN: t, regY: 2026 } });
  });

  const refusals: [string, unknown[], string, string][] = [
    [
      'a wrong TCKN check digit and no birth place',
      ['Ali Kaya', '12345678901', '01.01.2010', '', 'Adres'],
      'student.createInvalid',
      'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN geçersiz, Doğum yeri',
    ],
    [
      'a short TCKN and an unreadable birth date',
      ['Ali Kaya', '123', 'dün', 'Ankara', 'Adres'],
      'student.createInvalid',
      'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TC kimlik no eksik, Doğum tarihi',
    ],
    [
      'no surname',
      ['Ali', 'TCKN', '01.01.2010', 'Ankara', 'Adres'],
      'student.createInvalid',
      'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: Soyisim',
    ],
    [
      'a landline phone',
      ['Ali Kaya', 'TCKN', '01.01.2010', 'Ankara', 'Adres', '0212 123 45 67'],
      'student.phoneInvalid',
      'Öğrenci kaydedilemedi: Telefon 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __',
    ],
  ];
  it.each(refusals)('refuses %s with the code and text registerStudent answers', (_, cells, code, text) => {
    const row = cells.map((c) => (c === 'TCKN' ? tckn() : c));
    expect(checkImportRow(mapImportRow(row as string[], mapping, TODAY))).toEqual({
      ok: false,
      code,
      error: text,
    });
  });

  it('takes the registration date from its column when mapped, and refuses one that is unreadable', () => {
    const m = guessColumnMapping(['Ad', 'Soyad', 'Kayıt Tarihi']);
    expect(mapImportRow(['A', 'B', '2024-09-02'], m, TODAY)).toMatchObject({ regD: 2, regM: 9, regY: 2024 });
    expect(mapImportRow(['A', 'B', ''], m, TODAY)).toMatchObject({ regD: 26, regM: 11, regY: 2026 });
    expect(mapImportRow(['A', 'B', 'eylül'], m, TODAY)).toMatchObject({ regD: null, regY: null });
  });
});

describe('duplicateTcknLines', () => {
  it('names the earlier line of a TCKN repeated in the file', () => {
    const lines = duplicateTcknLines([
      { line: 2, tckn: 'a' },
      { line: 3, tckn: 'b' },
      { line: 4, tckn: null },
      { line: 5, tckn: 'a' },
      { line: 6, tckn: 'a' },
    ]);
    expect([...lines]).toEqual([
      [5, 2],
      [6, 2],
    ]);
  });
});

describe('importStudentsSchema', () => {
  it('takes up to one chunk of rows and refuses more, or none', () => {
    const row = (line: number) => ({ line, student: { name: 'A' } });
    expect(importStudentsSchema.safeParse({ rows: [row(2)] }).success).toBe(true);
    const tooMany = importStudentsSchema.safeParse({
      rows: Array.from({ length: IMPORT_CHUNK_MAX + 1 }, (_, i) => row(i + 2)),
    });
    expect(tooMany.error?.issues[0].message).toBe(
      `Bir istekte en fazla ${IMPORT_CHUNK_MAX} satır gönderilebilir.`,
    );
    expect(importStudentsSchema.safeParse({ rows: [] }).error?.issues[0].message).toBe(
      'İçe aktarılacak satır yok.',
    );
    expect(importStudentsSchema.safeParse({ rows: [row(2), row(2)] }).error?.issues[0].message).toBe(
      'Satır numarası geçersiz.',
    );
  });
});

describe('planStudentImport', () => {
  const tckn = tcknFactory(29);
  const input = (over: Partial<StudentInput> = {}): StudentInput => ({
    name: 'Ayşe',
    surname: 'Yılmaz',
    dobD: 5,
    dobM: 3,
    dobY: 2012,
    regD: 2,
    regM: 9,
    regY: 2025,
    TCKN: tckn(),
    email: null,
    phone: null,
    studentPhoneOptInStatus: null,
    address: 'Adres',
    pob: 'İstanbul',
    facebook: null,
    instagram: null,
    parent1Name: null,
    parent1Phone: null,
    parent1Job: null,
    parent2Name: null,
    parent2Phone: null,
    parent2Job: null,
    parent1PhoneOptInStatus: null,
    parent2PhoneOptInStatus: null,
    notes: null,
    ...over,
  });
  const id = (n: number) => `00000000-0000-4000-8000-00000000${String(n).padStart(4, '0')}`;
  const empty = { students: new Map(), tckns: new Map(), numbers: new Map() };
  const tcknRef = (org: string, t: string) => `ref-${org.length}-${[...t].reverse().join('')}`;

  it('registers each row as the form does, numbering on from the year counter', () => {
    const candidates: ImportCandidate[] = [
      { line: 2, studentId: id(1), input: input() },
      { line: 3, studentId: id(2), input: input({ regY: 2024 }) },
      { line: 4, studentId: id(3), input: input() },
    ];
    const counter = new Map([[studentNumberStream(ORG, 2025), { highest: 7 }]]);
    const plan = planStudentImport(
      { organizationId: ORG, userId: USER, now: NOW, candidates, tcknRef },
      { ...empty, numbers: counter },
    );
    expect(plan.outcomes).toEqual([
      { line: 2, status: 'created', studentId: id(1), studentNumber: 25008 },
      { line: 3, status: 'created', studentId: id(2), studentNumber: 24001 },
      { line: 4, status: 'created', studentId: id(3), studentNumber: 25009 },
    ]);
    // the same events the form's plan writes for the first row
    const alone = planStudentRegistration(
      { studentId: id(1), organizationId: ORG, userId: USER, now: NOW, input: candidates[0].input, tcknRef },
      { student: { status: 'none' }, numbers: { highest: 7 }, tckn: freeTcknReservation },
    );
    expect(plan.students[0]).toEqual(alone.student);
    expect(plan.tckns[0]).toEqual(alone.tckn);
    // one part per year counter, holding every number drawn from it
    expect(plan.numbers.map((p) => [p.streamId, p.events.map((e) => e.data.studentNumber)])).toEqual([
      [studentNumberStream(ORG, 2025), [25008, 25009]],
      [studentNumberStream(ORG, 2024), [24001]],
    ]);
    expect(countOutcomes(plan.outcomes)).toEqual({ total: 3, created: 3, existing: 0, refused: 0 });
  });

  it('reports a student already there as existing and a TCKN held by another student as refused', () => {
    const again = input();
    const registered = planStudentRegistration(
      { studentId: id(1), organizationId: ORG, userId: USER, now: NOW, input: again, tcknRef },
      { student: { status: 'none' }, numbers: { highest: 0 }, tckn: freeTcknReservation },
    );
    const state: StudentState = registered.student.events.reduce(evolveStudent, { status: 'none' });
    const taken = input();
    // held by a reservation made before the keyed stream names
    const takenOfOld = input();
    const plan = planStudentImport(
      {
        organizationId: ORG,
        userId: USER,
        now: NOW,
        tcknRef,
        candidates: [
          { line: 2, studentId: id(1), input: again },
          { line: 3, studentId: id(2), input: taken },
          { line: 4, studentId: id(3), input: takenOfOld },
        ],
      },
      {
        students: new Map([[studentStream(id(1)), state]]),
        tckns: new Map([
          [tcknReservationStream(ORG, tcknRef(ORG, taken.TCKN)), { holder: id(9) }],
          [legacyTcknReservationStream(ORG, takenOfOld.TCKN), { holder: id(8) }],
        ]),
        numbers: new Map([[studentNumberStream(ORG, 2025), { highest: 1 }]]),
      },
    );
    expect(plan.outcomes).toEqual([
      { line: 2, status: 'existing', studentId: id(1), studentNumber: 25001 },
      {
        line: 3,
        status: 'refused',
        code: 'student.createInvalid',
        error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
      },
      {
        line: 4,
        status: 'refused',
        code: 'student.createInvalid',
        error: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: TCKN zaten kayıtlı',
      },
    ]);
    expect(plan.students).toEqual([]);
    expect(plan.numbers).toEqual([]);
  });

  it('refuses the row past the year’s 999th number with its message and goes on with the others', () => {
    const plan = planStudentImport(
      {
        organizationId: ORG,
        userId: USER,
        now: NOW,
        tcknRef,
        candidates: [
          { line: 2, studentId: id(1), input: input() },
          { line: 3, studentId: id(2), input: input({ regY: 2026 }) },
        ],
      },
      { ...empty, numbers: new Map([[studentNumberStream(ORG, 2025), { highest: 999 }]]) },
    );
    expect(plan.outcomes).toEqual([
      {
        line: 2,
        status: 'refused',
        code: 'student.numbersExhausted',
        error:
          'Öğrenci kaydedilemedi: 2025 kayıt yılı için öğrenci numarası kalmadı: bir yılda en fazla 999 öğrenci kaydedilebilir.',
      },
      { line: 3, status: 'created', studentId: id(2), studentNumber: 26001 },
    ]);
  });
});

describe('studentImportDecider', () => {
  const command = {
    type: 'RecordStudentImport' as const,
    importId: 'imp-1',
    organizationId: ORG,
    fileName: 'liste.csv',
    counts: { total: 20, created: 18, existing: 0, refused: 2 },
    userId: USER,
    now: NOW,
  };
  const recorded = {
    type: 'StudentsImported' as const,
    data: {
      importId: 'imp-1',
      organizationId: ORG,
      fileName: 'liste.csv',
      total: 20,
      created: 18,
      existing: 0,
      refused: 2,
      importedBy: USER,
      importedAt: NOW,
    },
  };

  it('records one import with its counts', () => {
    given(studentImportDecider, []).when(command).then([recorded]);
  });

  it('records a retried request once', () => {
    given(studentImportDecider, [recorded]).when(command).then([]);
  });
});
