import type { AuditMapper } from '../audit/audit-actions';

/** product.md 3 log actions add/edit/delete_attendance, with the course, instructor and the attendance code. */
export const attendanceAuditMappers: Record<string, AuditMapper> = {
  AttendanceAdded: (e) => ({
    action: 'add_attendance',
    details: {
      attendanceId: e.data.attendanceId,
      courseId: e.data.courseId,
      instructorId: e.data.instructorId,
      name: e.data.code,
    },
  }),
  AttendanceEdited: (e) => ({
    action: 'edit_attendance',
    details: {
      attendanceId: e.data.attendanceId,
      courseId: e.data.courseId,
      instructorId: e.data.instructorId,
    },
  }),
  AttendanceDeleted: (e) => ({
    action: 'delete_attendance',
    details: { attendanceId: e.data.attendanceId, courseId: e.data.courseId },
  }),
};
