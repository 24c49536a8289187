import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { COURSE, COURSE_2, ORG, OTHER_ORG, STUDENT, STUDENT_2, USER } from '../students/fixtures';
import {
  attendanceDecider,
  attendeesWithoutEnrollment,
  planAttendanceCreation,
  type AttendanceCommand,
  type AttendanceEvent,
  type AttendeeLookup,
} from './decider';
import {
  attendanceCode,
  attendanceCodePeriod,
  attendanceNumberDecider,
  attendanceNumberStream,
} from './attendance-number-decider';
import { addAttendanceSchema, editAttendanceSchema, type AttendanceInput } from './schemas';

const A = '00000000-0000-4000-8000-0000000000a1';
const INSTRUCTOR = '00000000-0000-4000-8000-0000000000d1';
const NOW = '2026-01-20T10:00:00.000Z';
const ids = { attendanceId: A, organizationId: ORG };
const STUDENT_3 = '00000000-0000-4000-8000-000000000003';

// Lesson on 19 January 2026 at 18:30 Istanbul time = 15:30 UTC.
const input: AttendanceInput = {
  courseId: COURSE,
  attendants: [STUDENT, STUDENT_2],
  day: 19,
  month: 1,
  year: 2026,
  hour: 18,
  minute: 30,
  instructorId: INSTRUCTOR,
};
const LESSON = '2026-01-19T15:30:00.000Z';

const attendees: AttendeeLookup = {
  [STUDENT]: {
    label: '25001 Ayşe Yılmaz',
    enrollments: [{ courseId: COURSE, startDate: '2025-10-01T00:00:00.000Z', endDate: null }],
  },
  [STUDENT_2]: {
    label: '25002 Can Demir',
    enrollments: [
      { courseId: COURSE_2, startDate: '2025-10-01T00:00:00.000Z', endDate: null },
      // ends a minute after the lesson: an enrolment ending exactly at it would not hold it (end exclusive)
      { courseId: COURSE, startDate: '2025-10-01T00:00:00.000Z', endDate: '2026-01-19T15:31:00.000Z' },
    ],
  },
};

const addCmd = (patch: Partial<AttendanceInput> = {}, lookup = attendees): AttendanceCommand => ({
  type: 'AddAttendance',
  ...ids,
  userId: USER,
  now: NOW,
  attendanceNumber: 7,
  code: 'YK-2601-0007',
  input: { ...input, ...patch },
  attendees: lookup,
});

const added: AttendanceEvent = {
  type: 'AttendanceAdded',
  data: {
    ...ids,
    attendanceNumber: 7,
    code: 'YK-2601-0007',
    courseId: COURSE,
    instructorId: INSTRUCTOR,
    day: 19,
    month: 1,
    year: 2026,
    hour: 18,
    minute: 30,
    timestamp: LESSON,
    attendants: [STUDENT, STUDENT_2],
    createdBy: USER,
    createdAt: NOW,
  },
};

const editCmd = (patch: Partial<AttendanceInput> = {}, lookup = attendees): AttendanceCommand => ({
  type: 'EditAttendance',
  ...ids,
  userId: USER,
  now: '2026-01-21T10:00:00.000Z',
  input: { ...input, ...patch },
  attendees: lookup,
});

