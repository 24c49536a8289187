import type { EmployeeAnswer } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  checkDraft,
  draftOf,
  emptyWage,
  employeeResolver,
  isChanged,
  isoToDay,
  splitEmployees,
  wageTermsLabel,
} from './employee-form';

const PIANO = '11111111-1111-4111-8111-111111111111';

const record = (over: Partial<EmployeeAnswer> = {}): EmployeeAnswer => ({
  id: '22222222-2222-4222-8222-222222222222',
  organizationId: '33333333-3333-4333-8333-333333333333',
  employeeType: 'instructor',
  createdAt: null,
  createdBy: null,
  editedAt: null,
  editedBy: null,
  name: 'Zeynep',
  surname: 'Arı',
  userId: null,
  employeeTypeId: 2,
  phone: '5321112233',
  notes: null,
  cv: 'Konservatuvar',
  branches: [PIANO],
  avatar: null,
  safeName: 'zeynep-ari',
  wages: [
    {
      type: 'per_class',
      startDate: '2025-12-31T21:00:00.000Z',
      endDate: null,
      amount: 25_050,
      periodLength: null,
      periodUnit: null,
      payAtBeginning: null,
    },
  ],
  deletedAt: null,
  ...over,
});

describe('employee form', () => {
  it('shows stored days on the Istanbul calendar and sends them back unchanged', () => {
    expect(isoToDay('2025-12-31T21:00:00.000Z')).toBe('2026-01-01');
    const draft = draftOf(record(), 2);
    expect(draft.wages[0]).toMatchObject({ startDate: '2026-01-01', endDate: '', amount: '250.50' });
    expect(bodyOf(draft, 'employee')).toMatchObject({
      employeeTypeId: 2,
      phone: '5321112233',
      wages: [{ type: 'per_class', startDate: '2026-01-01', endDate: null, amount: '250.50' }],
    });
    expect(checkDraft(draft, 'employee')).toEqual({});
  });

  it('keeps save disabled until something changes (product.md 5)', () => {
    const initial = draftOf(record(), 2);
    expect(isChanged(initial, initial, 'employee')).toBe(false);
    expect(isChanged({ ...initial, name: ' Zeynep ' }, initial, 'employee')).toBe(false);
    expect(isChanged({ ...initial, notes: 'Yeni not' }, initial, 'employee')).toBe(true);
    // the instructor page edits instructor fields only: a note is not one of them
    expect(isChanged({ ...initial, notes: 'Yeni not' }, initial, 'instructor')).toBe(false);
  });

  it("answers the server's warnings: isim eksik, branş eksik, phone and wage problems", () => {
    const blank = draftOf(null, 2);
    expect(checkDraft(blank, 'instructor')).toMatchObject({ name: 'isim eksik', surname: 'soyisim eksik' });
    expect(checkDraft({ ...blank, name: 'A', surname: 'B' }, 'employee')).toEqual({
      branches: 'branş eksik',
    });
    const staff = { ...draftOf(null, 1), name: 'A', surname: 'B' };
    expect(checkDraft({ ...staff, phone: '2121234567' }, 'employee')).toEqual({
      phone: 'Telefon numarası 5xx ile başlayan 10 haneli olmalıdır.',
    });
    expect(checkDraft({ ...staff, wages: [emptyWage('2026-01-01')] }, 'employee')).toEqual({
      wages: 'Maaş tutarı eksik veya hatalı.',
    });
  });

  it('clears CV and branches when the type is not instructor', () => {
    const draft = { ...draftOf(record(), 2), employeeTypeId: 3 as const };
    expect(bodyOf(draft, 'employee')).toMatchObject({ cv: null, branches: [] });
  });

  it('splits the list into the two tabs, each with its deleted ones', () => {
    const list = [
      record({ id: 'a' }),
      record({ id: 'b', deletedAt: '2026-01-01T00:00:00.000Z' }),
      record({ id: 'c', employeeTypeId: 3 }),
    ];
    const { instructors, others } = splitEmployees(list);
    expect(instructors.active.map((e) => e.id)).toEqual(['a']);
    expect(instructors.deleted.map((e) => e.id)).toEqual(['b']);
    expect(others.active.map((e) => e.id)).toEqual(['c']);
  });

  it('words the wage terms', () => {
    expect(wageTermsLabel(record().wages[0])).toBe('Ders başına');
    expect(
      wageTermsLabel({
        ...record().wages[0],
        type: 'periodic',
        periodLength: 2,
        periodUnit: 'week',
        payAtBeginning: true,
      }),
    ).toBe('Her 2 haftada bir, dönem başında');
  });
});

describe('the employee form resolver', () => {
  it("marks each field with the server schema's first message, or hands the draft on", async () => {
    const opts = { fields: {}, shouldUseNativeValidation: false };
    const blank = await employeeResolver('instructor')(draftOf(null, 2), undefined, opts);
    expect(blank.errors.name?.message).toBe('isim eksik');
    expect(blank.errors.branches?.message).toBe('branş eksik');
    const draft = draftOf(record(), 2);
    const ok = await employeeResolver('employee')(draft, undefined, opts);
    expect(ok).toEqual({ values: draft, errors: {} });
  });
});
