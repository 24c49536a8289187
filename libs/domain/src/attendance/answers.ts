import { z } from 'zod';
import { isoDateTime } from '../shared/answers';

/** One attendee of an attendance as getAttendances names them (in the order of `attendants`). */
export const attendanceStudentSchema = z.object({
  id: z.string(),
  /** null when the student is gone from the read model (the id is then all that is known). */
  studentNumber: z.number().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
});
export type AttendanceStudent = z.infer<typeof attendanceStudentSchema>;

/** api.md 7.3 getAttendances: one attendance (product.md 3 Attendance) with the names the screens show. */
export const attendanceSchema = z.object({
  id: z.string(),
  DBID: z.string(),
  /** The readable code `YK-<yymm>-<seq>` (docs/DECISIONS.md). */
  code: z.string(),
  attendanceNumber: z.number(),
  organizationId: z.string(),
  courseId: z.string(),
  courseName: z.string().nullable(),
  /** null means Diğer (product.md 3). */
  instructorId: z.string().nullable(),
  /** The instructor's name; null means Diğer, also for a stored id that is no instructor here. */
  instructorName: z.string().nullable().optional(),
  day: z.number(),
  month: z.number(),
  year: z.number(),
  hour: z.number(),
  minute: z.number(),
  /** The lesson time as an instant (local parts in Europe/Istanbul). */
  timestamp: isoDateTime,
  attendants: z.array(z.string()),
  students: z.array(attendanceStudentSchema),
  createdAt: isoDateTime.nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  editedAt: isoDateTime.nullable(),
  editedBy: z.string().nullable(),
  editedByName: z.string().nullable(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** The paged answer of getAttendances (docs/DECISIONS.md "getAttendances is paged on the server"). */
export const attendancesPageSchema = z.object({
  attendances: z.array(attendanceSchema),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type AttendancesPage = z.infer<typeof attendancesPageSchema>;

/** An attendance write: its id, and on add the readable code it was given. */
export const attendanceWrittenSchema = z.object({
  id: z.string(),
  code: z.string().optional(),
  attendanceNumber: z.number().optional(),
});
