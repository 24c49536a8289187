import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { toLocal } from '../shared/time';
import { COURSE, COURSE_2, ORG, OTHER_ORG, STUDENT, STUDENT_2, USER } from '../students/fixtures';
import {
  decideCourseSchedulesRemoval,
  scheduleDecider,
  type MemberLookup,
  type ScheduleCommand,
  type ScheduleEvent,
} from './decider';
import {
  expandSchedule,
  istanbulDay,
  lessonsMissingAttendance,
  occurrenceId,
  scheduleSpan,
  type ScheduleTiming,
} from './occurrences';
import { addScheduleSchema, updateScheduleDetailsSchema, type AddScheduleInput } from './schemas';

const S = '00000000-0000-4000-8000-0000000000f1';
const G = '00000000-0000-4000-8000-0000000000e1';
const NOW = '2026-02-01T10:00:00.000Z';
const ids = { scheduleId: S, organizationId: ORG };
const base = { ...ids, userId: USER, now: NOW };
// Mondays 18:00-19:00 Istanbul (15:00 UTC), weekly, 4 times.
const slot = { startTime: '2026-02-02T15:00:00.000Z', endTime: '2026-02-02T16:00:00.000Z' };
const input: AddScheduleInput = {
  courseId: COURSE,
  title: 'Gitar A',
  scheduleType: 'periodic',
  scheduleTimes: [slot],
  periodLength: 1,
  periodUnit: 'week',
  repeatCount: 4,
  attendanceMandatory: true,
  notes: null,
  instructorId: null,
  students: [STUDENT],
  classes: [G],
};
const lookup: MemberLookup = {
  students: {
    [STUDENT]: {
      label: '26001 Ayşe Yılmaz',
      enrollments: [{ courseId: COURSE, startDate: '2026-01-01T00:00:00.000Z', endDate: null }],
    },
    [STUDENT_2]: {
      label: '26002 Can Demir',
      enrollments: [{ courseId: COURSE_2, startDate: '2026-01-01T00:00:00.000Z', endDate: null }],
    },
  },
  classes: { [G]: { courseId: COURSE, title: 'Gitar A', deleted: false } },
};
const { students: _s, classes: _c, ...details } = input;
const added: ScheduleEvent = {
  type: 'ScheduleAdded',
  data: { ...ids, ...details, students: [STUDENT], classes: [G], createdBy: USER, createdAt: NOW },
};
const update = (patch: Record<string, unknown>): ScheduleCommand => ({
  type: 'UpdateScheduleDetails',
  ...base,
  input: patch,
});

