import { z } from 'zod';
import { message } from '../shared/messages';
import { SMS_STATUS_KEYS, SMS_TYPE_KEYS, type SmsStatus, type SmsType } from './statuses';

/** Most messages one sendSms may carry (a bulk send to every phone of 1,500 students fits). */
export const SMS_MAX_PER_REQUEST = 5000;

/**
 * An SMS text as sendSms takes it. Longer texts are cut to 1000 with an ellipsis by the domain (api.md 9.2),
 * so the limit here only bounds the request.
 */
export const smsTextSchema = z
  .string({ error: message('sms.nothingToSend') })
  .max(10_000, { error: message('sms.nothingToSend') });

/** api.md 7.3 / product.md 3 SMS request item: DBID (the student), destination, message. */
const item = z.strictObject({
  DBID: z.uuid({ error: message('sms.numberNotFound') }),
  destination: z
    .union([z.string().max(30), z.number()], { error: message('sms.numberNotFound') })
    .transform(String),
  message: smsTextSchema,
});

const batch = z.strictObject({
  messages: z
    .array(item, { error: message('sms.nothingToSend') })
    .max(SMS_MAX_PER_REQUEST, { error: message('sms.tooMany') }),
  /** api.md 7.3: a batch also has a SendAt time (ISO); absent or null is now. */
  SendAt: z
    .union([z.iso.datetime({ offset: true, error: message('sms.sendAtInvalid') }), z.null()])
    .optional()
    .transform((v) => v ?? null),
  /** api.md 9.2 SMS types; staff messages are `general`. */
  type: z
    .enum(SMS_TYPE_KEYS.filter((k) => k !== 'consentCode') as [SmsType, ...SmsType[]], {
      error: message('sms.typeInvalid'),
    })
    .optional()
    .transform((v): SmsType => v ?? 'general'),
});

/** POST sendSms: the batch object, or the bare list of items as the spec's client builds it. */
export const sendSmsSchema = z.union([
  batch,
  z
    .array(item, { error: message('sms.nothingToSend') })
    .max(SMS_MAX_PER_REQUEST, { error: message('sms.tooMany') })
    .transform((messages) => ({ messages, SendAt: null, type: 'general' as SmsType })),
]);

export type SendSmsInput = z.output<typeof sendSmsSchema>;

/** GET getSmsOutbox: optional status filter and page size (newest first). */
export const getSmsOutboxQuerySchema = z.strictObject({
  status: z.enum(SMS_STATUS_KEYS as [SmsStatus, ...SmsStatus[]]).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});

/** GET getSmsRecipients (ours): one student's phones only (the student detail's SMS reminder), else all. */
export const getSmsRecipientsQuerySchema = z.strictObject({
  studentId: z.uuid().optional(),
});

/** One record of GET getSmsOutbox (product.md 3 SMS outbox record) plus its id, type and text labels. */
export interface SmsOutboxRecord {
  id: string;
  studentId: string;
  dest: string;
  userId: string | null;
  size: number;
  credits: number;
  status: SmsStatus;
  sentAt: string | null;
  doneAt: string | null;
  organizationId: string;
  campaignCustomId: string;
  messageCustomId: string;
  campaignId: string | null;
  messageId: string | null;
  internationalMultiplier: number;
  gsmError: string | null;
  taskStatus: string;
  msg: string;
  sourceAddr: string;
  type: SmsType;
  phoneKind: string;
  cause: string | null;
  createdAt: string;
}
