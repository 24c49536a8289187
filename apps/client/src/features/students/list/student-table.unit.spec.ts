import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStudentNumber, matchesSearch, type StudentListRow } from '@okul/domain';
import {
  activeCourseLabel,
  compareValues,
  formatDateParts,
  nextSort,
  parseStudentNumber,
  sortStudents,
  studentMatches,
  visibleStudents,
  type SortState,
} from './student-table';

const today = { year: 2025, month: 6, day: 15 };

let seq = 0;
function row(o: Partial<StudentListRow> = {}): StudentListRow {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    DBID: '',
    studentNumber: 25000 + seq,
    name: 'Ali',
    surname: 'Veli',
    dobD: 1,
    dobM: 1,
    dobY: 2010,
    regD: 1,
    regM: 1,
    regY: 2025,
    TCKN: '10000000146',
    createdAt: '2025-01-01T10:00:00.000Z',
    createdBy: null,
    createdByName: 'Ayşe Yılmaz',
    editedAt: null,
    editedBy: null,
    editedByName: null,
    deletedAt: null,
    active: true,
    activeCourses: [],
    enrollments: [],
    ...o,
  };
}

describe('sorting (api.md 9.4)', () => {
  it('cycles ascending, descending, none on one header and restarts ascending on another', () => {
    let s: SortState = null;
    s = nextSort(s, 'name');
    expect(s).toEqual({ key: 'name', direction: 'asc' });
    s = nextSort(s, 'name');
    expect(s).toEqual({ key: 'name', direction: 'desc' });
    s = nextSort(s, 'name');
    expect(s).toBeNull();
    expect(nextSort({ key: 'name', direction: 'desc' }, 'surname')).toEqual({
      key: 'surname',
      direction: 'asc',
    });
  });

  it('orders names by Turkish collation and keeps empty values last in both directions', () => {
    const rows = ['Şule', 'Can', 'Çağrı', 'İpek', 'Irmak', 'Zeynep', 'Sedef', 'Ozan', 'Ömer'].map((name) =>
      row({ name }),
    );
    const asc = sortStudents(rows, { key: 'name', direction: 'asc' }, today).map((r) => r.name);
    expect(asc).toEqual(['Can', 'Çağrı', 'Irmak', 'İpek', 'Ozan', 'Ömer', 'Sedef', 'Şule', 'Zeynep']);
    const desc = sortStudents(rows, { key: 'name', direction: 'desc' }, today).map((r) => r.name);
    expect(desc).toEqual([...asc].reverse());
    expect(compareValues(null, 'a', 'asc')).toBe(1);
    expect(compareValues(null, 'a', 'desc')).toBe(1);
    expect(compareValues('a', '', 'desc')).toBe(-1);
  });

  it('sorts ages and registration dates by value, and without a sort by student number', () => {
    const young = row({ dobY: 2015 });
    const old = row({ dobY: 1990 });
    const unknown = row({ dobY: null });
    expect(sortStudents([young, unknown, old], { key: 'age', direction: 'asc' }, today)).toEqual([
      young,
      old,
      unknown,
    ]);
    const a = row({ regD: 2, regM: 12, regY: 2024 });
    const b = row({ regD: 1, regM: 1, regY: 2025 });
    expect(sortStudents([b, a], { key: 'registrationDate', direction: 'asc' }, today)).toEqual([a, b]);
    expect(sortStudents([b, a], null, today)).toEqual(
      [a, b].sort((x, y) => x.studentNumber - y.studentNumber),
    );
  });
});

describe('Turkish search (product.md 5)', () => {
  const isik = row({
    name: 'Ayşe',
    surname: 'IŞIK',
    studentNumber: 25007,
    TCKN: '12345678950',
    activeCourses: [
      {
        enrollmentId: 'e',
        courseId: 'c',
        courseName: 'Çello',
        price: 10000,
        discount: 0,
        enrollmentType: 'per_class',
      },
    ],
  });
  it('finds upper-case Turkish names by their lower case, and by number, national ID and course', () => {
    expect(studentMatches(isik, 'ışık')).toBe(true);
    expect(studentMatches(isik, 'IŞIK')).toBe(true);
    expect(studentMatches(isik, 'ayşe ışık')).toBe(true);
    expect(studentMatches(isik, 'isik')).toBe(false);
    expect(studentMatches(isik, '25007')).toBe(true);
    expect(studentMatches(isik, '1234567895')).toBe(true);
    expect(studentMatches(isik, 'ÇELLO')).toBe(true);
    expect(studentMatches(isik, 'piyano')).toBe(false);
    expect(studentMatches(isik, '   ')).toBe(true);
  });

  it('answers as the domain search over the same texts, also when the same rows are searched again', () => {
    const letters = fc.constantFrom(...'aAıIiİçÇğĞöÖşŞüÜ 0123456789eE'.split(''));
    const text = fc.array(letters, { maxLength: 8 }).map((cs) => cs.join(''));
    const rows = fc.array(
      fc.record({ name: text, surname: text, TCKN: fc.option(text), course: fc.option(text) }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(rows, fc.array(text, { minLength: 1, maxLength: 3 }), (specs, queries) => {
        const list = specs.map((r) =>
          row({
            name: r.name,
            surname: r.surname,
            TCKN: r.TCKN,
            activeCourses: [
              {
                enrollmentId: 'e',
                courseId: 'c',
                courseName: r.course,
                price: null,
                discount: null,
                enrollmentType: 'per_class',
              },
            ],
          }),
        );
        for (const query of queries) {
          const expected = list.filter((r) =>
            matchesSearch(
              [
                formatStudentNumber(r.studentNumber),
                r.id,
                `${r.name} ${r.surname}`,
                r.TCKN,
                ...r.activeCourses.map((c) => c.courseName),
              ],
              query,
            ),
          );
          expect(visibleStudents(list, { query, showInactive: true })).toEqual(expected);
          expect(list.filter((r) => studentMatches(r, query))).toEqual(expected);
        }
      }),
    );
  });

  it('hides inactive and deleted students unless the checkbox is ticked', () => {
    const active = row();
    const inactive = row({ active: false });
    const deleted = row({ deletedAt: '2025-02-01T00:00:00.000Z' });
    expect(visibleStudents([active, inactive, deleted], { query: '', showInactive: false })).toEqual([
      active,
    ]);
    expect(visibleStudents([active, inactive, deleted], { query: '', showInactive: true })).toHaveLength(3);
  });
});

describe('cells', () => {
  it('formats dates, course labels and route numbers', () => {
    expect(formatDateParts(5, 3, 2012)).toBe('05.03.2012');
    expect(formatDateParts(null, 3, 2012)).toBe('');
    expect(activeCourseLabel({ courseName: 'Piyano', price: 150050 })).toBe('Piyano (1.500,50 TL)');
    expect(activeCourseLabel({ courseName: 'Piyano', price: null })).toBe('Piyano');
    expect(parseStudentNumber('25001')).toBe(25001);
    expect(parseStudentNumber('abc')).toBeNull();
    expect(parseStudentNumber('123456')).toBeNull();
  });
});
