import type { AuditMappers } from '../audit/audit-actions';

/**
 * product.md 3 log actions add/edit/delete_attendance, with the course, instructor, the attendance code (name)
 * and the lesson time as an instant: startDate, and on an edit the time before (startDate) and after
 * (newStartDate). Events stored before edits and deletes carried the code and the earlier time simply leave
 * those details out (JSON drops undefined), so old streams still project.
 */
export const attendanceAuditMappers: AuditMappers = {
  AttendanceAdded: (e) => ({
    action: 'add_attendance',
    details: {
      attendanceId: e.data.attendanceId,
      courseId: e.data.courseId,
      instructorId: e.data.instructorId,
      name: e.data.code,
      startDate: e.data.timestamp,
    },
  }),
  AttendanceEdited: (e) => ({
    action: 'edit_attendance',
    details: {
      attendanceId: e.data.attendanceId,
      courseId: e.data.courseId,
      instructorId: e.data.instructorId,
      name: e.data.code,
      startDate: e.data.previousTimestamp,
      newStartDate: e.data.timestamp,
    },
  }),
  AttendanceDeleted: (e) => ({
    action: 'delete_attendance',
    details: {
      attendanceId: e.data.attendanceId,
      courseId: e.data.courseId,
      name: e.data.code,
      startDate: e.data.timestamp,
    },
  }),
};
