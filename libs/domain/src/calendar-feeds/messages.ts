// Calendar feeds are beyond the spec: every text here is ours.
export const calendarFeedMessages = {
  'calendarFeed.invalid': { status: 400, text: 'Takvim bağlantısı bilgileri eksik veya hatalı.' },
  'calendarFeed.ownerNotFound': { status: 404, text: 'Takvimi istenen kayıt bulunamadı.' },
  'calendarFeed.notFound': { status: 404, text: 'Takvim bağlantısı bulunamadı.' },
  'calendarFeed.rotated': { status: 200, text: 'Yeni takvim bağlantısı oluşturuldu' },
  'calendarFeed.rotateFailed': { status: 400, text: 'Takvim bağlantısı oluşturulamadı' },
  'calendarFeed.revoked': { status: 200, text: 'Takvim bağlantısı kapatıldı' },
  'calendarFeed.revokeFailed': { status: 400, text: 'Takvim bağlantısı kapatılamadı' },
  'calendarFeed.copied': { status: 200, text: 'Bağlantı kopyalandı' },
} as const;
