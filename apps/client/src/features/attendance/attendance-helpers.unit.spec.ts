import { addAttendanceSchema, editAttendanceSchema, message } from '@okul/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  ATTENDANCE_PAGE_SIZE,
  attendanceInstant,
  attendancesQueryString,
  attendeeOptions,
  attendeesWithoutEnrollment,
  dateTimeParts,
  formatAttendanceTime,
  instructorLabel,
  instructorOptions,
  isEnrolledAt,
  issuesByField,
  parseAttendanceListSearch,
  partsToDate,
  showsMyLessons,
  studentLabel,
  studentsWithoutEnrollment,
  toAttendancePayload,
  validateAttendanceForm,
  type AttendanceFormValues,
} from './attendance-helpers';
import type { PickerStudent } from './attendance-helpers';

const COURSE = '6f1c3c1e-8d7a-4b8e-9d55-0b7a8f0e1a01';
const OTHER_COURSE = '6f1c3c1e-8d7a-4b8e-9d55-0b7a8f0e1a02';
const ALI = '0a8e4d2c-1b3f-4c5d-8e9f-000000000001';
const ECE = '0a8e4d2c-1b3f-4c5d-8e9f-000000000002';
const CAN = '0a8e4d2c-1b3f-4c5d-8e9f-000000000003';

// Gitar from 1 March 2025 to 1 April 2025, local midnights in Istanbul (UTC+3).
const march = {
  id: 'e1',
  courseId: COURSE,
  startDate: '2025-02-28T21:00:00.000Z',
  endDate: '2025-03-31T21:00:00.000Z',
};

const students: PickerStudent[] = [
  {
    id: CAN,
    studentNumber: 25003,
    name: 'Can',
    surname: 'Ok',
    enrollments: [{ ...march, id: 'e3', courseId: OTHER_COURSE }],
  },
  { id: ECE, studentNumber: 25002, name: 'Ece', surname: 'Su', enrollments: [{ ...march, id: 'e2' }] },
  { id: ALI, studentNumber: 25001, name: 'Ali', surname: 'Veli', enrollments: [] },
];

describe('list search params', () => {
  it('keeps a trimmed search text and pages after the first', () => {
    expect(parseAttendanceListSearch({ q: '  gitar 25001 ', page: '3' })).toEqual({
      q: 'gitar 25001',
      page: 3,
    });
    expect(parseAttendanceListSearch({ q: '   ', page: 1 })).toEqual({});
    expect(parseAttendanceListSearch({ q: 5, page: 'x' })).toEqual({});
    expect(parseAttendanceListSearch({ page: 2.5 })).toEqual({});
    expect(parseAttendanceListSearch({ page: -4 })).toEqual({});
    expect(parseAttendanceListSearch({ q: 'a'.repeat(300) }).q).toHaveLength(200);
  });

  it('asks the server for 100 rows a page, offset by the page', () => {
    expect(attendancesQueryString({})).toBe('limit=100&offset=0');
    expect(attendancesQueryString({ q: ' YK-2503 ', page: 3 })).toBe('limit=100&offset=200&q=YK-2503');
    expect(attendancesQueryString({ id: COURSE, limit: 1 })).toBe(`limit=1&offset=0&id=${COURSE}`);
    expect(attendancesQueryString({ courseId: COURSE, limit: 10 })).toBe(
      `limit=10&offset=0&courseId=${COURSE}`,
    );
    const range = new URLSearchParams(
      attendancesQueryString({ from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z', limit: 1 }),
    );
    expect(Object.fromEntries(range)).toEqual({
      limit: '1',
      offset: '0',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-02-01T00:00:00.000Z',
    });
  });

  it('keeps the Benim derslerim switch as set, in any form the address bar holds it', () => {
    for (const on of [true, 'true', '1', 1])
      expect(parseAttendanceListSearch({ mine: on })).toEqual({ mine: true });
    for (const off of [false, 'false', '0', 0])
      expect(parseAttendanceListSearch({ mine: off })).toEqual({ mine: false });
    expect(parseAttendanceListSearch({ mine: 'yes' })).toEqual({});
    expect(attendancesQueryString({ mine: true })).toBe('limit=100&offset=0&mine=1');
    expect(attendancesQueryString({ mine: false })).toBe('limit=100&offset=0');
  });

  it("shows a linked instructor's own lessons unless switched off, and everyone else all lessons", () => {
    expect(showsMyLessons({}, true)).toBe(true);
    expect(showsMyLessons({ mine: false }, true)).toBe(false);
    expect(showsMyLessons({ mine: true }, true)).toBe(true);
    expect(showsMyLessons({}, false)).toBe(false);
    expect(showsMyLessons({ mine: true }, false)).toBe(false);
  });

  it('round-trips the page through the address bar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (page) => {
        const parsed = parseAttendanceListSearch({ page: String(page) });
        const offset = Number(new URLSearchParams(attendancesQueryString(parsed)).get('offset'));
        expect(offset).toBe((page - 1) * ATTENDANCE_PAGE_SIZE);
      }),
    );
  });
});

