import { z } from 'zod';
import { message } from '../shared/messages';
import { parseDateInput } from '../shared/time';

/** Limits (the spec names none; ours, docs/DECISIONS.md). */
export const SCHEDULE_LIMITS = {
  title: 200,
  notes: 1000,
  slots: 14,
  periodLength: 365,
  repeatCount: 520,
  members: 500,
  /** A lesson lasts at most a day. */
  slotMs: 24 * 3_600_000,
} as const;

const invalid = message('schedule.invalid');

const instant = z
  .string({ error: invalid })
  .max(40, { error: invalid })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    const iso = parseDateInput(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return iso;
  });

export interface ScheduleTime {
  startTime: string;
  endTime: string;
}

/**
 * product.md 5: several slots; slots without both start and end are dropped; at least one must remain, and
 * each ends after it starts.
 */
const scheduleTimes = z
  .array(z.strictObject({ startTime: instant, endTime: instant }), {
    error: message('schedule.timesMissing'),
  })
  .max(SCHEDULE_LIMITS.slots, { error: invalid })
  .transform((slots, ctx): ScheduleTime[] => {
    const complete = slots.filter((s): s is ScheduleTime => s.startTime !== null && s.endTime !== null);
    if (complete.length === 0) {
      ctx.addIssue({ code: 'custom', message: message('schedule.timesMissing') });
      return z.NEVER;
    }
    for (const s of complete) {
      const ms = Date.parse(s.endTime) - Date.parse(s.startTime);
      if (ms <= 0 || ms > SCHEDULE_LIMITS.slotMs) {
        ctx.addIssue({ code: 'custom', message: message('schedule.timeInvalid') });
        return z.NEVER;
      }
    }
    return complete;
  });

const optionalText = (max: number) =>
  z
    .string({ error: invalid })
    .trim()
    .max(max, { error: invalid })
    .nullish()
    .transform((v) => (v ? v : null));

const students = z
  .array(z.strictObject({ studentId: z.uuid({ error: message('common.badRequest') }) }), { error: invalid })
  .max(SCHEDULE_LIMITS.members, { error: invalid })
  .transform((xs) => [...new Set(xs.map((x) => x.studentId))]);

const classes = z
  .array(z.strictObject({ classId: z.uuid({ error: message('common.badRequest') }) }), { error: invalid })
  .max(SCHEDULE_LIMITS.members, { error: invalid })
  .transform((xs) => [...new Set(xs.map((x) => x.classId))]);

const detailShape = {
  // product.md 5: organisation and course required ("Kurs ve organizasyon seçilmeli").
  courseId: z.uuid({ error: message('schedule.courseRequired') }),
  title: optionalText(SCHEDULE_LIMITS.title),
  scheduleType: z.enum(['periodic', 'one_off'], { error: invalid }),
  scheduleTimes,
  periodLength: z
    .number({ error: invalid })
    .int({ error: invalid })
    .min(1, { error: invalid })
    .max(SCHEDULE_LIMITS.periodLength, { error: invalid })
    .nullish()
    .transform((v) => v ?? null),
  periodUnit: z
    .enum(['day', 'week', 'month'], { error: invalid })
    .nullish()
    .transform((v) => v ?? null),
  repeatCount: z
    .number({ error: invalid })
    .int({ error: invalid })
    .min(1, { error: invalid })
    .max(SCHEDULE_LIMITS.repeatCount, { error: invalid })
    .nullish()
    .transform((v) => v ?? null),
  attendanceMandatory: z.boolean({ error: invalid }),
  notes: optionalText(SCHEDULE_LIMITS.notes),
  // The lesson's Eğitmen (an active instructor of the organisation, checked by the server); null is none.
  instructorId: z
    .uuid({ error: message('schedule.instructorUnknown') })
    .nullish()
    .transform((v) => v ?? null),
};

/** POST addSchedule (the schedule, product.md 3). */
export const addScheduleSchema = z.strictObject({
  ...detailShape,
  scheduleType: detailShape.scheduleType.default('one_off'),
  attendanceMandatory: detailShape.attendanceMandatory.default(false),
  instructorId: detailShape.instructorId.default(null),
  students: students.default([]),
  classes: classes.default([]),
});

/** POST updateScheduleDetails {scheduleId, the changed fields only}. */
export const updateScheduleDetailsSchema = z.strictObject({
  scheduleId: z.uuid({ error: message('schedule.notFound') }),
  courseId: detailShape.courseId.optional(),
  title: detailShape.title.optional(),
  scheduleType: detailShape.scheduleType.optional(),
  scheduleTimes: scheduleTimes.optional(),
  periodLength: detailShape.periodLength.optional(),
  periodUnit: detailShape.periodUnit.optional(),
  repeatCount: detailShape.repeatCount.optional(),
  attendanceMandatory: detailShape.attendanceMandatory.optional(),
  notes: detailShape.notes.optional(),
  instructorId: detailShape.instructorId.optional(),
});

/** POST updateScheduleMembers {scheduleId, students, classes}. */
export const updateScheduleMembersSchema = z.strictObject({
  scheduleId: z.uuid({ error: message('schedule.notFound') }),
  students,
  classes,
});

/** POST removeScheduleStudent {scheduleID, studentID}. */
export const removeScheduleStudentSchema = z.strictObject({
  scheduleID: z.uuid({ error: message('schedule.notFound') }),
  studentID: z.uuid({ error: message('schedule.studentRemoveFailed') }),
});

/** POST removeScheduleClass {scheduleID, classID}. */
export const removeScheduleClassSchema = z.strictObject({
  scheduleID: z.uuid({ error: message('schedule.notFound') }),
  classID: z.uuid({ error: message('schedule.classRemoveFailed') }),
});

/** POST deleteSchedule {id}. */
export const scheduleIdSchema = z.strictObject({ id: z.uuid({ error: message('schedule.notFound') }) });

export type AddScheduleInput = z.output<typeof addScheduleSchema>;
export type UpdateScheduleDetailsInput = z.output<typeof updateScheduleDetailsSchema>;
export type UpdateScheduleMembersInput = z.output<typeof updateScheduleMembersSchema>;
