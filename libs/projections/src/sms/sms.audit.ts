import type { AuditMapper } from '../audit/audit-actions';

/**
 * send_sms: how many messages, the credits reserved and the SMS type. change_sms_consent: a parent's ONAY/RET
 * reply (no user: the phone's owner answered). Neither is among product.md 3's known actions, so the log
 * reads them as `İşlem: {action}`.
 */
export const smsAuditMappers: Record<string, AuditMapper> = {
  SmsCampaignAccepted: (e) =>
    e.data.userId === null
      ? null
      : {
          action: 'send_sms',
          details: {
            campaignId: e.data.campaignId,
            count: e.data.messages.length,
            credits: e.data.credits,
            smsType: e.data.smsType,
          },
        },
  SmsConsentReplied: (e) => ({
    action: 'change_sms_consent',
    details: {
      studentDbId: e.data.students[0]?.studentId,
      phone: e.data.phone,
      status: e.data.status,
      source: 'sms',
    },
  }),
};