describe('schedule decider', () => {
  it('adds a schedule with members enrolled in its course and its groups', () => {
    given(scheduleDecider, [])
      .when({ type: 'AddSchedule', ...base, input, lookup })
      .then([added]);
    given(scheduleDecider, [])
      .when({ type: 'AddSchedule', ...base, input: { ...input, students: [STUDENT_2] }, lookup })
      .thenThrows(
        'schedule.studentsNotEnrolled',
        'Bu kursa kaydı olmayan öğrenciler programa eklenemez: 26002 Can Demir',
      );
    given(scheduleDecider, [])
      .when({
        type: 'AddSchedule',
        ...base,
        input,
        lookup: { ...lookup, classes: { [G]: { courseId: COURSE_2, title: 'Davul B', deleted: false } } },
      })
      .thenThrows('schedule.classesInvalid', 'Bu kursa ait olmayan gruplar programa eklenemez: Davul B');
  });

  it('nulls the period fields of a one-off and needs all three for a periodic schedule', () => {
    const [e] = given(scheduleDecider, [])
      .when({ type: 'AddSchedule', ...base, input: { ...input, scheduleType: 'one_off' }, lookup })
      .run();
    expect(e.data).toMatchObject({ periodLength: null, periodUnit: null, repeatCount: null });
    given(scheduleDecider, [])
      .when({ type: 'AddSchedule', ...base, input: { ...input, repeatCount: null }, lookup })
      .thenThrows('schedule.periodMissing');
  });

  it('updates only changed details, clears members when the course changes, and writes nothing unchanged', () => {
    given(scheduleDecider, [added])
      .when(update({ title: 'Gitar B', repeatCount: 4 }))
      .then([
        {
          type: 'ScheduleDetailsUpdated',
          data: {
            ...ids,
            ...details,
            title: 'Gitar B',
            changed: ['title'],
            membersCleared: false,
            editedBy: USER,
            editedAt: NOW,
          },
        },
      ]);
    given(scheduleDecider, [added])
      .when(update({ title: 'Gitar A', scheduleTimes: [slot] }))
      .then([]);
    const [moved] = given(scheduleDecider, [added])
      .when(update({ courseId: COURSE_2 }))
      .run();
    expect(moved.data).toMatchObject({ courseId: COURSE_2, membersCleared: true, changed: ['courseId'] });
    const state = [added, moved].reduce(scheduleDecider.evolve, scheduleDecider.initialState);
    expect(state).toMatchObject({ students: [], classes: [] });
    const [oneOff] = given(scheduleDecider, [added])
      .when(update({ scheduleType: 'one_off' }))
      .run();
    expect(oneOff.data).toMatchObject({
      periodLength: null,
      periodUnit: null,
      repeatCount: null,
      changed: ['scheduleType', 'periodLength', 'periodUnit', 'repeatCount'],
    });
  });

  it('replaces and removes members; removing one who is not there is refused', () => {
    given(scheduleDecider, [added])
      .when({ type: 'UpdateScheduleMembers', ...base, members: { students: [], classes: [G] }, lookup })
      .then([
        {
          type: 'ScheduleMembersUpdated',
          data: {
            ...ids,
            courseId: COURSE,
            title: 'Gitar A',
            students: [],
            classes: [G],
            editedBy: USER,
            editedAt: NOW,
          },
        },
      ]);
    given(scheduleDecider, [added])
      .when({ type: 'RemoveScheduleStudent', ...base, studentId: STUDENT })
      .then([
        {
          type: 'ScheduleStudentRemoved',
          data: { ...ids, courseId: COURSE, studentId: STUDENT, editedBy: USER, editedAt: NOW },
        },
      ]);
    given(scheduleDecider, [added])
      .when({ type: 'RemoveScheduleStudent', ...base, studentId: STUDENT_2 })
      .thenThrows('schedule.studentRemoveFailed', 'Öğrenci çıkarılamadı');
    given(scheduleDecider, [added])
      .when({ type: 'RemoveScheduleClass', ...base, classId: STUDENT })
      .thenThrows('schedule.classRemoveFailed', 'Sınıf çıkarılamadı');
  });

  it("deletes; a deleted schedule or another organisation's is not found", () => {
    const del: ScheduleCommand = { type: 'DeleteSchedule', ...base, reason: 'user' };
    const deleted: ScheduleEvent = {
      type: 'ScheduleDeleted',
      data: { ...ids, courseId: COURSE, title: 'Gitar A', reason: 'user', deletedBy: USER, deletedAt: NOW },
    };
    given(scheduleDecider, [added]).when(del).then([deleted]);
    given(scheduleDecider, [added, deleted])
      .when(del)
      .thenThrows('schedule.notFound', 'Silinecek program veya organizasyon bulunamadı');
    given(scheduleDecider, [added])
      .when({ ...del, organizationId: OTHER_ORG })
      .thenThrows('schedule.notFound');
  });

  it("removes a deleted course's active schedules (product.md 4)", () => {
    const active = given(scheduleDecider, [added]).state;
    const plan = decideCourseSchedulesRemoval({ organizationId: ORG, userId: USER, now: NOW }, [
      { scheduleId: S, state: active },
      { scheduleId: 'gone', state: { ...(active as object), status: 'deleted' } as typeof active },
    ]);
    expect(plan).toEqual([
      {
        scheduleId: S,
        events: [
          {
            type: 'ScheduleDeleted',
            data: {
              ...ids,
              courseId: COURSE,
              title: 'Gitar A',
              reason: 'course_deleted',
              deletedBy: USER,
              deletedAt: NOW,
            },
          },
        ],
      },
    ]);
  });
});