describe('date and time parts', () => {
  it('takes the day from the date picker and the hour from the time picker', () => {
    const date = new Date(2025, 2, 10, 23, 59);
    const time = new Date(1999, 0, 1, 18, 30);
    expect(dateTimeParts(date, time)).toEqual({ day: 10, month: 3, year: 2025, hour: 18, minute: 30 });
  });

  it('is null while either picker is empty or invalid', () => {
    expect(dateTimeParts(null, new Date())).toBeNull();
    expect(dateTimeParts(new Date(), null)).toBeNull();
    expect(dateTimeParts(new Date(Number.NaN), new Date())).toBeNull();
  });

  it('shows stored parts in the pickers and reads them back unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute) => {
          const parts = { year, month, day, hour, minute };
          const at = partsToDate(parts);
          expect(dateTimeParts(at, at)).toEqual(parts);
        },
      ),
    );
  });

  it('places the lesson in Istanbul time as the server does', () => {
    expect(attendanceInstant({ day: 10, month: 3, year: 2025, hour: 18, minute: 30 })).toBe(
      '2025-03-10T15:30:00.000Z',
    );
    expect(attendanceInstant(null)).toBeNull();
  });

  it('formats the stored parts as dd.MM.yyyy HH:mm', () => {
    expect(formatAttendanceTime({ day: 5, month: 3, year: 2025, hour: 9, minute: 7 })).toBe(
      '05.03.2025 09:07',
    );
  });
});

describe('the form body and its warnings', () => {
  const filled: AttendanceFormValues = {
    courseId: COURSE,
    instructorId: null,
    attendants: [ALI],
    date: new Date(2025, 2, 10),
    time: new Date(2025, 2, 10, 18, 30),
  };

  it('sends the parts, the attendees and Diğer as null', () => {
    expect(toAttendancePayload(filled)).toEqual({
      courseId: COURSE,
      attendants: [ALI],
      day: 10,
      month: 3,
      year: 2025,
      hour: 18,
      minute: 30,
      instructorId: null,
    });
    const r = validateAttendanceForm(addAttendanceSchema, filled);
    expect(r).toEqual({ ok: true, body: { ...toAttendancePayload(filled) } });
  });

  it('answers the warnings of product.md 5 on their fields', () => {
    const r = validateAttendanceForm(addAttendanceSchema, {
      courseId: '',
      instructorId: null,
      attendants: [],
      date: null,
      time: null,
    });
    expect(r).toEqual({
      ok: false,
      errors: {
        courseId: message('attendance.courseMissing'),
        attendants: message('attendance.noStudents'),
        dateTime: message('attendance.dateInvalid'),
      },
    });
  });

  it('refuses a day that does not exist', () => {
    const r = validateAttendanceForm(addAttendanceSchema, {
      ...filled,
      // 31 April is not a day; the picker never gives one, but the schema is the judge
      date: {
        getDate: () => 31,
        getMonth: () => 3,
        getFullYear: () => 2025,
        getTime: () => 0,
      } as unknown as Date,
    });
    expect(r).toEqual({ ok: false, errors: { dateTime: message('attendance.dateInvalid') } });
  });

  it('adds the id when editing', () => {
    const r = validateAttendanceForm(editAttendanceSchema, filled, { id: ECE });
    expect(r.ok && r.body).toMatchObject({ id: ECE, courseId: COURSE });
  });

  it('maps issues without a known field above the form', () => {
    expect(
      issuesByField([
        { path: ['other'], message: 'x' },
        { path: [], message: 'y' },
      ]),
    ).toEqual({
      root: 'x',
      dateTime: 'y',
    });
  });
});

