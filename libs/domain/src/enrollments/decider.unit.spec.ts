import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decider } from '../shared/decider';
import { given } from '../shared/given';
import type { StudentEvent, StudentStreamEvent } from '../students/decider';
import { COURSE, COURSE_2, ORG, OTHER_ORG, STUDENT, USER, studentInput } from '../students/fixtures';
import {
  enrollmentDecider,
  enrollmentEditMessage,
  enrollmentRangeProblems,
  isEnrolledInCourseAt,
  isEnrollmentActive,
  rangesOverlap,
  type EnrollmentCommand,
  type EnrollmentEvent,
  type EnrollmentState,
} from './decider';
import {
  addEnrollmentSchema,
  editEnrollmentSchema,
  endEnrollmentSchema,
  type EnrollmentTerms,
} from './schemas';

// The student registered on 15 September 2025 (local midnight = 21:00 UTC the day before).
const REG = '2025-09-14T21:00:00.000Z';
const NOW = '2026-02-01T09:00:00.000Z';
const E1 = '00000000-0000-4000-8000-0000000000e1';
const E2 = '00000000-0000-4000-8000-0000000000e2';
const E3 = '00000000-0000-4000-8000-0000000000e3';
const ids = { studentId: STUDENT, organizationId: ORG };

const registered: StudentEvent = {
  type: 'StudentRegistered',
  data: {
    ...ids,
    studentNumber: 25001,
    ...studentInput,
    studentPhoneConsentDate: null,
    parent1PhoneConsentDate: null,
    parent2PhoneConsentDate: null,
    createdBy: USER,
    createdAt: '2025-09-15T07:00:00.000Z',
  },
};

const terms = (patch: Partial<EnrollmentTerms> = {}): EnrollmentTerms => ({
  startDate: '2025-10-01T09:00:00.000Z',
  endDate: null,
  price: 50000,
  discount: 0,
  isOfficial: false,
  periodUnit: null,
  periodLength: null,
  classesPerPeriod: null,
  ...patch,
});

const added = (
  enrollmentId: string,
  patch: Partial<EnrollmentTerms> = {},
  courseId = COURSE,
): EnrollmentEvent => ({
  type: 'EnrollmentAdded',
  data: {
    ...ids,
    enrollmentId,
    courseId,
    enrollmentType: 'per_class',
    ...terms(patch),
    createdBy: USER,
    createdAt: NOW,
  },
});

const add = (
  input: Partial<Extract<EnrollmentCommand, { type: 'AddEnrollment' }>['input']> = {},
): EnrollmentCommand => ({
  type: 'AddEnrollment',
  enrollmentId: E3,
  ...ids,
  userId: USER,
  now: NOW,
  input: {
    courseId: COURSE,
    enrollmentType: 'per_class',
    price: 50000,
    discount: 0,
    startDate: null,
    endDate: null,
    isOfficial: false,
    periodUnit: null,
    periodLength: null,
    classesPerPeriod: null,
    ...input,
  },
});

const edit = (enrollmentId: string, changes: Partial<EnrollmentTerms>): EnrollmentCommand => ({
  type: 'EditEnrollment',
  enrollmentId,
  ...ids,
  userId: USER,
  now: NOW,
  changes,
});

const history = (...events: StudentStreamEvent[]) => given(enrollmentDecider, [registered, ...events]);

describe('decider shape', () => {
  it('fits the shared Decider port although it folds the whole student stream', () => {
    const d: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = enrollmentDecider;
    expect(d.initialState).toEqual({ student: null, enrollments: [] });
  });
});

