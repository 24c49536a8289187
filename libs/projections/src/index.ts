export * from './runtime/sql';
export * from './runtime/projection';
export * from './runtime/runner';
export * from './runtime/rls';
export { allProjections } from './registry';
export { auditMapperFor, auditMappers, type AuditEntry, type AuditMappers } from './audit/audit-actions';
export {
  readAccountActivity,
  readOrgLogs,
  readSystemLogs,
  type AuditLogEntry,
  type AuditLogPage,
} from './audit/audit-log.reader';
export {
  readBalanceInput,
  readDuePayments,
  readDuePaymentsAt,
  type DueRow,
} from './balances/balances.reader';
export { readAccountingMonth, readAccountingPage } from './accounting/accounting.reader';
export * from './groups/classes.reader';
export * from './courses/courses.reader';
export {
  readAgeGroups,
  readAgeGroupsUntil,
  readStatistics,
  readStatisticsUntil,
} from './statistics/statistics.reader';
export * from './exports/exports.reader';
export { readReceiptFacts, readStatementHeading, type ReceiptFacts } from './receipts/receipts.reader';
export {
  isActiveInstructor,
  readEmployees,
  readInstructorsOfUser,
  readLinkedUserCheck,
  readPublicInstructors,
  readWagesOwed,
  unknownCourseIds,
  type EmployeeView,
  type LinkedInstructor,
  type PublicInstructor,
  type WagesOwed,
} from './employees/employees.reader';
export * from './sms/sms.reader';
export * from './schedules/schedules.reader';
export * from './grades/grades.reader';
export * from './calendar-feeds/calendar-feeds.reader';
export * from './sms/sms-notices.reader';
export * from './media/media.reader';
export * from './runtime/sql-json';
export * from './payments/payments.reader';
export * from './enrollments/enrollments.reader';
export * from './students/students.reader';
export * from './attendance/attendances.reader';
export * from './accounts/subscription-payments.reader';
export * from './accounts/accounts.reader';
export * from './accounts/inbox.reader';
export * from './accounts/pending-invitations.reader';
export * from './runtime/checkpoints.reader';
export * from './backups/backups.reader';
export * from './backups/organization-backup.reader';
export * from './history/history.reader';