describe('attendance decider', () => {
  it('adds an attendance at the local lesson time (an enrolment ending a minute later holds it)', () => {
    given(attendanceDecider, []).when(addCmd()).then([added]);
  });

  it('names the students without an enrolment of the course at that time', () => {
    const lookup: AttendeeLookup = {
      ...attendees,
      [STUDENT_3]: {
        label: '25003 Elif Kaya',
        enrollments: [{ courseId: COURSE, startDate: '2026-01-19T15:31:00.000Z', endDate: null }],
      },
    };
    given(attendanceDecider, [])
      .when(addCmd({ attendants: [STUDENT, STUDENT_3, '00000000-0000-4000-8000-000000000009'] }, lookup))
      .thenThrows(
        'attendance.noEnrollment',
        'Bu tarihte kursa aktif kaydı olmayan öğrenciler: 25003 Elif Kaya, 00000000-0000-4000-8000-000000000009',
      );
  });

  it('refuses a lesson after the enrolment has ended', () => {
    given(attendanceDecider, [])
      .when(addCmd({ minute: 31 }))
      .thenThrows(
        'attendance.noEnrollment',
        'Bu tarihte kursa aktif kaydı olmayan öğrenciler: 25002 Can Demir',
      );
  });

  it('keeps "Diğer" (no instructor) as null', () => {
    const [e] = given(attendanceDecider, [])
      .when(addCmd({ instructorId: null }))
      .run();
    expect(e.data).toMatchObject({ instructorId: null });
  });

  it('refuses to add the same attendance twice', () => {
    given(attendanceDecider, [added]).when(addCmd()).thenThrows('attendance.alreadyExists');
  });

  it('edits the time and attendees, re-checking the enrolments', () => {
    given(attendanceDecider, [added])
      .when(editCmd({ attendants: [STUDENT], hour: 17, instructorId: null }))
      .then([
        {
          type: 'AttendanceEdited',
          data: {
            ...ids,
            courseId: COURSE,
            instructorId: null,
            day: 19,
            month: 1,
            year: 2026,
            hour: 17,
            minute: 30,
            timestamp: '2026-01-19T14:30:00.000Z',
            attendants: [STUDENT],
            editedBy: USER,
            editedAt: '2026-01-21T10:00:00.000Z',
            code: 'YK-2601-0007',
            previousTimestamp: LESSON,
          },
        },
      ]);
    given(attendanceDecider, [added])
      .when(editCmd({ hour: 19 }))
      .thenThrows('attendance.noEnrollment');
  });

  it('gives an edit the lesson time it replaces, folding the log-only fields out of the state', () => {
    const [first] = given(attendanceDecider, [added])
      .when(editCmd({ attendants: [STUDENT], hour: 17, instructorId: null }))
      .run();
    expect(first.data).toMatchObject({ previousTimestamp: LESSON, timestamp: '2026-01-19T14:30:00.000Z' });
    const [second] = given(attendanceDecider, [added, first])
      .when(editCmd({ attendants: [STUDENT], hour: 16, instructorId: null }))
      .run();
    expect(second.data).toMatchObject({
      code: 'YK-2601-0007',
      previousTimestamp: '2026-01-19T14:30:00.000Z',
      timestamp: '2026-01-19T13:30:00.000Z',
    });
    const state = [added, first].reduce(attendanceDecider.evolve, attendanceDecider.initialState);
    expect(state).not.toHaveProperty('previousTimestamp');
    // An edit stored before the log carried the old time still folds.
    if (first.type !== 'AttendanceEdited') throw new Error(`expected an edit, got ${first.type}`);
    const { code: _c, previousTimestamp: _p, ...oldEdit } = first.data;
    const folded = attendanceDecider.evolve(attendanceDecider.evolve(attendanceDecider.initialState, added), {
      type: 'AttendanceEdited',
      data: oldEdit,
    });
    expect(folded).toMatchObject({ status: 'active', code: 'YK-2601-0007', hour: 17 });
  });

  it('keeps the course fixed after creation', () => {
    given(attendanceDecider, [added])
      .when(editCmd({ courseId: COURSE_2 }))
      .thenThrows('attendance.courseFixed');
  });

  it('writes nothing for an unchanged edit', () => {
    given(attendanceDecider, [added]).when(editCmd()).then([]);
  });

  it("deletes; a deleted attendance, or another organisation's, is not found", () => {
    const del: AttendanceCommand = { type: 'DeleteAttendance', ...ids, userId: USER, now: NOW };
    const deleted: AttendanceEvent = {
      type: 'AttendanceDeleted',
      data: {
        ...ids,
        courseId: COURSE,
        deletedBy: USER,
        deletedAt: NOW,
        code: 'YK-2601-0007',
        timestamp: LESSON,
      },
    };
    given(attendanceDecider, [added]).when(del).then([deleted]);
    given(attendanceDecider, [added, deleted]).when(del).thenThrows('attendance.notFound');
    given(attendanceDecider, [added, deleted]).when(editCmd()).thenThrows('attendance.notFound');
    given(attendanceDecider, [added])
      .when({ ...del, organizationId: OTHER_ORG })
      .thenThrows('attendance.notFound');
  });

  it('an attendee is accepted exactly when an enrolment of the course spans the time (end exclusive, as the balance rule)', () => {
    const minute = 60_000;
    const t0 = Date.parse(LESSON);
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.option(fc.integer({ min: -100, max: 100 }), { nil: null }),
        (startOffset, endOffset) => {
          const e = {
            courseId: COURSE,
            startDate: new Date(t0 + startOffset * minute).toISOString(),
            endDate: endOffset === null ? null : new Date(t0 + endOffset * minute).toISOString(),
          };
          const ok = startOffset <= 0 && (endOffset === null || endOffset > 0);
          const missing = attendeesWithoutEnrollment(COURSE, LESSON, [STUDENT], {
            [STUDENT]: { enrollments: [e] },
          });
          return missing.length === (ok ? 0 : 1);
        },
      ),
    );
  });
});

