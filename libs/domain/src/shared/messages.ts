/**
 * The Turkish message catalogue (api.md section 8), keyed by meaning. Every error the API answers and
 * every toast the client shows comes from here. `status` is the HTTP status the server answers with.
 * Each bounded context keeps its messages beside its decider; this file joins them.
 * Texts not in the spec (api.md 8.9: codes not shown) were written for this product.
 */
import { commonMessages } from './common-messages';
import { courseMessages } from '../courses/messages';
import { accountMessages } from '../accounts/messages';
import { studentMessages } from '../students/messages';
import { studentImportMessages } from '../students/import-messages';
import { enrollmentMessages } from '../enrollments/messages';
import { attendanceMessages } from '../attendance/messages';
import { paymentMessages } from '../payments/messages';
import { smsMessages } from '../sms/messages';
import { accountingMessages } from '../accounting/messages';
import { groupMessages } from '../groups/messages';
import { employeeMessages } from '../employees/messages';
import { scheduleMessages } from '../schedules/messages';
import { gradeMessages } from '../grades/messages';
import { calendarFeedMessages } from '../calendar-feeds/messages';
import { statisticsMessages } from '../statistics/messages';
import { exportMessages } from '../exports/messages';
import { mediaMessages } from '../media/messages';
import { backupMessages } from '../backups/messages';
import { historyMessages } from '../history/messages';

export const MESSAGES = {
  ...commonMessages,
  ...courseMessages,
  ...accountMessages,
  ...studentMessages,
  ...studentImportMessages,
  ...enrollmentMessages,
  ...attendanceMessages,
  ...paymentMessages,
  ...smsMessages,
  ...accountingMessages,
  ...groupMessages,
  ...employeeMessages,
  ...scheduleMessages,
  ...gradeMessages,
  ...calendarFeedMessages,
  ...statisticsMessages,
  ...exportMessages,
  ...mediaMessages,
  ...backupMessages,
  ...historyMessages,
} as const satisfies Record<string, { status: number; text: string }>;

export type MessageKey = keyof typeof MESSAGES;

/** The text for a key, with `{name}` placeholders filled in. */
export function message(key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[key].text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}
