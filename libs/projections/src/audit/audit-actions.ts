import type { EventOf, EventType, StoredEvent } from '@okul/domain';
import { accountAuditMappers } from '../accounts/account-audit-actions';
import { studentAuditMappers } from '../students/students.audit';
import { enrollmentAuditMappers } from '../enrollments/enrollments.audit';
import { attendanceAuditMappers } from '../attendance/attendances.audit';
import { paymentAuditMappers } from '../payments/payments.audit';
import { accountingAuditMappers } from '../accounting/accounting.audit';
import { classAuditMappers } from '../groups/classes.audit';
import { employeeAuditMappers } from '../employees/employees.audit';
import { smsAuditMappers } from '../sms/sms.audit';
import { scheduleAuditMappers } from '../schedules/schedules.audit';
import { gradeAuditMappers } from '../grades/grades.audit';
import { calendarFeedAuditMappers } from '../calendar-feeds/calendar-feeds.audit';
import { mediaAuditMappers } from '../media/media.audit';
import { backupAuditMappers } from '../backups/backups.audit';

/** How one event reads in the audit log (product.md 3, log entry): an action name and its details. */
export type AuditEntry = { action: string; details: Record<string, unknown> } | null;

/** The log mappers of some event types, each receiving the event it is named after. */
export type AuditMappers = { [T in EventType]?: (event: EventOf<T>) => AuditEntry };

/**
 * Event type -> log action. Each bounded context adds its own map here (one spread line), next to its
 * projections. `ActionRefused` (a refused command) becomes `<action>_failed`.
 */
export const auditMappers: AuditMappers = {
  ActionRefused: (e) => ({
    action: `${e.data.action}_failed`,
    details: { ...(e.data.details ?? {}), reason: e.data.reason },
  }),
  UserRegistered: (e) => ({ action: 'create_user', details: { email: e.data.email, name: e.data.name } }),
  OrganizationCreated: (e) => ({ action: 'create_organization', details: { name: e.data.name } }),
  ...accountAuditMappers,
  SessionStarted: () => ({ action: 'login', details: {} }),
  SessionRefreshed: () => ({ action: 'refresh_session', details: {} }),
  SessionEnded: (e) => ({
    action: e.data.reason === 'not_me' ? 'end_all_sessions' : 'logout',
    details: { reason: e.data.reason },
  }),
  CourseAdded: (e) => ({ action: 'add_course', details: { courseId: e.data.courseId, name: e.data.name } }),
  CourseEdited: (e) => ({ action: 'edit_course', details: { courseId: e.data.courseId, name: e.data.name } }),
  CourseSoftDeleted: (e) => ({ action: 'soft_delete_course', details: { courseId: e.data.courseId } }),
  CourseResurrected: (e) => ({ action: 'resurrect_course', details: { courseId: e.data.courseId } }),
  ...studentAuditMappers,
  ...enrollmentAuditMappers,
  ...attendanceAuditMappers,
  ...paymentAuditMappers,
  ...accountingAuditMappers,
  ...classAuditMappers,
  ...employeeAuditMappers,
  ...smsAuditMappers,
  ...scheduleAuditMappers,
  ...gradeAuditMappers,
  ...calendarFeedAuditMappers,
  ...mediaAuditMappers,
  ...backupAuditMappers,
};

/**
 * The mapper for a stored event's type, or undefined when the log does not show it. Events read back from the
 * store are trusted to carry the data their type names (every one came out of a decider).
 */
export function auditMapperFor(type: string): ((event: StoredEvent) => AuditEntry) | undefined {
  return (auditMappers as Record<string, ((event: StoredEvent) => AuditEntry) | undefined>)[type];
}
