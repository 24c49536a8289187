import { describe, expect, it } from 'vitest';
import type { Grade } from '@okul/domain';
import { gradeClassOptions, gradePayload, periodsOf, sheetRows, sheetWrites, sortGrades } from './grades';

const G1 = 'g1';
const grade = (o: Partial<Grade>): Grade => ({
  id: 'x',
  courseId: 'c1',
  studentId: 's1',
  classId: null,
  gradeValue: '85',
  gradePeriod: null,
  notes: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  createdBy: null,
  editedAt: null,
  editedBy: null,
  ...o,
});

describe('grades on the student detail', () => {
  it('offers only the live groups of the course that hold the student (product.md 5)', () => {
    const groups = [
      { id: 'a', courseId: 'c1', title: 'A', members: ['s1'], deletedAt: null },
      { id: 'b', courseId: 'c1', title: 'B', members: ['s2'], deletedAt: null },
      { id: 'c', courseId: 'c2', title: 'C', members: ['s1'], deletedAt: null },
      { id: 'd', courseId: 'c1', title: 'D', members: ['s1'], deletedAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(gradeClassOptions(groups, 'c1', 's1').map((g) => g.id)).toEqual(['a']);
  });

  it('sorts per course name in Turkish order, then period', () => {
    const names: Record<string, string> = { c1: 'Şan', c2: 'Gitar' };
    const rows = sortGrades(
      [
        grade({ id: '1', courseId: 'c1', gradePeriod: '2. dönem' }),
        grade({ id: '2', courseId: 'c1', gradePeriod: '1. dönem' }),
        grade({ id: '3', courseId: 'c2', gradePeriod: '2. dönem' }),
      ],
      (id) => names[id]!,
    );
    expect(rows.map((g) => g.id)).toEqual(['3', '2', '1']);
  });

  it('requires the course on add with the spec text, and builds add and edit bodies', () => {
    const form = { courseId: '', classId: '', gradeValue: ' 90 ', gradePeriod: '', notes: '' };
    expect(gradePayload('s1', null, form)).toEqual({ ok: false, message: 'Kurs seçimi zorunludur.' });
    expect(gradePayload('s1', null, { ...form, courseId: 'c1' })).toEqual({
      ok: true,
      payload: {
        courseId: 'c1',
        studentId: 's1',
        classId: null,
        gradeValue: '90',
        gradePeriod: null,
        notes: null,
      },
    });
    expect(gradePayload('s1', grade({ id: 'x' }), { ...form, gradeValue: 'AA', classId: G1 })).toEqual({
      ok: true,
      payload: { id: 'x', classId: G1, gradeValue: 'AA', gradePeriod: null, notes: null },
    });
    expect(gradePayload('s1', null, { ...form, courseId: 'c1', gradeValue: ' ' }).ok).toBe(false);
  });
});

describe("a group's grade sheet", () => {
  const existing = [
    grade({ id: 'e1', studentId: 's1', classId: G1, gradePeriod: '1. dönem', gradeValue: '70', notes: 'n' }),
    grade({ id: 'e2', studentId: 's2', classId: G1, gradePeriod: '1. dönem', gradeValue: '60' }),
    grade({ id: 'o', studentId: 's3', classId: G1, gradePeriod: '2. dönem', gradeValue: '50' }),
  ];
  const rows = sheetRows(['s1', 's2', 's3'], existing, G1, '1. dönem');

  it("lists every member with that period's grade of the group", () => {
    expect(rows.map((r) => r.grade?.id ?? null)).toEqual(['e1', 'e2', null]);
    expect(periodsOf(existing, G1).sort()).toEqual(['1. dönem', '2. dönem']);
  });

  it('adds new values, edits changed ones keeping notes, deletes cleared ones, skips the rest', () => {
    const writes = sheetWrites(rows, { s1: '75', s2: '', s3: 'BB' }, { id: G1, courseId: 'c1' }, '1. dönem');
    expect(writes).toEqual([
      {
        call: 'editGrade',
        body: { id: 'e1', classId: G1, gradeValue: '75', gradePeriod: '1. dönem', notes: 'n' },
      },
      { call: 'deleteGrade', body: { id: 'e2' } },
      {
        call: 'addGrade',
        body: { courseId: 'c1', studentId: 's3', classId: G1, gradeValue: 'BB', gradePeriod: '1. dönem' },
      },
    ]);
    expect(sheetWrites(rows, { s1: '70', s3: '' }, { id: G1, courseId: 'c1' }, '1. dönem')).toEqual([]);
  });
});
