import type { AuditMappers } from '../audit/audit-actions';

/** Log actions of the schedules (ours: product.md 3 lists none for schedules); the title is the name. */
export const scheduleAuditMappers: AuditMappers = {
  ScheduleAdded: (e) => ({
    action: 'add_schedule',
    details: { scheduleId: e.data.scheduleId, courseId: e.data.courseId, name: e.data.title },
  }),
  ScheduleDetailsUpdated: (e) => ({
    action: 'update_schedule_details',
    details: {
      scheduleId: e.data.scheduleId,
      courseId: e.data.courseId,
      name: e.data.title,
      changed: e.data.changed,
    },
  }),
  ScheduleMembersUpdated: (e) => ({
    action: 'update_schedule_members',
    details: { scheduleId: e.data.scheduleId, courseId: e.data.courseId, name: e.data.title },
  }),
  ScheduleStudentRemoved: (e) => ({
    action: 'remove_schedule_student',
    details: { scheduleId: e.data.scheduleId, courseId: e.data.courseId, studentDbId: e.data.studentId },
  }),
  ScheduleClassRemoved: (e) => ({
    action: 'remove_schedule_class',
    details: { scheduleId: e.data.scheduleId, courseId: e.data.courseId, classId: e.data.classId },
  }),
  ScheduleDeleted: (e) => ({
    action: 'delete_schedule',
    details: {
      scheduleId: e.data.scheduleId,
      courseId: e.data.courseId,
      name: e.data.title,
      reason: e.data.reason === 'course_deleted' ? 'Kurs silindi' : undefined,
    },
  }),
};
