import type { Projection } from './runtime/projection';
import { accountsProjection } from './accounts/accounts.projection';
import { inboxProjection } from './accounts/inbox.projection';
import { pendingInvitationsProjection } from './accounts/pending-invitations.projection';
import { auditLogProjection } from './audit/audit-log.projection';
import { coursesProjection } from './courses/courses.projection';
import { studentsProjection } from './students/students.projection';
import { enrollmentsProjection } from './enrollments/enrollments.projection';
import { attendancesProjection } from './attendance/attendances.projection';
import { paymentsProjection } from './payments/payments.projection';
import { balancesProjection } from './balances/balances.projection';
import { accountingProjection } from './accounting/accounting.projection';
import { planProjection } from './plan.projection';
import { employeesProjection } from './employees/employees.projection';
import { smsProjection } from './sms/sms.projection';
import { statisticsProjection } from './statistics/statistics.projection';
import { backupsProjection } from './backups/backups.projection';
import { historyProjection } from './history/history.projection';

/** Every read model the product runs. Each bounded context adds its projections here. */
export const allProjections: Projection[] = [
  accountsProjection,
  inboxProjection,
  pendingInvitationsProjection,
  coursesProjection,
  auditLogProjection,
  studentsProjection,
  enrollmentsProjection,
  attendancesProjection,
  paymentsProjection,
  balancesProjection,
  accountingProjection,
  planProjection,
  employeesProjection,
  smsProjection,
  statisticsProjection,
  backupsProjection,
  historyProjection,
];
