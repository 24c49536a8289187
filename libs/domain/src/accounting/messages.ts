// api.md 8.5 (accounting) and product.md 5 Accounting entry, verbatim; texts marked "ours" are not in the spec.
export const accountingMessages = {
  'accounting.addFailed': { status: 400, text: 'Kayıt eklenemedi.' },
  'accounting.editFailed': { status: 400, text: 'Kayıt düzenlenemedi.' }, // ours
  'accounting.reverseFailed': { status: 400, text: 'Kayıt iptal edilemedi.' }, // ours
  // api.md 8.5: the warning "Hata:" plus the missing fields, joined with commas.
  'accounting.invalid': { status: 400, text: 'Hata: {fields}' },
  'accounting.amountInvalid': { status: 400, text: 'Tutar eksik veya hatalı' },
  'accounting.dateMissing': { status: 400, text: 'Tarih eksik' },
  'accounting.typeMissing': { status: 400, text: 'Tür eksik' },
  'accounting.subtypeMissing': { status: 400, text: 'Alt tür eksik' },
  'accounting.methodMissing': { status: 400, text: 'Yöntem eksik' },
  'accounting.employeeMissing': { status: 400, text: 'Çalışan eksik' }, // ours
  'accounting.employeeNotWage': { status: 400, text: 'Çalışan yalnızca maaş kaydında seçilir.' }, // ours
  'accounting.notesTooLong': { status: 400, text: 'Not en fazla 1000 karakter olabilir.' }, // ours
  'accounting.receiptTooLong': { status: 400, text: 'Makbuz numarası en fazla 100 karakter olabilir.' }, // ours
  'accounting.reasonTooLong': { status: 400, text: 'İptal nedeni en fazla 500 karakter olabilir.' }, // ours
  'accounting.idMissing': { status: 400, text: 'Kayıt seçilmemiş.' }, // ours
  'accounting.notFound': { status: 404, text: 'Muhasebe kaydı bulunamadı.' }, // ours
  'accounting.alreadyExists': { status: 409, text: 'Bu muhasebe kaydı zaten var.' }, // ours
  'accounting.reversed': { status: 409, text: 'İptal edilmiş kayıt değiştirilemez.' }, // ours
  'accounting.employeeNotFound': { status: 404, text: 'Çalışan bulunamadı.' }, // ours
  'accounting.periodInvalid': { status: 400, text: 'Dönem hatalı (YYYY-AA).' }, // ours
} as const;
