// api.md 8.3 (payments) and product.md 5 Payment, verbatim; texts marked "ours" are not in the spec.
export const paymentMessages = {
  'payment.addFailed': { status: 400, text: 'Ödeme eklenemedi' },
  'payment.editFailed': { status: 400, text: 'Ödeme düzenlenemedi' },
  'payment.deleteFailed': { status: 400, text: 'Ödeme silinemedi' },
  'payment.resurrectFailed': { status: 400, text: 'Ödeme geri getirilemedi' },
  'payment.addNoAnswer': { status: 503, text: 'Ödeme eklenemedi: Bağlantı hatası' },
  'payment.editNoAnswer': { status: 503, text: 'Ödeme düzenlenemedi: Bağlantı hatası' },
  'payment.deleteNoAnswer': { status: 503, text: 'Ödeme silinemedi: Bağlantı hatası' },
  'payment.resurrectNoAnswer': { status: 503, text: 'Ödeme geri getirilemedi: Bağlantı hatası' },
  'payment.amountMissing': { status: 400, text: 'Miktar eksik' },
  'payment.amountInvalid': { status: 400, text: 'Miktar hatalı' },
  'payment.courseMissing': { status: 400, text: 'kurs eksik' },
  'payment.studentMissing': { status: 400, text: 'Öğrenci seçilmemiş.' }, // ours
  'payment.methodInvalid': { status: 400, text: 'Ödeme yöntemi geçersiz.' }, // ours
  'payment.notesTooLong': { status: 400, text: 'Not en fazla 500 karakter olabilir.' }, // ours
  'payment.referenceTooLong': { status: 400, text: 'Referans kodu en fazla 100 karakter olabilir.' }, // ours
  'payment.dateInvalid': { status: 400, text: 'Ödeme tarihi geçersiz.' }, // ours
  'payment.notFound': { status: 404, text: 'Ödeme bulunamadı.' }, // ours
  'payment.alreadyExists': { status: 409, text: 'Bu ödeme zaten var.' }, // ours
  'payment.alreadyDeleted': { status: 409, text: 'Ödeme zaten silinmiş.' }, // ours
  'payment.notDeleted': { status: 409, text: 'Ödeme silinmemiş.' }, // ours
  'payment.purgeNotDeleted': {
    status: 409,
    text: 'Kalıcı silme yalnızca silinen ödemeler listesinden yapılabilir.',
  }, // ours
  'payment.idMissing': { status: 400, text: 'Ödeme seçilmemiş.' }, // ours
  'payment.added': { status: 200, text: 'Ödeme eklendi' }, // ours
  'payment.edited': { status: 200, text: 'Ödeme düzenlendi' }, // ours
  'payment.softDeleted': { status: 200, text: 'Ödeme silindi' }, // ours
  'payment.resurrected': { status: 200, text: 'Ödeme geri getirildi' }, // ours
  'payment.purged': { status: 200, text: 'Ödeme kalıcı olarak silindi' }, // ours
  'payment.purgeFailed': { status: 400, text: 'Ödeme kalıcı olarak silinemedi' }, // ours
} as const;
