import { describe, expect, it } from 'vitest';
import {
  addBodyOf,
  changedDetails,
  courseColor,
  formValuesOf,
  membersChanged,
  scheduleResolver,
} from './calendar';
import type { ScheduleView as Schedule } from '@okul/domain';

const schedule: Schedule = {
  id: 's1',
  courseId: 'c1',
  title: 'Gitar A',
  scheduleType: 'periodic',
  scheduleTimes: [{ startTime: '2026-03-02T15:00:00.000Z', endTime: '2026-03-02T16:00:00.000Z' }],
  periodLength: 1,
  periodUnit: 'week',
  repeatCount: 4,
  attendanceMandatory: false,
  notes: null,
  instructorId: null,
  instructorName: null,
  students: [{ studentId: 'a' }],
  classes: [],
  organizationId: 'o1',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: null,
  editedAt: null,
  editedBy: null,
  deletedAt: null,
};

describe('schedule form', () => {
  it('sends only the changed fields, none when nothing changed', () => {
    const v = formValuesOf(schedule);
    expect(changedDetails(schedule, v)).toEqual({});
    expect(changedDetails(schedule, { ...v, title: 'Gitar B', repeatCount: '6' })).toEqual({
      title: 'Gitar B',
      repeatCount: 6,
    });
    expect(changedDetails(schedule, { ...v, scheduleType: 'one_off' })).toEqual({
      scheduleType: 'one_off',
      periodLength: null,
      periodUnit: null,
      repeatCount: null,
    });
    expect(changedDetails(schedule, { ...v, instructorId: 'i1' })).toEqual({ instructorId: 'i1' });
    expect(changedDetails({ ...schedule, instructorId: 'i1' }, v)).toEqual({ instructorId: null });
    expect(membersChanged(schedule, v)).toBe(false);
    expect(membersChanged(schedule, { ...v, students: [] })).toBe(true);
  });

  it('colours a course by its place in the list', () => {
    expect(courseColor(['x', 'y'], 'y')).not.toBe(courseColor(['x', 'y'], 'x'));
    expect(courseColor(['x'], 'x')).toBe(courseColor(['x'], 'x'));
  });
});

describe('the schedule form resolver', () => {
  const resolve = (values: ReturnType<typeof formValuesOf>) =>
    scheduleResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const COURSE = '11111111-1111-4111-8111-111111111111';

  it("answers the server schema's texts: course first, then the slots and the period", async () => {
    const blank = await resolve(formValuesOf(null));
    expect(blank.errors.courseId?.message).toBe('Kurs ve organizasyon seçilmeli');
    const noSlot = await resolve({ ...formValuesOf(null), courseId: COURSE });
    expect(noSlot.errors.courseId).toBeUndefined();
    expect(noSlot.errors.slots?.message).toBeTruthy();
    const slot = { start: '2026-03-02T18:00', end: '2026-03-02T19:00' };
    const badPeriod = await resolve({
      ...formValuesOf(null),
      courseId: COURSE,
      slots: [slot],
      periodLength: '',
    });
    expect(Object.keys(badPeriod.errors)).toEqual(['periodLength']);
  });

  it('passes a complete form; the body carries the members as the API names them', async () => {
    const v = {
      ...formValuesOf(null),
      courseId: COURSE,
      slots: [{ start: '2026-03-02T18:00', end: '2026-03-02T19:00' }],
      students: ['22222222-2222-4222-8222-222222222222'],
    };
    expect((await resolve(v)).errors).toEqual({});
    expect(addBodyOf(v)).toMatchObject({
      courseId: COURSE,
      students: [{ studentId: '22222222-2222-4222-8222-222222222222' }],
      classes: [],
    });
  });
});
