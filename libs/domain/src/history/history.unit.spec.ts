import { describe, expect, it } from 'vitest';
import { attendanceDecider, type AttendanceCommand } from '../attendance/decider';
import { computeBalance } from '../balances/calculator';
import { courseDecider, type CourseCommand } from '../courses/decider';
import { enrollmentDecider, type EnrollmentCommand } from '../enrollments/decider';
import { paymentDecider, type PaymentCommand } from '../payments/decider';
import type { Decider } from '../shared/decider';
import { studentDecider, type StudentCommand } from '../students/decider';
import { COURSE, ORG, STUDENT, STUDENT_2, USER, studentInput } from '../students/fixtures';
import { balanceAsOf, balanceInputAsOf } from './balance-as-of';
import { diffFields, recordAsOf, type HistoryEvent } from './history';
import {
  attendanceHistoryFold,
  courseHistoryFold,
  enrollmentHistoryFold,
  paymentHistoryFold,
  recordHistory,
  studentHistoryFold,
} from './records';
import { asOfInstant } from './schemas';

const P = '00000000-0000-4000-8000-0000000000f1';
const E1 = '00000000-0000-4000-8000-0000000000e1';
const A1 = '00000000-0000-4000-8000-0000000000a1';
const INSTRUCTOR = '00000000-0000-4000-8000-0000000000d1';
const names = {
  students: { [STUDENT]: '25001 Ayşe Yılmaz', [STUDENT_2]: '25002 Ali Kaya' },
  courses: { [COURSE]: 'Gitar' },
  instructors: { [INSTRUCTOR]: 'Deniz Ak' },
};
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/**
 * A stream written by running commands through a decider, each at its own time and with the metadata the
 * command executor stores: the history is folded from exactly what the deciders write.
 */
function written<C, E extends { type: string; data: unknown }, S>(
  decider: Decider<C, E, S>,
  steps: Array<[at: string, command: C]>,
  prior: HistoryEvent[] = [],
): HistoryEvent[] {
  const out = [...prior];
  for (const [at, command] of steps) {
    const state = out.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
    for (const e of decider.decide(command, state))
      out.push({
        ...e,
        metadata: { userId: USER, ipAddress: '203.0.113.7', userAgent: UA, occurredAt: at },
      });
  }
  return out;
}

const T1 = '2026-01-10T09:00:00.000Z';
const T2 = '2026-01-12T09:00:00.000Z';
const T3 = '2026-01-15T09:00:00.000Z';
const T4 = '2026-01-20T09:00:00.000Z';

const pay = (type: PaymentCommand['type'], now: string, extra: object = {}) =>
  ({ type, paymentId: P, organizationId: ORG, userId: USER, now, ...extra }) as PaymentCommand;
const paymentEvents = written(paymentDecider, [
  [
    T1,
    pay('AddPayment', T1, {
      input: {
        studentId: STUDENT,
        courseId: COURSE,
        amount: 150000,
        date: '2026-01-09T21:00:00.000Z',
        method: 'cash',
        isCorrection: false,
      },
    }),
  ],
  [T2, pay('EditPayment', T2, { input: { amount: 175050, method: 'cash', isCorrection: false } })],
  [
    T3,
    pay('EditPayment', T3, {
      input: { amount: 175050, method: 'bank_transfer', notes: 'Ocak', isCorrection: false },
    }),
  ],
  [T4, pay('SoftDeletePayment', T4)],
]);

const stu = (type: StudentCommand['type'], now: string, extra: object = {}) =>
  ({ type, studentId: STUDENT, organizationId: ORG, userId: USER, now, ...extra }) as StudentCommand;
const studentEvents = written(studentDecider, [
  [T1, stu('RegisterStudent', T1, { studentNumber: 25001, input: studentInput })],
  [T3, stu('EditStudent', T3, { input: { ...studentInput, phone: '5329998877' } })],
]);

