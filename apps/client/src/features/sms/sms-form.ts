import { message, smsTextSchema } from '@okul/domain';
import { z } from 'zod';

/** The reminder's one field: sendSms's own text rule, and something to send (Gönderilecek SMS yok.). */
export const smsReminderFormSchema = z.strictObject({
  message: smsTextSchema.refine((t) => t.trim() !== '', { error: message('sms.nothingToSend') }),
});

export type SmsReminderValues = z.infer<typeof smsReminderFormSchema>;