describe('add enrolment', () => {
  it('adds a per_class enrolment starting now', () => {
    history()
      .when(add())
      .then([
        {
          type: 'EnrollmentAdded',
          data: {
            ...ids,
            enrollmentId: E3,
            courseId: COURSE,
            enrollmentType: 'per_class',
            ...terms({ startDate: NOW }),
            createdBy: USER,
            createdAt: NOW,
          },
        },
      ]);
  });

  it('keeps the period of a periodic enrolment', () => {
    const [e] = history()
      .when(add({ enrollmentType: 'periodic', periodUnit: 'week', periodLength: 2, classesPerPeriod: 3 }))
      .run();
    expect(e.data).toMatchObject({
      enrollmentType: 'periodic',
      periodUnit: 'week',
      periodLength: 2,
      classesPerPeriod: 3,
    });
  });

  it('refuses a course the student already has an active enrolment of', () => {
    history(added(E1)).when(add()).thenThrows('enrollment.courseActive');
    history(added(E1, { endDate: '2026-03-01T00:00:00.000Z' }))
      .when(add())
      .thenThrows('enrollment.courseActive');
  });

  it('accepts the course again once the earlier enrolment has ended, and another course any time', () => {
    expect(
      history(added(E1, { endDate: '2026-01-01T00:00:00.000Z' }))
        .when(add())
        .run(),
    ).toHaveLength(1);
    expect(
      history(added(E1))
        .when(add({ courseId: COURSE_2 }))
        .run(),
    ).toHaveLength(1);
  });

  it('checks an explicit start like a retroactive edit', () => {
    history()
      .when(add({ startDate: '2025-09-01T09:00:00.000Z' }))
      .thenThrows(
        'enrollment.addFailed',
        'Kurs kaydı eklenemedi: Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.',
      );
    history(added(E1, { endDate: '2025-12-01T00:00:00.000Z' }))
      .when(add({ startDate: '2025-11-01T00:00:00.000Z' }))
      .thenThrows(
        'enrollment.addFailed',
        'Kurs kaydı eklenemedi: Kurs kaydına atanan yeni tarih aralığı geçmiş/gelecek kurs kayıtlarıyla çakışamaz.',
      );
    history()
      .when(add({ startDate: '2025-12-01T00:00:00.000Z', endDate: '2025-11-01T00:00:00.000Z' }))
      .thenThrows(
        'enrollment.addFailed',
        'Kurs kaydı eklenemedi: Başlangıç zamanı bitiş zamanından sonra olamaz.',
      );
  });

  it('refuses a discount above the price', () => {
    history()
      .when(add({ discount: 50001 }))
      .thenThrows('enrollment.discountInvalid');
  });

  it('refuses an unknown or deleted student and a repeated id', () => {
    given(enrollmentDecider, []).when(add()).thenThrows('student.notFound');
    history()
      .when({ ...add(), organizationId: OTHER_ORG })
      .thenThrows('student.notFound');
    const deleted: StudentEvent = {
      type: 'StudentSoftDeleted',
      data: { ...ids, deletedBy: USER, deletedAt: NOW },
    };
    history(deleted).when(add()).thenThrows('student.deleted');
    history(added(E3, { endDate: '2025-11-01T00:00:00.000Z' }))
      .when(add({ courseId: COURSE_2 }))
      .thenThrows('enrollment.alreadyExists');
  });
});

