import { z } from 'zod';

/**
 * The shapes the API answers, declared once: the server documents its routes with them (OpenAPI) and the
 * client reads its types from them. Read models fill them in SQL, so these are descriptions, not parsers.
 */

/** Every refusal (api.md 7.1 reads `error`): the catalogue's Turkish text, its stable code, and what to act on. */
export const errorAnswerSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** A write that names what it wrote (add/edit/delete calls of the org-scoped contexts). */
export const idAnswerSchema = z.object({ id: z.string() });

/** The account calls' plain acknowledgement (api.md 7.2). */
export const successAnswerSchema = z.object({ success: z.literal(true) });

export const isoDateTime = z.string().describe('ISO 8601 instant');
export const kurus = z.number().int().describe('integer kuruş');

/**
 * A record answer whose fields are named only in part: its id is promised, the rest is described by the
 * reader that builds it (answers not yet declared field by field in their context's answers.ts).
 */
export const recordWithIdSchema = z.looseObject({ id: z.string() });
export const recordsWithIdSchema = z.array(recordWithIdSchema);

/** sendSms: how many messages and credits the campaign took (api.md 8.6 "Toplam N SMS başarıyla gönderildi!"). */
export const sendSmsAnswerSchema = z.object({
  success: z.literal(true),
  campaignId: z.string(),
  count: z.number().int(),
  credits: z.number().int(),
  message: z.string(),
  // ours: the items left out without a usable number or text (api.md 9.2 drops them)
  dropped: z.array(z.object({ DBID: z.string(), destination: z.string() })),
});

/** getSmsRecipients: the credit balance and the students with their phones and consents (the send screens). */
export const smsRecipientsAnswerSchema = z.object({
  smsCredits: z.number().int(),
  students: recordsWithIdSchema,
});
