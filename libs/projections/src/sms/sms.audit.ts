import type { AuditMapper } from '../audit/audit-actions';

/** product.md 3 log action send_sms: how many messages, the credits reserved and the SMS type. */
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
};
