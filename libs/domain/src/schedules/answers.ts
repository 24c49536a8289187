import { z } from 'zod';

const text = z.string().nullable();

/** GET getSchedules: one schedule (product.md 3 Schedule). */
export const scheduleAnswerSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  courseId: z.string(),
  title: text,
  scheduleType: z.enum(['periodic', 'one_off']),
  scheduleTimes: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
  periodLength: z.number().nullable(),
  periodUnit: z.enum(['day', 'week', 'month']).nullable(),
  repeatCount: z.number().nullable(),
  attendanceMandatory: z.boolean(),
  notes: text,
  instructorId: text,
  instructorName: text,
  students: z.array(z.object({ studentId: z.string() })),
  classes: z.array(z.object({ classId: z.string() })),
  createdAt: z.string(),
  createdBy: text,
  editedAt: text,
  editedBy: text,
  deletedAt: z.null(),
});
export const schedulesAnswerSchema = z.array(scheduleAnswerSchema);
export type ScheduleView = z.infer<typeof scheduleAnswerSchema>;

/** GET getScheduleOccurrences: one lesson of the calendar. */
export const occurrenceAnswerSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  slot: z.number(),
  index: z.number(),
  courseId: z.string(),
  title: text,
  start: z.string(),
  end: z.string(),
  attendanceMandatory: z.boolean(),
  instructorId: text,
  classes: z.array(z.string()),
  attendanceId: text,
  memberIds: z.array(z.string()).optional(),
});
export const occurrencesAnswerSchema = z.array(occurrenceAnswerSchema);
export type OccurrenceView = z.infer<typeof occurrenceAnswerSchema>;

/** POST updateScheduleDetails: `changed: false` with the info "Değişiklik yok" when nothing changed. */
export const scheduleUpdatedAnswerSchema = z.object({
  id: z.string(),
  changed: z.boolean(),
  info: z.string().optional(),
});