describe('who may attend', () => {
  const inMarch = attendanceInstant({ day: 10, month: 3, year: 2025, hour: 18, minute: 30 })!;
  const justBeforeEnd = attendanceInstant({ day: 31, month: 3, year: 2025, hour: 23, minute: 59 })!;
  const atEnd = attendanceInstant({ day: 1, month: 4, year: 2025, hour: 0, minute: 0 })!;
  const afterEnd = attendanceInstant({ day: 2, month: 4, year: 2025, hour: 0, minute: 0 })!;

  // The end is exclusive, as for the balance rule (docs/DECISIONS.md, Reliability).
  it('needs an enrolment of that course active at the time (start <= time < end)', () => {
    const ece = students[1];
    expect(isEnrolledAt(ece, COURSE, inMarch)).toBe(true);
    expect(isEnrolledAt(ece, COURSE, justBeforeEnd)).toBe(true);
    expect(isEnrolledAt(ece, COURSE, atEnd)).toBe(false);
    expect(isEnrolledAt(ece, COURSE, afterEnd)).toBe(false);
    expect(isEnrolledAt(ece, OTHER_COURSE, inMarch)).toBe(false);
    expect(isEnrolledAt(students[0], COURSE, inMarch)).toBe(false);
  });

  it('offers the enrolled first, then the others by number', () => {
    expect(attendeeOptions(students, COURSE, inMarch).map((o) => [o.student.name, o.enrolled])).toEqual([
      ['Ece', true],
      ['Ali', false],
      ['Can', false],
    ]);
    expect(attendeeOptions(students, COURSE, afterEnd).map((o) => o.student.name)).toEqual([
      'Ali',
      'Ece',
      'Can',
    ]);
    expect(attendeeOptions(students, '', inMarch).every((o) => !o.enrolled)).toBe(true);
  });

  it('leaves deleted students out unless they already attend', () => {
    const withDeleted = [...students, { ...students[1], id: 'gone', deletedAt: '2025-03-01T00:00:00.000Z' }];
    expect(attendeeOptions(withDeleted, COURSE, inMarch).map((o) => o.student.id)).not.toContain('gone');
    expect(attendeeOptions(withDeleted, COURSE, inMarch, ['gone']).map((o) => o.student.id)).toContain(
      'gone',
    );
  });

  it('names the chosen students without an enrolment, in the order chosen', () => {
    expect(attendeesWithoutEnrollment(students, [CAN, ECE, ALI], COURSE, inMarch).map((s) => s.name)).toEqual(
      ['Can', 'Ali'],
    );
  });
});

describe('the server refusal naming students', () => {
  const refusedFor = (code: string, details?: Record<string, unknown>) =>
    new ApiError(message('attendance.noEnrollment', { students: 'yazı, değil' }), 400, { code, details });

  it('names the students of the refusal details, labelled from the known students, in their order', () => {
    const error = refusedFor('attendance.noEnrollment', { studentIds: [CAN, 'gone', ALI] });
    expect(studentsWithoutEnrollment(error, students)).toEqual([
      studentLabel(students.find((s) => s.id === CAN)!),
      'gone',
      studentLabel(students.find((s) => s.id === ALI)!),
    ]);
  });

  it('is null for other errors, whatever their text says', () => {
    expect(studentsWithoutEnrollment(refusedFor('attendance.courseMissing'), students)).toBeNull();
    expect(studentsWithoutEnrollment(refusedFor('attendance.noEnrollment'), students)).toBeNull();
    expect(studentsWithoutEnrollment(new Error('Bağlantı hatası'), students)).toBeNull();
    expect(studentsWithoutEnrollment(null, students)).toBeNull();
  });
});

describe('labels', () => {
  it('calls an absent instructor, or an id that is no instructor here, Diğer', () => {
    expect(instructorLabel({ instructorId: null })).toBe('Diğer');
    expect(instructorLabel({ instructorId: ECE, instructorName: 'Ece Su' })).toBe('Ece Su');
    expect(instructorLabel({ instructorId: ECE, instructorName: null })).toBe('Diğer');
  });

  it('offers Diğer, then the active instructors of the course first, and keeps the stored one on edit', () => {
    const piano = 'c-piano';
    const list = [
      { id: 'z', name: 'Zeki', surname: 'Ak', branches: [piano] },
      { id: 'a', name: 'Ayşe', surname: 'Can', branches: ['c-other'] },
      { id: 'c', name: 'Çağla', surname: 'Er', branches: [piano] },
      { id: 'd', name: 'Deniz', surname: 'Su', branches: [piano], deletedAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(instructorOptions(list, piano, null).map((o) => o.label)).toEqual([
      'Diğer',
      'Çağla Er',
      'Zeki Ak',
      'Ayşe Can',
    ]);
    expect(instructorOptions(list, piano, { instructorId: 'd', instructorName: 'Deniz Su' }).at(-1)).toEqual({
      value: 'd',
      label: 'Deniz Su',
    });
  });

  it('names students by padded number and name', () => {
    expect(studentLabel({ id: ALI, studentNumber: 5001, name: 'Ali', surname: 'Veli' })).toBe(
      '05001 Ali Veli',
    );
    expect(studentLabel({ id: ALI, studentNumber: null, name: null, surname: null })).toBe(ALI);
  });
});
