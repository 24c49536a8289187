import { SMS_NOTICE_KINDS, SMS_TYPES, type SmsNoticeSettings } from '@okul/domain';
import type { AuditMappers } from '../audit/audit-actions';

/**
 * send_sms: how many messages, the credits reserved and the SMS type. change_sms_consent: a parent's ONAY/RET
 * reply (no user: the phone's owner answered). update_sms_notices: the automatic notices switched on. All
 * three are ours (libs/domain/src/logs/sentences.ts).
 */
export const smsAuditMappers: AuditMappers = {
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
  SmsConsentConfirmed: (e) => ({
    action: 'change_sms_consent',
    details: {
      studentDbId: e.data.students[0]?.studentId,
      phone: e.data.phone,
      status: e.data.status,
      source: 'qr',
    },
  }),
  SmsNoticeSettingsChanged: (e) => {
    const settings = e.data.settings as SmsNoticeSettings;
    const on = SMS_NOTICE_KINDS.filter((k) => settings[k].enabled).map((k) => SMS_TYPES[k].label);
    return { action: 'update_sms_notices', details: { enabled: on.length ? on.join(', ') : 'hiçbiri' } };
  },
};
