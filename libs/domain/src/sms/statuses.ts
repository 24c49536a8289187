import type { ConsentStatus } from '../students/schemas';

/**
 * api.md 9.2 / product.md 4: the 15 SMS states, with the labels the gateway's own panel uses (Verimor's
 * status table). `sending` and `waiting` are on the way; every other state is final.
 */
export const SMS_STATUSES = {
  sending: 'Gönderiliyor',
  waiting: 'Bekliyor',
  delivered: 'İletildi',
  sent: 'Gönderildi',
  notDelivered: 'İletilemedi',
  expired: 'Zaman aşımı',
  invalidNumber: 'Hatalı numara',
  rejected: 'Reddedildi',
  doubleSend: 'Mükerrer gönderim',
  blacklisted: 'Kara listede',
  noConsent: 'İYS izni yok',
  missingTariff: 'Tarife bulunamadı',
  invalidNetwork: 'Geçersiz şebeke',
  sendError: 'Gönderim hatası',
  internationalDenied: 'Uluslararası gönderim kapalı',
} as const;

export type SmsStatus = keyof typeof SMS_STATUSES;
export const SMS_STATUS_KEYS = Object.keys(SMS_STATUSES) as SmsStatus[];

export function isFinalSmsStatus(s: SmsStatus): boolean {
  return s !== 'sending' && s !== 'waiting';
}

/**
 * A message the operator never tried gives its credits back (a rejected or invalid number, a blocked or
 * refused one, a send error); delivered, sent, not delivered and expired messages were carried and cost.
 */
export function smsStatusReturnsCredits(s: SmsStatus): boolean {
  return (
    s === 'invalidNumber' ||
    s === 'rejected' ||
    s === 'doubleSend' ||
    s === 'blacklisted' ||
    s === 'noConsent' ||
    s === 'missingTariff' ||
    s === 'invalidNetwork' ||
    s === 'sendError' ||
    s === 'internationalDenied'
  );
}

/**
 * api.md 9.2 SMS types, plus the staff's own messages and the automatic notices. `commercial` marks
 * messages the İYS rule (6563 sayılı Kanun, ticari elektronik ileti) covers: they go only to phones with
 * consent ONAY. Informational ones (a debt, an absence, a lesson) go to any phone whose owner has not
 * refused (RET). docs/DECISIONS.md "SMS" writes the rule down.
 */
export const SMS_TYPES = {
  general: { label: 'Genel Mesaj', commercial: true },
  test: { label: 'Test Mesajı', commercial: true },
  debtWarning: { label: 'Ödeme Uyarısı', commercial: false },
  absenceNotice: { label: 'Devamsızlık Bildirimi', commercial: false },
  lessonReminder: { label: 'Ders Hatırlatma', commercial: false },
  /** The one-time code of the QR consent page, asked for by the phone's owner (never a staff send). */
  consentCode: { label: 'İzin Doğrulama Kodu', commercial: false },
} as const;

export type SmsType = keyof typeof SMS_TYPES;
export const SMS_TYPE_KEYS = Object.keys(SMS_TYPES) as SmsType[];

/** product.md 5 / the İYS rule above: may a message of this type go to a phone with this consent? */
export function maySendSms(type: SmsType, consent: ConsentStatus | null): boolean {
  if (consent === 'RET') return false;
  return SMS_TYPES[type].commercial ? consent === 'ONAY' : true;
}
