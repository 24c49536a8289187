import type { AuditMappers } from '../audit/audit-actions';

/**
 * product.md 3 log actions add/edit/end_enrollment with studentDbId, courseId and the money and dates of the
 * change (price/newPrice, startDate/newStartDate, endDate/newEndDate; money in kuruş). delete_enrollment has no
 * event: api.md 7.3 has no call that deletes an enrolment (it is ended instead).
 */
export const enrollmentAuditMappers: AuditMappers = {
  EnrollmentAdded: (e) => ({
    action: 'add_enrollment',
    details: {
      studentDbId: e.data.studentId,
      courseId: e.data.courseId,
      price: e.data.price,
      startDate: e.data.startDate,
      endDate: e.data.endDate,
    },
  }),
  EnrollmentEdited: (e) => ({
    action: 'edit_enrollment',
    details: {
      studentDbId: e.data.studentId,
      courseId: e.data.courseId,
      price: e.data.previous.price,
      newPrice: e.data.price,
      startDate: e.data.previous.startDate,
      newStartDate: e.data.startDate,
      endDate: e.data.previous.endDate,
      newEndDate: e.data.endDate,
    },
  }),
  EnrollmentEnded: (e) => ({
    action: 'end_enrollment',
    details: { studentDbId: e.data.studentId, courseId: e.data.courseId, endDate: e.data.endDate },
  }),
};