describe('schedule instructor', () => {
  const T = '00000000-0000-4000-8000-0000000000a7';
  it('carries the Eğitmen on add and on a details update, and an unchanged one writes nothing', () => {
    given(scheduleDecider, [])
      .when({ type: 'AddSchedule', ...base, input: { ...input, instructorId: T }, lookup })
      .then([{ ...added, data: { ...added.data, instructorId: T } } as ScheduleEvent]);
    given(scheduleDecider, [added])
      .when(update({ instructorId: T }))
      .then([
        {
          type: 'ScheduleDetailsUpdated',
          data: {
            ...ids,
            ...details,
            instructorId: T,
            changed: ['instructorId'],
            membersCleared: false,
            editedBy: USER,
            editedAt: NOW,
          },
        },
      ]);
    given(scheduleDecider, [{ ...added, data: { ...added.data, instructorId: T } } as ScheduleEvent])
      .when(update({ instructorId: T }))
      .then([]);
  });

  it('reads a schedule added before the Eğitmen existed as having none', () => {
    const { instructorId: _i, ...old } = added.data as typeof added.data & { instructorId: null };
    const legacy = { type: 'ScheduleAdded', data: old } as ScheduleEvent;
    given(scheduleDecider, [legacy])
      .when(update({ instructorId: null }))
      .then([]);
    given(scheduleDecider, [legacy])
      .when(update({ title: 'Gitar B' }))
      .then([
        {
          type: 'ScheduleDetailsUpdated',
          data: {
            ...ids,
            ...details,
            title: 'Gitar B',
            instructorId: null,
            changed: ['title'],
            membersCleared: false,
            editedBy: USER,
            editedAt: NOW,
          },
        },
      ]);
  });

  it('takes an instructor id or none, and refuses a malformed one', () => {
    expect(addScheduleSchema.parse({ courseId: COURSE, scheduleTimes: [slot] }).instructorId).toBeNull();
    expect(
      addScheduleSchema.parse({ courseId: COURSE, scheduleTimes: [slot], instructorId: T }).instructorId,
    ).toBe(T);
    expect(updateScheduleDetailsSchema.parse({ scheduleId: S }).instructorId).toBeUndefined();
    expect(updateScheduleDetailsSchema.parse({ scheduleId: S, instructorId: null }).instructorId).toBeNull();
    expect(updateScheduleDetailsSchema.safeParse({ scheduleId: S, instructorId: 'x' }).success).toBe(false);
  });
});

describe('schedule schemas', () => {
  it('drops incomplete slots, needs one, and asks for a course', () => {
    const r = addScheduleSchema.parse({
      courseId: COURSE,
      scheduleTimes: [
        slot,
        { startTime: '2026-02-03T15:00:00.000Z', endTime: null },
        { startTime: '', endTime: '' },
      ],
    });
    expect(r.scheduleTimes).toEqual([slot]);
    expect(r).toMatchObject({
      scheduleType: 'one_off',
      attendanceMandatory: false,
      students: [],
      classes: [],
    });
    expect(addScheduleSchema.safeParse({ scheduleTimes: [slot] }).error?.issues[0].message).toBe(
      'Kurs ve organizasyon seçilmeli',
    );
    expect(
      addScheduleSchema.safeParse({
        courseId: COURSE,
        scheduleTimes: [{ startTime: slot.startTime, endTime: null }],
      }).error?.issues[0].message,
    ).toBe('En az bir ders saati (başlangıç ve bitiş) girilmeli.');
    expect(
      addScheduleSchema.safeParse({
        courseId: COURSE,
        scheduleTimes: [{ startTime: slot.endTime, endTime: slot.startTime }],
      }).error?.issues[0].message,
    ).toBe('Ders saatinin bitişi başlangıcından sonra olmalı.');
    expect(updateScheduleDetailsSchema.parse({ scheduleId: S, title: 'X' })).toEqual({
      scheduleId: S,
      title: 'X',
    });
  });
});

