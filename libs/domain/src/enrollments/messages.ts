// api.md 8.3 (enrolments) and product.md 5 (add enrolment, retroactive edit), verbatim; "ours" are not in the spec.
export const enrollmentMessages = {
  'enrollment.addFailed': { status: 400, text: 'Kurs kaydı eklenemedi' },
  'enrollment.editFailed': { status: 400, text: 'Kurs kaydı düzenlemesi yapılamadı' },
  'enrollment.endFailed': { status: 400, text: 'Kurs kaydı kapatılamadı' },
  'enrollment.editNoAnswer': { status: 503, text: 'Kurs kaydı düzenlemesi yapılamadı: Bağlantı hatası' },
  'enrollment.addNoAnswer': { status: 503, text: 'Kurs kaydı eklenemedi: Bağlantı hatası' },
  'enrollment.endNoAnswer': { status: 503, text: 'Kurs kaydı kapatılamadı: Bağlantı hatası' },
  'enrollment.missingInfo': { status: 400, text: 'Kurs kaydı eklenemedi: Bilgi eksik' },
  'enrollment.startBeforeRegistration': {
    status: 400,
    text: 'Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.',
  },
  'enrollment.startAfterEnd': { status: 400, text: 'Başlangıç zamanı bitiş zamanından sonra olamaz.' },
  'enrollment.overlap': {
    status: 409,
    text: 'Kurs kaydına atanan yeni tarih aralığı geçmiş/gelecek kurs kayıtlarıyla çakışamaz.',
  },
  // The title the retroactive-edit errors are joined under (enrollmentEditMessage).
  'enrollment.updateRefused': { status: 400, text: 'Güncelleme yapılamadı.' },
  'enrollment.notFound': { status: 404, text: 'Kurs kaydı bulunamadı.' }, // ours
  'enrollment.alreadyExists': { status: 409, text: 'Bu kurs kaydı zaten var.' }, // ours
  'enrollment.courseActive': {
    status: 409,
    text: 'Kurs kaydı eklenemedi: Öğrencinin bu kursta aktif bir kaydı var.',
  }, // ours
  'enrollment.alreadyEnded': { status: 409, text: 'Kurs kaydı kapatılamadı: Kurs kaydı zaten kapalı.' }, // ours
  'enrollment.priceInvalid': { status: 400, text: 'Fiyat 1 ile 999999999 TL arasında olmalıdır.' }, // ours
  'enrollment.discountInvalid': {
    status: 400,
    text: 'İndirim sıfırdan küçük ve fiyattan büyük olamaz.',
  }, // ours
  'enrollment.periodUnitInvalid': { status: 400, text: 'Dönem birimi gün, hafta veya ay olmalıdır.' }, // ours
  'enrollment.periodNumberInvalid': {
    status: 400,
    text: 'Dönem uzunluğu ve dönem başına ders sayısı 1 ile 999 arasında olmalıdır.',
  }, // ours
  'enrollment.dateInvalid': { status: 400, text: 'Tarih geçersiz.' }, // ours
  'enrollment.idMissing': { status: 400, text: 'Kurs kaydı seçilmemiş.' }, // ours
  'enrollment.added': { status: 200, text: 'Kurs kaydı eklendi' }, // ours
  'enrollment.ended': { status: 200, text: 'Kurs kaydı kapatıldı' }, // ours
  'enrollment.edited': { status: 200, text: 'Kurs kaydı güncellendi' }, // ours
} as const;