const enr = (type: EnrollmentCommand['type'], now: string, extra: object = {}) =>
  ({
    type,
    enrollmentId: E1,
    studentId: STUDENT,
    organizationId: ORG,
    userId: USER,
    now,
    ...extra,
  }) as EnrollmentCommand;
// The enrolment's events are interleaved with the student's own in one stream.
const studentStream = written(
  enrollmentDecider,
  [
    [
      T2,
      enr('AddEnrollment', T2, {
        input: {
          courseId: COURSE,
          enrollmentType: 'per_class',
          startDate: '2026-01-01T09:00:00.000Z',
          endDate: null,
          price: 50000,
          discount: 0,
          isOfficial: false,
          periodUnit: null,
          periodLength: null,
          classesPerPeriod: null,
        },
      }),
    ],
    [T4, enr('EditEnrollment', T4, { changes: { price: 60000, discount: 5000 } })],
  ],
  studentEvents.slice(0, 1),
).concat(studentEvents.slice(1));

const att = (type: AttendanceCommand['type'], now: string, extra: object = {}) =>
  ({ type, attendanceId: A1, organizationId: ORG, userId: USER, now, ...extra }) as AttendanceCommand;
const enrolled = {
  enrollments: [{ courseId: COURSE, startDate: '2026-01-01T00:00:00.000Z', endDate: null }],
};
const attendees = { [STUDENT]: enrolled, [STUDENT_2]: enrolled };
const lesson = { day: 12, month: 1, year: 2026, hour: 14, minute: 30, instructorId: INSTRUCTOR };
const attendanceEvents = written(attendanceDecider, [
  [
    T2,
    att('AddAttendance', T2, {
      attendanceNumber: 1,
      code: '2601-001',
      input: { courseId: COURSE, ...lesson, attendants: [STUDENT, STUDENT_2] },
      attendees,
    }),
  ],
  [T3, att('EditAttendance', T3, { input: { ...lesson, attendants: [STUDENT_2] }, attendees })],
  [T4, att('DeleteAttendance', T4)],
]);

const C = '00000000-0000-4000-8000-00000000c001';
const crs = (type: CourseCommand['type'], extra: object = {}) =>
  ({ type, courseId: C, organizationId: ORG, ...extra }) as CourseCommand;
const courseEvents = written(courseDecider, [
  [T1, crs('AddCourse', { input: { name: 'Gitar', courseExplanation: 'Başlangıç' }, nextIndex: 1 })],
  [T2, crs('EditCourse', { input: { name: 'Gitar 1', courseExplanation: 'Başlangıç' } })],
  [T3, crs('DeleteCourse', { now: T3 })],
]);

