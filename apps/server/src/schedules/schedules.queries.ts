import { dateInputSchema, message } from '@okul/domain';
import { z } from 'zod';

const day = dateInputSchema(message('schedule.invalid'));

const filters = {
  id: z.uuid({ error: message('schedule.notFound') }).optional(),
  courseId: z.uuid({ error: message('course.notFound') }).optional(),
  studentId: z.uuid({ error: message('student.notFound') }).optional(),
  classId: z.uuid({ error: message('class.notFound') }).optional(),
  // The lessons an instructor gives (Ana Sayfa's "Bugünkü / yaklaşan derslerim"); another organisation's id
  // matches nothing here.
  instructorId: z.uuid({ error: message('attendance.instructorInvalid') }).optional(),
};

/** GET getSchedules: every schedule not deleted, or those matching the filters (ours, docs/DECISIONS.md). */
export const getSchedulesQuerySchema = z.strictObject({
  ...filters,
  from: day.optional(),
  to: day.optional(),
});

/** A calendar reads at most about a year of lessons at once. */
const MAX_RANGE_MS = 400 * 24 * 3_600_000;

/** GET getScheduleOccurrences: the lessons of [from, to) (ours, docs/DECISIONS.md). */
export const getOccurrencesQuerySchema = z
  .strictObject({ ...filters, from: day, to: day, members: z.enum(['0', '1']).optional() })
  .refine(
    (q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= MAX_RANGE_MS,
    {
      error: message('schedule.invalid'),
    },
  );
