import { describe, expect, it } from 'vitest';
import { changedDetails, courseColor, formValuesOf, membersChanged } from './calendar';
import type { Schedule } from './types';

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