describe('record versions, folded from the events the deciders write', () => {
  const cases = [
    {
      record: 'payment',
      history: recordHistory('payment', paymentEvents, P, T4, names),
      actions: ['Ödeme eklendi', 'Ödeme düzenlendi', 'Ödeme düzenlendi', 'Ödeme silindi'],
      changes: [
        null,
        [['Miktar', '1.500,00 TL', '1.750,50 TL']],
        [
          ['Ödeme yöntemi', 'Nakit', 'Banka havalesi / EFT'],
          ['Notlar', null, 'Ocak'],
        ],
        [['Durum', 'Aktif', 'Silinmiş']],
      ],
    },
    {
      record: 'enrolment (in the student stream, beside the student events)',
      history: recordHistory('enrollment', studentStream, E1, T4, names),
      actions: ['Kurs kaydı eklendi', 'Kurs kaydı düzenlendi'],
      changes: [
        null,
        [
          ['Ücret', '500,00 TL', '600,00 TL'],
          ['İndirim', '0,00 TL', '50,00 TL'],
        ],
      ],
    },
    {
      record: 'student (its enrolments are no versions of it)',
      history: recordHistory('student', studentStream, STUDENT, T4, names),
      actions: ['Öğrenci kaydedildi', 'Öğrenci düzenlendi'],
      changes: [null, [['Telefon', '5321234567', '5329998877']]],
    },
    {
      record: 'attendance',
      history: recordHistory('attendance', attendanceEvents, A1, T4, names),
      actions: ['Yoklama eklendi', 'Yoklama düzenlendi', 'Yoklama silindi'],
      changes: [
        null,
        [['Katılanlar', '25001 Ayşe Yılmaz, 25002 Ali Kaya', '25002 Ali Kaya']],
        [['Durum', 'Aktif', 'Silinmiş']],
      ],
    },
    {
      record: 'course',
      history: recordHistory('course', courseEvents, C, T4, names),
      actions: ['Kurs eklendi', 'Kurs düzenlendi', 'Kurs silindi'],
      changes: [null, [['Ad', 'Gitar', 'Gitar 1']], [['Durum', 'Aktif', 'Silinmiş']]],
    },
  ];

  it.each(cases)('$record: one version per event of the record, with old → new per field', (c) => {
    expect(c.history.versions.map((v) => v.action)).toEqual(c.actions);
    expect(c.history.versions.map((v) => v.version)).toEqual(c.actions.map((_, i) => i + 1));
    c.changes.forEach((expected, i) => {
      const changes = c.history.versions[i].changes;
      if (expected === null) {
        // The first version lists every field that has a value, from nothing.
        expect(changes.length).toBeGreaterThan(0);
        expect(changes.every((ch) => ch.old === null && ch.new !== null)).toBe(true);
      } else expect(changes.map((ch) => [ch.label, ch.old, ch.new])).toEqual(expected);
    });
  });

  it('each version carries who, when, the ip and the device from the event metadata', () => {
    const v = recordHistory('payment', paymentEvents, P, T4).versions[1];
    expect(v).toMatchObject({
      at: T2,
      userId: USER,
      ipAddress: '203.0.113.7',
      userAgent: UA,
      device: 'Chrome, Windows',
      eventType: 'PaymentEdited',
    });
  });

  it('names referenced records when their names are known, and shows the id otherwise', () => {
    const named = recordHistory('payment', paymentEvents, P, T1, names).versions[0].fields;
    expect(named.find((f) => f.field === 'course')?.value).toBe('Gitar');
    const bare = recordHistory('payment', paymentEvents, P, T1).versions[0].fields;
    expect(bare.find((f) => f.field === 'course')?.value).toBe(COURSE);
  });

  it("another record's id in the same stream has no versions", () => {
    expect(recordHistory('enrollment', studentStream, STUDENT, T4).versions).toEqual([]);
    expect(recordHistory('student', studentStream, E1, T4).versions).toEqual([]);
  });
});

describe('a record as it was at a date', () => {
  const value = (fields: ReturnType<typeof recordAsOf>, field: string) =>
    fields?.find((f) => f.field === field)?.value;
  const table: Array<[at: string, amount: string | undefined, status: string | undefined]> = [
    ['2026-01-01T00:00:00.000Z', undefined, undefined],
    [T1, '1.500,00 TL', 'Aktif'],
    ['2026-01-11T00:00:00.000Z', '1.500,00 TL', 'Aktif'],
    [T2, '1.750,50 TL', 'Aktif'],
    ['2026-02-01T00:00:00.000Z', '1.750,50 TL', 'Silinmiş'],
  ];
  it.each(table)('payment at %s: amount %s, status %s', (at, amount, status) => {
    const fields = recordAsOf(paymentHistoryFold, paymentEvents, P, at);
    if (amount === undefined) expect(fields).toBeNull();
    expect(value(fields, 'amount')).toBe(amount);
    expect(value(fields, 'status')).toBe(status);
  });

  it('the other folds answer null before the record existed and its fields after', () => {
    const before = '2026-01-01T00:00:00.000Z';
    expect(recordAsOf(studentHistoryFold, studentStream, STUDENT, before)).toBeNull();
    expect(recordAsOf(enrollmentHistoryFold, studentStream, E1, T1)).toBeNull();
    expect(value(recordAsOf(enrollmentHistoryFold, studentStream, E1, T3), 'price')).toBe('500,00 TL');
    expect(value(recordAsOf(studentHistoryFold, studentStream, STUDENT, T2), 'phone')).toBe('5321234567');
    expect(value(recordAsOf(attendanceHistoryFold, attendanceEvents, A1, T2, names), 'time')).toBe(
      '12.01.2026 14:30',
    );
    expect(value(recordAsOf(courseHistoryFold, courseEvents, C, T2), 'name')).toBe('Gitar 1');
  });
});