describe('retroactive edit (product.md 5)', () => {
  // E1: 1 Oct – 1 Nov 2025; E2 (edited): 15 Nov – 15 Dec 2025; E3: from 1 Jan 2026, open.
  const before = [
    added(E1, { startDate: '2025-10-01T00:00:00.000Z', endDate: '2025-11-01T00:00:00.000Z' }),
    added(E2, { startDate: '2025-11-15T00:00:00.000Z', endDate: '2025-12-15T00:00:00.000Z' }),
    added(E3, { startDate: '2026-01-01T00:00:00.000Z' }),
    added('00000000-0000-4000-8000-0000000000e4', { startDate: '2025-10-01T00:00:00.000Z' }, COURSE_2),
  ];
  const startBefore = 'Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.';
  const startAfterEnd = 'Başlangıç zamanı bitiş zamanından sonra olamaz.';
  const overlap = 'Kurs kaydına atanan yeni tarih aralığı geçmiş/gelecek kurs kayıtlarıyla çakışamaz.';

  it.each([
    [
      'start before registration (and over E1)',
      { startDate: '2025-09-01T00:00:00.000Z' },
      [startBefore, overlap],
    ],
    ['start on the registration day', { startDate: REG, endDate: '2025-10-01T00:00:00.000Z' }, []],
    [
      'start after end',
      { startDate: '2025-12-20T00:00:00.000Z', endDate: '2025-12-10T00:00:00.000Z' },
      [startAfterEnd],
    ],
    [
      'start equal to end',
      { startDate: '2025-12-10T00:00:00.000Z', endDate: '2025-12-10T00:00:00.000Z' },
      [],
    ],
    ['start inside E1', { startDate: '2025-10-15T00:00:00.000Z' }, [overlap]],
    ['start at E1 end (end is exclusive)', { startDate: '2025-11-01T00:00:00.000Z' }, []],
    ['end inside E3', { endDate: '2026-01-10T00:00:00.000Z' }, [overlap]],
    ['end at E3 start', { endDate: '2026-01-01T00:00:00.000Z' }, []],
    ['reopened (no end) runs into E3', { endDate: null }, [overlap]],
    ['other courses do not count', { startDate: '2025-11-02T00:00:00.000Z' }, []],
  ] as const)('%s', (_name, changes, errors) => {
    const when = given(enrollmentDecider, [registered, ...before]).when(edit(E2, changes));
    if (errors.length === 0) expect(when.run()).toHaveLength(1);
    else when.thenThrows('enrollment.updateRefused', ['Güncelleme yapılamadı.', ...errors].join('\n'));
  });

  it('records the new and previous terms', () => {
    given(enrollmentDecider, [registered, ...before])
      .when(edit(E2, { price: 60000, isOfficial: true }))
      .then([
        {
          type: 'EnrollmentEdited',
          data: {
            ...ids,
            enrollmentId: E2,
            courseId: COURSE,
            ...terms({
              startDate: '2025-11-15T00:00:00.000Z',
              endDate: '2025-12-15T00:00:00.000Z',
              price: 60000,
              isOfficial: true,
            }),
            previous: terms({ startDate: '2025-11-15T00:00:00.000Z', endDate: '2025-12-15T00:00:00.000Z' }),
            editedBy: USER,
            editedAt: NOW,
          },
        },
      ]);
  });

  it('writes nothing when nothing changes (period fields do not apply to per_class)', () => {
    given(enrollmentDecider, [registered, ...before])
      .when(edit(E2, { price: 50000, periodLength: 3 }))
      .then([]);
  });

  it('checks the registration rule only when the start moves', () => {
    const legacy = added(E1, { startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-02-01T00:00:00.000Z' });
    expect(
      history(legacy)
        .when(edit(E1, { price: 70000 }))
        .run(),
    ).toHaveLength(1);
  });

  it('refuses an unknown enrolment and a discount above the new price', () => {
    history(...before)
      .when(edit('00000000-0000-4000-8000-0000000000ff', { price: 1 }))
      .thenThrows('enrollment.notFound');
    history(added(E1, { discount: 20000 }))
      .when(edit(E1, { price: 10000 }))
      .thenThrows('enrollment.discountInvalid');
  });

  it('joins the messages under the title', () => {
    expect(enrollmentEditMessage(['enrollment.startAfterEnd'])).toBe(
      'Güncelleme yapılamadı.\nBaşlangıç zamanı bitiş zamanından sonra olamaz.',
    );
  });
});

describe('range rules', () => {
  const day = 86_400_000;
  const rangeArb = fc
    .tuple(fc.integer({ min: 0, max: 400 }), fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }))
    .map(([s, len]) => ({
      startDate: new Date(Date.UTC(2025, 0, 1) + s * day).toISOString(),
      endDate: len === null ? null : new Date(Date.UTC(2025, 0, 1) + (s + len) * day).toISOString(),
    }));

  it('overlap is symmetric, and back-to-back ranges never overlap', () => {
    fc.assert(
      fc.property(rangeArb, rangeArb, (a, b) => {
        expect(rangesOverlap(a, b)).toBe(rangesOverlap(b, a));
        if (a.endDate !== null && a.endDate !== a.startDate) {
          expect(rangesOverlap(a, { startDate: a.endDate, endDate: null })).toBe(false);
        }
      }),
    );
  });

  it('a range never conflicts with the ones it was split from', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (first, second) => {
        const at = (d: number) => new Date(Date.UTC(2025, 10, 1) + d * day).toISOString();
        const others = [{ startDate: at(0), endDate: at(first) }];
        const next = { startDate: at(first), endDate: at(first + second), registrationStart: at(0), others };
        return enrollmentRangeProblems(next).length === 0;
      }),
    );
  });
});

describe('end enrolment', () => {
  const end = (enrollmentId: string, now = NOW): EnrollmentCommand => ({
    type: 'EndEnrollment',
    enrollmentId,
    ...ids,
    userId: USER,
    now,
  });

  it('ends an open enrolment now', () => {
    history(added(E1))
      .when(end(E1))
      .then([
        {
          type: 'EnrollmentEnded',
          data: {
            ...ids,
            enrollmentId: E1,
            courseId: COURSE,
            endDate: NOW,
            previousEndDate: null,
            endedBy: USER,
            endedAt: NOW,
          },
        },
      ]);
  });

  it('ends an enrolment whose end is still ahead; refuses one already closed', () => {
    const future = added(E1, { endDate: '2026-06-01T00:00:00.000Z' });
    expect(history(future).when(end(E1)).run()[0].data).toMatchObject({
      endDate: NOW,
      previousEndDate: '2026-06-01T00:00:00.000Z',
    });
    const state = history(added(E1)).state;
    const ended = enrollmentDecider.decide(end(E1), state);
    history(added(E1), ...ended)
      .when(end(E1, '2026-02-02T00:00:00.000Z'))
      .thenThrows('enrollment.alreadyEnded');
  });

  it('ends a not yet started enrolment at its start', () => {
    const later = added(E1, { startDate: '2026-03-01T00:00:00.000Z' });
    expect(history(later).when(end(E1)).run()[0].data.endDate).toBe('2026-03-01T00:00:00.000Z');
  });

  it('active means no end or an end in the future (product.md 4)', () => {
    expect(isEnrollmentActive({ endDate: null }, NOW)).toBe(true);
    expect(isEnrollmentActive({ endDate: '2026-02-01T09:00:00.001Z' }, NOW)).toBe(true);
    expect(isEnrollmentActive({ endDate: NOW }, NOW)).toBe(false);
  });

  it('a student may attend a lesson held by an enrolment of that course, its end excluded as in the balance rule', () => {
    const enrollments = [
      { courseId: COURSE, startDate: '2025-03-01T00:00:00.000Z', endDate: '2025-04-01T00:00:00.000Z' },
      { courseId: COURSE_2, startDate: '2025-05-01T00:00:00.000Z', endDate: null },
    ];
    expect(isEnrolledInCourseAt(enrollments, COURSE, '2025-03-10T15:30:00.000Z')).toBe(true);
    expect(isEnrolledInCourseAt(enrollments, COURSE, '2025-03-31T23:59:59.999Z')).toBe(true);
    expect(isEnrolledInCourseAt(enrollments, COURSE, '2025-04-01T00:00:00.000Z')).toBe(false);
    expect(isEnrolledInCourseAt(enrollments, COURSE, '2025-02-28T23:59:59.999Z')).toBe(false);
    expect(isEnrolledInCourseAt(enrollments, COURSE_2, '2025-03-10T15:30:00.000Z')).toBe(false);
    expect(isEnrolledInCourseAt(enrollments, COURSE_2, '2035-01-01T00:00:00.000Z')).toBe(true);
    expect(isEnrolledInCourseAt([], COURSE, '2025-03-10T15:30:00.000Z')).toBe(false);
  });
});