describe('attendance codes', () => {
  it('reads the month in Istanbul time', () => {
    expect(attendanceCodePeriod('2026-01-31T21:30:00.000Z')).toBe('2602'); // 1 February, 00:30 local
    expect(attendanceCodePeriod(NOW)).toBe('2601');
    expect(attendanceCode('2601', 7)).toBe('YK-2601-0007');
    expect(attendanceCode('2601', 12345)).toBe('YK-2601-12345');
    expect(attendanceNumberStream(ORG, NOW)).toBe(`attendance-numbers-${ORG}-2601`);
  });

  it('numbers the month from 0001 and plans the counter with the attendance', () => {
    const plan = planAttendanceCreation(
      { ...ids, userId: USER, now: NOW, input, attendees },
      { numbers: attendanceNumberDecider.initialState, attendance: attendanceDecider.initialState },
    );
    expect(plan.code).toBe('YK-2601-0001');
    expect(plan.numberEvents[0].data).toMatchObject({ sequence: 1, period: '2601', attendanceId: A });
    expect(plan.attendanceEvents[0].data).toMatchObject({ attendanceNumber: 1, code: 'YK-2601-0001' });
    const next = planAttendanceCreation(
      {
        ...ids,
        attendanceId: '00000000-0000-4000-8000-0000000000a2',
        userId: USER,
        now: NOW,
        input,
        attendees,
      },
      {
        numbers: plan.numberEvents.reduce(
          attendanceNumberDecider.evolve,
          attendanceNumberDecider.initialState,
        ),
        attendance: attendanceDecider.initialState,
      },
    );
    expect(next.code).toBe('YK-2601-0002');
  });
});

describe('attendance schemas', () => {
  const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;
  const body = {
    courseId: COURSE,
    attendants: [STUDENT, STUDENT],
    day: '19',
    month: 1,
    year: 2026,
    hour: 18,
    minute: '30',
  };

  it('reads numbers, drops repeated attendees, absent instructor is Diğer', () => {
    expect(addAttendanceSchema.parse(body)).toEqual({ ...input, attendants: [STUDENT], instructorId: null });
  });

  it.each([
    [{ courseId: undefined }, 'Ders seçilmemiş'],
    [{ courseId: '' }, 'Ders seçilmemiş'],
    [{ attendants: [] }, 'Öğrenci sayısı sıfır'],
    [{ attendants: undefined }, 'Öğrenci sayısı sıfır'],
    [{ courseId: undefined, attendants: [] }, 'Ders seçilmemiş'],
    [{ day: 32 }, 'Gün/saat eksik veya hatalı'],
    [{ day: 30, month: 2 }, 'Gün/saat eksik veya hatalı'],
    [{ month: 0 }, 'Gün/saat eksik veya hatalı'],
    [{ year: 3000 }, 'Gün/saat eksik veya hatalı'],
    [{ year: 0 }, 'Gün/saat eksik veya hatalı'],
    [{ hour: 24 }, 'Gün/saat eksik veya hatalı'],
    [{ minute: 60 }, 'Gün/saat eksik veya hatalı'],
    [{ minute: undefined }, 'Gün/saat eksik veya hatalı'],
    [{ hour: 'on' }, 'Gün/saat eksik veya hatalı'],
    [
      {
        attendants: Array.from(
          { length: 501 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      },
      'Bir yoklamada en fazla 500 öğrenci olabilir.',
    ],
  ])('refuses %j with "%s"', (patch, text) => {
    expect(first(addAttendanceSchema.safeParse({ ...body, ...patch }))).toBe(text);
  });

  it('accepts the edges of the ranges and refuses unknown fields', () => {
    expect(
      addAttendanceSchema.safeParse({ ...body, day: 31, month: 12, year: 1, hour: 0, minute: 59 }).success,
    ).toBe(true);
    expect(addAttendanceSchema.safeParse({ ...body, attendanceNumber: 4 }).success).toBe(false);
  });

  it('reads an edit without the course', () => {
    const { courseId: _c, ...rest } = body;
    expect(editAttendanceSchema.parse({ id: A, ...rest })).toMatchObject({ id: A, attendants: [STUDENT] });
  });
});
