// api.md 8.6 (SMS) verbatim; texts marked "ours" are not in the spec.
export const smsMessages = {
  'sms.sendFailed': { status: 400, text: 'SMS gönderilirken bir hata oluştu: {reason}' },
  'sms.sent': { status: 200, text: 'Toplam {count} SMS başarıyla gönderildi!' },
  'sms.outboxFailed': { status: 400, text: 'SMS giden kutusu alınırken hata oluştu: {reason}' },
  'sms.noConsent': { status: 403, text: 'Seçili numaraya SMS gönderme izniniz yok' },
  'sms.numberNotFound': { status: 404, text: 'Seçili numara bulunamadı' },
  'sms.noPhones': {
    status: 404,
    text: 'Telefon numarası yok, lütfen önce öğrenci ve velilerin telefonlarını ekleyin.',
  },
  'sms.noConsentLabel': { status: 200, text: '(SMS izni yok)' },
  'sms.notEnoughCredits': { status: 409, text: 'Gönderim için yeterli SMS krediniz yok' },
  'sms.sentToday': {
    status: 409,
    text: 'Aynı içerik bugün bu numaralara zaten gönderildi: {destinations}', // ours (api.md 9.2 rule)
  },
  'sms.nothingToSend': { status: 400, text: 'Gönderilecek SMS yok.' }, // ours
  'sms.tooMany': { status: 400, text: 'Bir gönderimde en fazla 5000 SMS olabilir.' }, // ours
  'sms.typeInvalid': { status: 400, text: 'SMS türü geçersiz.' }, // ours
  'sms.sendAtInvalid': { status: 400, text: 'Gönderim zamanı geçersiz.' }, // ours
  'sms.campaignNotFound': { status: 404, text: 'SMS gönderimi bulunamadı.' }, // ours
  'sms.noticeTextInvalid': { status: 400, text: 'Bildirim metni 1-1000 karakter olmalıdır.' }, // ours
  'sms.noticeThresholdInvalid': { status: 400, text: 'Borç eşiği 0,01 TL veya daha fazla olmalıdır.' }, // ours
  'sms.noticeDayInvalid': { status: 400, text: 'Aylık gün 1 ile 28 arasında olmalıdır.' }, // ours
  'sms.noticeHourInvalid': { status: 400, text: 'Gönderim saati 0 ile 23 arasında olmalıdır.' }, // ours
} as const;