describe('occurrences', () => {
  it('repeats a weekly slot at the same local time and gives stable ids', () => {
    const occ = expandSchedule(input);
    expect(occ.map((o) => o.start)).toEqual([
      '2026-02-02T15:00:00.000Z',
      '2026-02-09T15:00:00.000Z',
      '2026-02-16T15:00:00.000Z',
      '2026-02-23T15:00:00.000Z',
    ]);
    expect(occurrenceId(S, occ[1])).toBe(`${S}.0.1`);
    expect(scheduleSpan(input)).toEqual({ firstStart: slot.startTime, lastEnd: '2026-02-23T16:00:00.000Z' });
    const window = {
      from: Date.parse('2026-02-09T00:00:00.000Z'),
      to: Date.parse('2026-02-17T00:00:00.000Z'),
    };
    expect(expandSchedule(input, window).map((o) => o.index)).toEqual([1, 2]);
  });

  it('keeps lessons at the local hour across summer time (2015: 29 March, 25 October)', () => {
    const occ = expandSchedule({
      scheduleType: 'periodic',
      // Monday 23 March 2015, 18:00 EET (UTC+2)
      scheduleTimes: [{ startTime: '2015-03-23T16:00:00.000Z', endTime: '2015-03-23T17:00:00.000Z' }],
      periodLength: 1,
      periodUnit: 'week',
      repeatCount: 2,
    });
    // 30 March 2015, 18:00 EEST (UTC+3)
    expect(occ[1].start).toBe('2015-03-30T15:00:00.000Z');
  });

  it('a periodic schedule of repeatCount n yields n × slots occurrences, in order, at the slots’ local times', () => {
    const hour = 3_600_000;
    fc.assert(
      fc.property(
        // Any day from 1990 to 2030: Istanbul moved its clocks until 2016 and keeps UTC+3 since.
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.array(
          fc.record({
            offsetDays: fc.integer({ min: 0, max: 6 }),
            hour: fc.integer({ min: 8, max: 21 }),
            minutes: fc.integer({ min: 30, max: 180 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('day', 'week', 'month') as fc.Arbitrary<'day' | 'week' | 'month'>,
        fc.integer({ min: 1, max: 3 }),
        (day, slots, n, unit, length) => {
          const base0 = Math.floor(day / (24 * hour)) * 24 * hour;
          const scheduleTimes = slots.map((s) => {
            // The slot's local wall time: the UTC day plus the hour, shifted by the zone's offset then.
            const local = toLocal(base0 + s.offsetDays * 24 * hour);
            const start = Date.UTC(local.year, local.month - 1, local.day, s.hour) - 3 * hour;
            const startIso = new Date(start).toISOString();
            return { startTime: startIso, endTime: new Date(start + s.minutes * 60_000).toISOString() };
          });
          const timing: ScheduleTiming = {
            scheduleType: 'periodic',
            scheduleTimes,
            periodLength: length,
            periodUnit: unit,
            repeatCount: n,
          };
          const occ = expandSchedule(timing);
          if (occ.length !== n * slots.length) return false;
          for (let i = 1; i < occ.length; i++) if (occ[i - 1].start > occ[i].start) return false;
          // Each occurrence keeps its slot's local hour and minute.
          return occ.every((o) => {
            const first = toLocal(Date.parse(scheduleTimes[o.slot].startTime));
            const l = toLocal(Date.parse(o.start));
            return (
              l.hour === first.hour && l.minute === first.minute && Date.parse(o.end) > Date.parse(o.start)
            );
          });
        },
      ),
      { numRuns: 120 },
    );
  });

  it('a window answers exactly the lessons of the whole expansion that overlap it', () => {
    const day = 24 * 3_600_000;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom('day', 'week', 'month') as fc.Arbitrary<'day' | 'week' | 'month'>,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: -30, max: 2000 }),
        fc.integer({ min: 1, max: 60 }),
        (start, n, unit, length, fromDays, spanDays) => {
          const timing: ScheduleTiming = {
            scheduleType: 'periodic',
            scheduleTimes: [
              {
                startTime: new Date(start).toISOString(),
                endTime: new Date(start + 3_600_000).toISOString(),
              },
              {
                startTime: new Date(start + 2 * day).toISOString(),
                endTime: new Date(start + 2 * day + 5_400_000).toISOString(),
              },
            ],
            periodLength: length,
            periodUnit: unit,
            repeatCount: n,
          };
          const window = { from: start + fromDays * day, to: start + (fromDays + spanDays) * day };
          const expected = expandSchedule(timing).filter(
            (o) => Date.parse(o.end) > window.from && Date.parse(o.start) < window.to,
          );
          expect(expandSchedule(timing, window)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('Ana Sayfa lessons', () => {
  it('reads today on the Istanbul calendar', () => {
    // 23:30 UTC on 1 March is 02:30 on 2 March in Istanbul.
    expect(istanbulDay(Date.parse('2026-03-01T23:30:00.000Z'))).toEqual({
      from: '2026-03-01T21:00:00.000Z',
      to: '2026-03-02T21:00:00.000Z',
    });
  });

  it('lists mandatory lessons that have ended without an attendance, latest first', () => {
    const lesson = (end: string, attendanceMandatory = true, attendanceId: string | null = null) => ({
      end,
      attendanceMandatory,
      attendanceId,
    });
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const a = lesson('2026-03-02T16:00:00.000Z');
    const b = lesson('2026-03-09T16:00:00.000Z');
    const lessons = [
      a,
      b,
      lesson('2026-03-09T17:00:00.000Z', false),
      lesson('2026-03-09T18:00:00.000Z', true, 'att'),
      lesson('2026-03-10T12:30:00.000Z'),
    ];
    expect(lessonsMissingAttendance(lessons, now)).toEqual([b, a]);
  });
});