describe('enrolment schemas', () => {
  const body = { studentId: STUDENT, courseId: COURSE, price: '1.500,50' };
  const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

  it('reads an add with defaults, price in kuruş', () => {
    expect(addEnrollmentSchema.parse(body)).toEqual({
      studentId: STUDENT,
      courseId: COURSE,
      enrollmentType: 'per_class',
      price: 150050,
      discount: 0,
      startDate: null,
      endDate: null,
      isOfficial: false,
      periodUnit: null,
      periodLength: null,
      classesPerPeriod: null,
    });
    expect(
      addEnrollmentSchema.parse({ ...body, enrollmentType: 'periodic', startDate: '2026-01-31' }),
    ).toMatchObject({
      periodUnit: 'month',
      periodLength: 1,
      startDate: '2026-01-30T21:00:00.000Z',
    });
  });

  it.each([
    [{ courseId: undefined }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ price: undefined }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ price: 0 }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ price: '0,99' }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ price: '-5' }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ price: '1,234' }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ price: '1000000000' }, 'Fiyat 1 ile 999999999 TL arasında olmalıdır.'],
    [{ discount: '2000' }, 'İndirim sıfırdan küçük ve fiyattan büyük olamaz.'],
    [{ discount: -1 }, 'İndirim sıfırdan küçük ve fiyattan büyük olamaz.'],
    [{ enrollmentType: 'monthly' }, 'Kurs kaydı eklenemedi: Bilgi eksik'],
    [{ periodUnit: 'year' }, 'Dönem birimi gün, hafta veya ay olmalıdır.'],
    [{ periodLength: 1000 }, 'Dönem uzunluğu ve dönem başına ders sayısı 1 ile 999 arasında olmalıdır.'],
    [{ classesPerPeriod: '0' }, 'Dönem uzunluğu ve dönem başına ders sayısı 1 ile 999 arasında olmalıdır.'],
    [{ startDate: '2026-02-30' }, 'Tarih geçersiz.'],
    [{ extra: 1 }, undefined],
  ])('refuses %j', (patch, text) => {
    const r = addEnrollmentSchema.safeParse({ ...body, ...patch });
    expect(r.success).toBe(false);
    if (text) expect(first(r)).toBe(text);
  });

  it('reads an edit of some terms; null end reopens', () => {
    expect(editEnrollmentSchema.parse({ id: E1, price: 999999999, endDate: null })).toEqual({
      id: E1,
      price: 99999999900,
      endDate: null,
    });
    expect(first(editEnrollmentSchema.safeParse({ id: E1, price: '1000000000' }))).toBe(
      'Fiyat 1 ile 999999999 TL arasında olmalıdır.',
    );
    expect(first(editEnrollmentSchema.safeParse({ id: E1, price: 0 }))).toBe(
      'Fiyat 1 ile 999999999 TL arasında olmalıdır.',
    );
  });

  it('reads endEnrollment {ID}', () => {
    expect(endEnrollmentSchema.parse({ ID: E1 })).toEqual({ id: E1 });
    expect(endEnrollmentSchema.parse({ id: E1 })).toEqual({ id: E1 });
    expect(first(endEnrollmentSchema.safeParse({}))).toBe('Kurs kaydı seçilmemiş.');
  });
});
