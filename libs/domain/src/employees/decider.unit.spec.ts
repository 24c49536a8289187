import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { employeeDecider, type EmployeeEvent, type EmployeeFields } from './decider';
import { addEmployeeSchema, addInstructorSchema, editEmployeeSchema, wagePeriodSchema } from './schemas';

const org = 'org-1';
const id = '5f0e2c1a-2b9b-4a51-9a3c-000000000001';
const course = '5f0e2c1a-2b9b-4a51-9a3c-0000000000c1';
const user = '5f0e2c1a-2b9b-4a51-9a3c-0000000000a1';
const ids = { employeeId: id, organizationId: org };

const instructor: EmployeeFields = {
  name: 'Ayşe',
  surname: 'Yılmaz',
  userId: null,
  employeeTypeId: 2,
  phone: null,
  notes: null,
  cv: 'Konservatuvar',
  branches: [course],
  avatar: null,
  safeName: 'ayse-yilmaz',
  wages: [],
};
const added: EmployeeEvent = { type: 'EmployeeAdded', data: { ...ids, ...instructor } };
const wage = (startDate: string, endDate: string | null) =>
  wagePeriodSchema.parse({ type: 'per_class', startDate, endDate, amount: '250' });

describe('employee decider', () => {
  it('adds an instructor as an employee of type Eğitmen', () => {
    given(employeeDecider, [])
      .when({
        type: 'AddInstructor',
        ...ids,
        input: addInstructorSchema.parse({
          name: ' Ayşe ',
          surname: 'Yılmaz',
          branches: [course],
          cv: 'Konservatuvar',
        }),
        user: null,
      })
      .then([added]);
  });

  it('edits an instructor without losing the phone, notes and wages set on the employees page', () => {
    const withWages: EmployeeEvent = {
      type: 'EmployeeEdited',
      data: { ...ids, ...instructor, phone: '5321234567', notes: 'not', wages: [wage('2026-01-01', null)] },
    };
    const [e] = given(employeeDecider, [added, withWages])
      .when({
        type: 'EditInstructor',
        ...ids,
        input: addInstructorSchema.parse({ name: 'Ayşe', surname: 'Kaya', branches: [course] }),
        user: null,
      })
      .run();
    expect(e.data).toMatchObject({ surname: 'Kaya', phone: '5321234567', notes: 'not', cv: null });
    expect((e.data as EmployeeFields).wages).toHaveLength(1);
  });

  it('clears CV and branches when the type is not instructor', () => {
    const [e] = given(employeeDecider, [added])
      .when({
        type: 'EditEmployee',
        ...ids,
        input: addEmployeeSchema.parse({
          name: 'Ayşe',
          surname: 'Yılmaz',
          employeeTypeId: 1,
          cv: 'x',
          branches: [course],
        }),
        user: null,
      })
      .run();
    expect(e.data).toMatchObject({ employeeTypeId: 1, cv: null, branches: [] });
  });

  it('refuses the instructor calls on an employee who is not an instructor', () => {
    const staff: EmployeeEvent = {
      type: 'EmployeeAdded',
      data: { ...ids, ...instructor, employeeTypeId: 3 },
    };
    given(employeeDecider, [staff])
      .when({ type: 'DeleteEmployee', ...ids, kind: 'instructor', now: '2026-01-01T00:00:00.000Z' })
      .thenThrows('instructor.notFound', 'Eğitmen bulunamadı.');
  });

  it('soft deletes and restores, naming the person for the log', () => {
    given(employeeDecider, [added])
      .when({ type: 'DeleteEmployee', ...ids, kind: 'employee', now: '2026-01-01T00:00:00.000Z' })
      .then([
        {
          type: 'EmployeeSoftDeleted',
          data: {
            ...ids,
            name: 'Ayşe',
            surname: 'Yılmaz',
            employeeTypeId: 2,
            deletedAt: '2026-01-01T00:00:00.000Z',
          },
        },
      ]);
    const deleted: EmployeeEvent = {
      type: 'EmployeeSoftDeleted',
      data: { ...ids, name: 'Ayşe', surname: 'Yılmaz', employeeTypeId: 2, deletedAt: 'x' },
    };
    given(employeeDecider, [added, deleted])
      .when({ type: 'DeleteEmployee', ...ids, kind: 'employee', now: 'y' })
      .thenThrows('employee.alreadyDeleted');
    given(employeeDecider, [added, deleted])
      .when({ type: 'ResurrectEmployee', ...ids, kind: 'instructor' })
      .then([
        { type: 'EmployeeResurrected', data: { ...ids, name: 'Ayşe', surname: 'Yılmaz', employeeTypeId: 2 } },
      ]);
    given(employeeDecider, [added])
      .when({ type: 'ResurrectEmployee', ...ids, kind: 'employee' })
      .thenThrows('employee.notDeleted');
  });

  it('treats an employee of another organisation as not found', () => {
    given(employeeDecider, [added])
      .when({ type: 'DeleteEmployee', employeeId: id, organizationId: 'org-2', kind: 'employee', now: 'x' })
      .thenThrows('employee.notFound');
  });

  it('links a user of the organisation only once', () => {
    const input = addInstructorSchema.parse({ name: 'A', surname: 'B', branches: [course], userId: user });
    given(employeeDecider, [])
      .when({ type: 'AddInstructor', ...ids, input, user: { isMember: false, linkedToOther: null } })
      .thenThrows('employee.userNotMember');
    given(employeeDecider, [])
      .when({ type: 'AddInstructor', ...ids, input, user: { isMember: true, linkedToOther: 'Can Demir' } })
      .thenThrows('employee.userTaken', 'Seçilen kullanıcı başka bir çalışana bağlı: Can Demir');
  });

  it('refuses overlapping wage periods, naming both', () => {
    const input = addEmployeeSchema.parse({
      name: 'A',
      surname: 'B',
      wages: [
        { type: 'periodic', startDate: '2026-01-01', endDate: null, amount: '20000' },
        { type: 'per_class', startDate: '2026-03-01', endDate: '2026-04-01', amount: '300' },
      ],
    });
    given(employeeDecider, [])
      .when({ type: 'AddEmployee', ...ids, input, user: null })
      .thenThrows('wage.overlap', 'Maaş dönemleri çakışamaz: 01.01.2026 - … ile 01.03.2026 - 01.04.2026');
  });

  it('lets a period start the day the previous one ends (end is exclusive)', () => {
    const input = addEmployeeSchema.parse({
      name: 'A',
      surname: 'B',
      wages: [
        { type: 'per_class', startDate: '2026-03-01', endDate: null, amount: '300' },
        { type: 'periodic', startDate: '2026-01-01', endDate: '2026-03-01', amount: '20.000,00' },
      ],
    });
    const [e] = given(employeeDecider, [])
      .when({ type: 'AddEmployee', ...ids, input, user: null })
      .run();
    const wages = (e.data as EmployeeFields).wages;
    expect(wages.map((w) => [w.type, w.amount])).toEqual([
      ['periodic', 2_000_000],
      ['per_class', 30_000],
    ]);
    expect(wages[0]).toMatchObject({ periodLength: 1, periodUnit: 'month', payAtBeginning: false });
  });
});

