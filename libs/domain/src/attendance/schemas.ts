import { z } from 'zod';
import { message } from '../shared/messages';
import { isValidDateParts } from '../shared/time';

/** product.md 5 / api.md 9.5: day 1-31, month 1-12, year 1-2999, hour 0-23, minute 0-59. */
export const ATTENDANCE_LIMITS = { maxAttendants: 500, maxYear: 2999 } as const;

const dateInvalid = message('attendance.dateInvalid');

const part = (min: number, max: number) =>
  z
    .union([z.number(), z.string().max(4, { error: dateInvalid })], { error: dateInvalid })
    .transform((v) => (typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, { error: dateInvalid });

// Keys in the order of the warnings of api.md 8.3 (Ders seçilmemiş, Öğrenci sayısı sıfır, Gün/saat eksik
// veya hatalı): zod reports field issues in key order, and the first one is the answer.
const attendanceShape = {
  courseId: z.uuid({ error: message('attendance.courseMissing') }),
  attendants: z
    .array(z.uuid({ error: message('common.badRequest') }), { error: message('attendance.noStudents') })
    .min(1, { error: message('attendance.noStudents') })
    .max(ATTENDANCE_LIMITS.maxAttendants, { error: message('attendance.tooManyStudents') })
    // The same student twice is one attendee.
    .transform((ids) => [...new Set(ids)]),
  day: part(1, 31),
  month: part(1, 12),
  year: part(1, ATTENDANCE_LIMITS.maxYear),
  hour: part(0, 23),
  minute: part(0, 59),
  // product.md 3: null or absent means Diğer (other).
  instructorId: z
    .uuid({ error: message('attendance.instructorInvalid') })
    .nullish()
    .transform((v) => v ?? null),
};

const realDay = (v: { day: number; month: number; year: number }) => isValidDateParts(v.year, v.month, v.day);

/** POST addAttendance (api.md 7.3): the attendance object. */
export const addAttendanceSchema = z.strictObject(attendanceShape).refine(realDay, { error: dateInvalid });

/** POST editAttendance: the attendance with its id; the course cannot change (product.md 5), so it may be left out. */
export const editAttendanceSchema = z
  .strictObject({
    id: z.uuid({ error: message('attendance.notFound') }),
    ...attendanceShape,
    courseId: attendanceShape.courseId.optional(),
  })
  .refine(realDay, { error: dateInvalid });

/** POST deleteAttendance {id}. */
export const attendanceIdSchema = z.strictObject({ id: z.uuid({ error: message('attendance.notFound') }) });

export type AttendanceInput = z.output<typeof addAttendanceSchema>;
export type EditAttendanceInput = z.output<typeof editAttendanceSchema>;
