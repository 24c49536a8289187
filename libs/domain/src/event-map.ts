import type { DomainEvent, StoredEvent } from './shared/events';
import type { AccountingEvent } from './accounting/decider';
import type { CheckoutEvent } from './accounts/checkout-decider';
import type { InboxEvent, InvitationEvent } from './accounts/invitation-decider';
import type { OrganizationEvent } from './accounts/organization-decider';
import type { SessionEvent } from './accounts/session-decider';
import type { EmailReservationEvent, UserEvent } from './accounts/user-decider';
import type { AttendanceNumberEvent } from './attendance/attendance-number-decider';
import type { AttendanceEvent } from './attendance/decider';
import type { BackupEvent } from './backups/decider';
import type { CalendarFeedEvent } from './calendar-feeds/decider';
import type { CourseEvent } from './courses/decider';
import type { EmployeeEvent } from './employees/decider';
import type { EnrollmentEvent } from './enrollments/decider';
import type { GradeEvent } from './grades/decider';
import type { ClassEvent } from './groups/decider';
import type { MediaEvent, MediaUploadEvent } from './media/decider';
import type { PaymentEvent } from './payments/decider';
import type { ReceiptEvent, ReceiptNumberEvent } from './receipts/decider';
import type { ScheduleEvent } from './schedules/decider';
import type { SmsConsentEvent } from './sms/consent';
import type { SmsConsentCodeEvent } from './sms/consent-code';
import type { SmsCampaignEvent, SmsCreditEvent } from './sms/decider';
import type { SmsNoticeEvent } from './sms/notices';
import type { StudentStreamEvent } from './students/decider';
import type { StudentImportEvent } from './students/import';
import type { StudentNumberEvent } from './students/student-number-decider';
import type { TcknReservationEvent } from './students/tckn-decider';

/**
 * A refused user action, recorded for the audit log (product.md 3: `<action>_failed` with its reason). It is
 * the one fact no decider returns: the refusal itself is the domain's answer, and this only remembers it.
 */
export type ActionRefusedEvent = DomainEvent<
  'ActionRefused',
  { action: string; reason: string; details?: Record<string, unknown> }
>;

/**
 * Every event the store holds, by type: the one map read models and log mappers are typed from. A context
 * adds its event union here with one line.
 */
export type AnyEvent =
  | ActionRefusedEvent
  | AccountingEvent
  | CheckoutEvent
  | InboxEvent
  | InvitationEvent
  | OrganizationEvent
  | SessionEvent
  | EmailReservationEvent
  | UserEvent
  | AttendanceNumberEvent
  | AttendanceEvent
  | BackupEvent
  | CalendarFeedEvent
  | CourseEvent
  | EmployeeEvent
  | EnrollmentEvent
  | GradeEvent
  | ClassEvent
  | MediaEvent
  | MediaUploadEvent
  | PaymentEvent
  | ReceiptEvent
  | ReceiptNumberEvent
  | ScheduleEvent
  | SmsConsentEvent
  | SmsConsentCodeEvent
  | SmsCampaignEvent
  | SmsCreditEvent
  | SmsNoticeEvent
  | StudentStreamEvent
  | StudentImportEvent
  | StudentNumberEvent
  | TcknReservationEvent;

export type EventType = AnyEvent['type'];

/** The stored event of one type (of each type, for a union: told apart by `type`), its data typed from the map. */
export type EventOf<T extends EventType> = T extends EventType
  ? StoredEvent<Extract<AnyEvent, { type: T }>>
  : never;
