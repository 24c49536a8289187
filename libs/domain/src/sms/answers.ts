import { z } from 'zod';
import { SMS_NOTICE_KINDS } from './notices';

/** getSmsNoticeSettings / updateSmsNoticeSettings: the organisation's automatic notices. */
export const smsNoticeSettingsAnswerSchema = z.object({
  debtWarning: z.object({
    enabled: z.boolean(),
    text: z.string(),
    threshold: z.number().int().describe('integer kuruş'),
    monthlyDay: z.number().int().nullable(),
  }),
  absenceNotice: z.object({ enabled: z.boolean(), text: z.string() }),
  lessonReminder: z.object({ enabled: z.boolean(), text: z.string() }),
  sendHour: z.number().int(),
});

/** getSmsNoticePreview: who would get what now, and who not and why. */
export const smsNoticePreviewAnswerSchema = z.object({
  kind: z.enum(SMS_NOTICE_KINDS),
  enabled: z.boolean(),
  credits: z.number().int(),
  creditsLeft: z.number().int(),
  messages: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      phoneKind: z.string(),
      dest: z.string(),
      msg: z.string(),
      credits: z.number().int(),
    }),
  ),
  skipped: z.array(
    z.object({ studentId: z.string(), name: z.string(), reason: z.string(), label: z.string() }),
  ),
});
