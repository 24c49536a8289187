import type { SmsNoticeEvent, EventOf } from '@okul/domain';
import { byColumn } from '../runtime/columns';
import { defineProjection } from '../runtime/projection';

/**
 * The SMS outbox (product.md 3 SMS outbox record; getSmsOutbox): one row per message, moved through the
 * states of api.md 9.2 by the campaign's events. A campaign of 3,000 messages is one statement each way.
 */
export const smsProjection = defineProjection({
  name: 'sms',
  // 3: an erased student's messages are blanked (a rebuild applies it to erasures made before).
  version: 3,
  tables: ['sms_messages', 'sms_notice_settings'],
  schema: (t) => `
    CREATE TABLE ${t('sms_messages')} (
      campaign_custom_id uuid NOT NULL,
      message_custom_id text NOT NULL,
      organization_id uuid NOT NULL,
      student_id uuid NOT NULL,
      phone_kind text NOT NULL,
      dest text NOT NULL,
      user_id uuid,
      size int NOT NULL,
      credits int NOT NULL,
      status text NOT NULL,
      sent_at timestamptz,
      done_at timestamptz,
      campaign_id text,
      message_id text,
      international_multiplier int NOT NULL DEFAULT 1,
      gsm_error text,
      task_status text NOT NULL,
      reason text,
      msg text NOT NULL,
      source_addr text NOT NULL,
      sms_type text NOT NULL,
      cause text,
      send_at timestamptz,
      created_at timestamptz NOT NULL,
      ordinal int NOT NULL,
      PRIMARY KEY (campaign_custom_id, message_custom_id)
    );
    CREATE INDEX ON ${t('sms_messages')} (organization_id, created_at DESC, ordinal);
    CREATE INDEX ON ${t('sms_messages')} (organization_id, status);
    -- The automatic notices of each organisation (sms/notices.ts), with their last run per notice.
    CREATE TABLE ${t('sms_notice_settings')} (
      organization_id uuid PRIMARY KEY,
      settings text NOT NULL,
      enabled boolean NOT NULL,
      changed_at timestamptz NOT NULL
    );
  `,
  handlers: {
    SmsNoticeSettingsChanged: async (
      { sql, table },
      e: { data: Extract<SmsNoticeEvent, { type: 'SmsNoticeSettingsChanged' }>['data'] },
    ) => {
      const s = e.data.settings;
      await sql.query(
        `INSERT INTO ${table('sms_notice_settings')} (organization_id, settings, enabled, changed_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (organization_id) DO UPDATE SET settings = $2, enabled = $3, changed_at = $4`,
        [
          e.data.organizationId,
          JSON.stringify(s),
          s.debtWarning.enabled || s.absenceNotice.enabled || s.lessonReminder.enabled,
          e.data.changedAt,
        ],
      );
    },
    SmsCampaignAccepted: async ({ sql, table }, e: EventOf<'SmsCampaignAccepted'>) => {
      const d = e.data;
      const m = byColumn(
        9,
        '"messageCustomId" text, "studentId" uuid, "phoneKind" text, dest text, size int, credits int, msg text',
        d.messages,
      );
      await sql.query(
        `INSERT INTO ${table('sms_messages')} (campaign_custom_id, message_custom_id, organization_id, student_id, phone_kind,
                dest, user_id, size, credits, status, task_status, msg, source_addr, sms_type, cause, send_at, created_at, ordinal)
         SELECT $1, x."messageCustomId", $2, x."studentId", x."phoneKind", x.dest, $3, x.size, x.credits, 'sending', 'queued',
                x.msg, $4, $5, $6, $7, $8, x."messageCustomId"::int
           FROM ${m.from}
         ON CONFLICT DO NOTHING`,
        [
          d.campaignId,
          d.organizationId,
          d.userId,
          d.sourceAddr,
          d.smsType,
          d.cause,
          d.sendAt,
          d.acceptedAt,
          ...m.params,
        ],
      );
    },
    SmsCampaignSubmitted: async ({ sql, table }, e: EventOf<'SmsCampaignSubmitted'>) => {
      await sql.query(
        `UPDATE ${table('sms_messages')} SET campaign_id = $2, task_status = 'submitted',
                status = CASE WHEN status = 'sending' THEN 'waiting' ELSE status END
          WHERE campaign_custom_id = $1`,
        [e.data.campaignId, e.data.gatewayCampaignId],
      );
    },
    SmsCampaignSendFailed: async ({ sql, table }, e: EventOf<'SmsCampaignSendFailed'>) => {
      await sql.query(
        `UPDATE ${table('sms_messages')} SET status = 'sendError', task_status = 'failed', reason = $2, done_at = $3
          WHERE campaign_custom_id = $1`,
        [e.data.campaignId, e.data.reason, e.data.failedAt],
      );
    },
    // KVKK erasure: the student's messages keep their status, size and credits; the phone number and the text
    // (which names the student) go, as a rebuild from the events gives them (the event store blanks them).
    StudentPersonalDataErased: async ({ sql, table }, e: EventOf<'StudentPersonalDataErased'>) => {
      await sql.query(
        `UPDATE ${table('sms_messages')} SET dest = '', msg = ''
          WHERE organization_id = $1 AND student_id = $2`,
        [e.data.organizationId, e.data.studentId],
      );
    },
    SmsMessagesReported: async ({ sql, table }, e: EventOf<'SmsMessagesReported'>) => {
      const r = byColumn(
        2,
        `"messageCustomId" text, "messageId" text, status text, "gsmError" text, "sentAt" timestamptz,
         "doneAt" timestamptz, "creditsReturned" int, "internationalMultiplier" int`,
        e.data.reports,
      );
      await sql.query(
        `UPDATE ${table('sms_messages')} s
            SET status = x.status, message_id = coalesce(x."messageId", s.message_id), gsm_error = x."gsmError",
                sent_at = coalesce(x."sentAt", s.sent_at), done_at = coalesce(x."doneAt", s.done_at),
                credits = s.credits - x."creditsReturned",
                international_multiplier = coalesce(x."internationalMultiplier", s.international_multiplier)
           FROM ${r.from}
          WHERE s.campaign_custom_id = $1 AND s.message_custom_id = x."messageCustomId"`,
        [e.data.campaignId, ...r.params],
      );
    },
  },
});