describe('diffFields', () => {
  const f = (field: string, value: string | null) => ({ field, label: field, value });
  it.each([
    { before: [], after: [f('a', '1')], changes: [['a', null, '1']] },
    { before: [f('a', '1')], after: [f('a', '1')], changes: [] },
    {
      before: [f('a', '1'), f('b', null)],
      after: [f('a', '2'), f('b', 'x')],
      changes: [
        ['a', '1', '2'],
        ['b', null, 'x'],
      ],
    },
    { before: [f('a', '1')], after: [], changes: [['a', '1', null]] },
    { before: [f('a', null)], after: [], changes: [] },
  ])('$before → $after', ({ before, after, changes }) => {
    expect(diffFields(before, after).map((c) => [c.field, c.old, c.new])).toEqual(changes);
  });
});

describe('asOfInstant', () => {
  it.each([
    // A day is its end on the Istanbul calendar (UTC+3).
    ['2026-03-31', '2026-03-31T20:59:59.999Z'],
    ['2026-12-31', '2026-12-31T20:59:59.999Z'],
    ['2026-02-29', null],
    ['2026-03-05T10:00:00+03:00', '2026-03-05T07:00:00.000Z'],
    ['2026-03-05T07:00:00.000Z', '2026-03-05T07:00:00.000Z'],
    ['dün', null],
    ['1712345678', null],
  ])('%s → %s', (input, expected) => {
    expect(asOfInstant(input)).toBe(expected);
  });
});

describe('balance as of a date', () => {
  const streams = { student: studentStream, attendances: [attendanceEvents], payments: [paymentEvents] };
  const table: Array<[at: string, balance: number, lessons: number]> = [
    // Before anything: nothing charged, nothing paid.
    ['2026-01-01T00:00:00.000Z', 0, 0],
    // The payment exists (1.500 TL), no enrolment yet.
    [T1, 150000, 0],
    // Enrolled at 500 TL a lesson, one lesson attended, the payment raised to 1.750,50 TL.
    [T2, 175050 - 50000, 1],
    // Taken off the lesson: no charge.
    [T3, 175050, 0],
    // The attendance deleted, the payment deleted, the price raised: nothing either way.
    [T4, 0, 0],
  ];
  it.each(table)('at %s the balance is %i kuruş with %i charged lessons', (at, balance, lessons) => {
    const b = balanceAsOf(STUDENT, streams, at);
    expect(b.balance).toBe(balance);
    expect(b.attendedWithPrices.length).toBe(lessons);
  });

  it('is the calculator over the states the deciders folded (the other student keeps their lesson)', () => {
    const input = balanceInputAsOf(STUDENT_2, { ...streams, payments: [] }, T4);
    expect(input.attendances).toEqual([]);
    const atT3 = balanceInputAsOf(STUDENT_2, { ...streams, payments: [] }, T3);
    expect(atT3.attendances.map((a) => a.id)).toEqual([A1]);
    expect(balanceAsOf(STUDENT, streams, T2)).toEqual(
      computeBalance({ ...balanceInputAsOf(STUDENT, streams, T2), now: T2 }),
    );
  });
});