describe('employee validation', () => {
  it.each([
    [{ surname: 'x', branches: [course] }, 'isim eksik'],
    [{ name: ' ', surname: 'x', branches: [course] }, 'isim eksik'],
    [{ name: 'x', branches: [course] }, 'soyisim eksik'],
    [{ name: 'x', surname: 'y', branches: [] }, 'branş eksik'],
    [
      { name: 'x', surname: 'y', branches: [course], cv: 'c'.repeat(1001) },
      'CV en fazla 1000 karakter olabilir.',
    ],
  ])('instructor %j: "%s"', (body, text) => {
    const r = addInstructorSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(text);
  });

  it.each([
    [{ name: 'x', surname: 'y', employeeTypeId: 2 }, 'branş eksik'],
    [{ name: 'x', surname: 'y', employeeTypeId: 5 }, 'Çalışan türü geçersiz.'],
    [
      { name: 'x', surname: 'y', phone: '4321234567' },
      'Telefon numarası 5xx ile başlayan 10 haneli olmalıdır.',
    ],
    [{ name: 'x'.repeat(501), surname: 'y' }, 'İsim ve soyisim en fazla 500 karakter olabilir.'],
    [{ name: 'x', surname: 'y', notes: 'n'.repeat(1001) }, 'Notlar en fazla 1000 karakter olabilir.'],
    [
      { name: 'x', surname: 'y', wages: [{ type: 'per_class', startDate: '2026-01-01', amount: '0' }] },
      'Maaş tutarı eksik veya hatalı.',
    ],
    [
      { name: 'x', surname: 'y', wages: [{ type: 'per_class', startDate: 'dün', amount: '1' }] },
      'Maaş başlangıç tarihi eksik veya hatalı.',
    ],
    [
      {
        name: 'x',
        surname: 'y',
        wages: [{ type: 'per_class', startDate: '2026-02-01', endDate: '2026-01-01', amount: '1' }],
      },
      'Maaş bitiş tarihi başlangıçtan sonra olmalıdır.',
    ],
    [
      {
        name: 'x',
        surname: 'y',
        wages: [{ type: 'periodic', startDate: '2026-01-01', amount: '1', periodUnit: 'year' }],
      },
      'Dönem uzunluğu 1-999 arası olmalı, birim gün, hafta veya ay.',
    ],
  ])('employee %j: "%s"', (body, text) => {
    const r = addEmployeeSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(text);
  });

  it('reads a typed phone and drops blank optional text', () => {
    expect(
      editEmployeeSchema.parse({
        id,
        name: 'x',
        surname: 'y',
        phone: '(532) 123 45 67',
        notes: ' ',
        cv: 'z',
      }),
    ).toMatchObject({
      phone: '5321234567',
      notes: null,
      cv: null,
      employeeTypeId: 1,
      branches: [],
      wages: [],
    });
  });

  it('refuses unknown fields', () => {
    expect(addEmployeeSchema.safeParse({ name: 'x', surname: 'y', salary: 1 }).success).toBe(false);
  });

  it('permanently deletes a deleted other employee only (product.md 4), after which it is gone', () => {
    const guard: EmployeeEvent = {
      type: 'EmployeeAdded',
      data: { ...ids, ...instructor, employeeTypeId: 3, cv: null, branches: [] },
    };
    const gone = {
      type: 'EmployeeSoftDeleted',
      data: { ...ids, name: 'Ayşe', surname: 'Yılmaz', employeeTypeId: 3, deletedAt: 'x' },
    } as const;
    const purge = { type: 'PermanentlyDeleteEmployee', ...ids, now: '2026-02-01T00:00:00.000Z' } as const;
    given(employeeDecider, [guard]).when(purge).thenThrows('employee.notDeleted');
    given(employeeDecider, [added, { ...gone, data: { ...gone.data, employeeTypeId: 2 } }])
      .when(purge)
      .thenThrows('employee.permanentDeleteInstructor');
    given(employeeDecider, [guard, gone])
      .when(purge)
      .then([
        {
          type: 'EmployeePermanentlyDeleted',
          data: {
            ...ids,
            name: 'Ayşe',
            surname: 'Yılmaz',
            employeeTypeId: 3,
            deletedAt: '2026-02-01T00:00:00.000Z',
          },
        },
      ]);
    const purged: EmployeeEvent = {
      type: 'EmployeePermanentlyDeleted',
      data: { ...ids, name: 'Ayşe', surname: 'Yılmaz', employeeTypeId: 3, deletedAt: 'y' },
    };
    given(employeeDecider, [guard, gone, purged])
      .when({ type: 'ResurrectEmployee', ...ids, kind: 'employee' })
      .thenThrows('employee.notFound');
    given(employeeDecider, [guard, gone, purged]).when(purge).thenThrows('employee.notFound');
    given(employeeDecider, [guard, gone])
      .when({ ...purge, organizationId: 'org-2' })
      .thenThrows('employee.notFound');
  });
});
