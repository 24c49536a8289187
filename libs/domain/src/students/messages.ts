/** The empty list's text of every picker (also the theme's default): a constant of its own so the client's
 * first load takes this one text, not the whole catalogue of students. */
export const NO_OPTIONS_TEXT = 'Seçenek bulunamadı';

// api.md 8.2 (students) and the notes and grade lines of 8.3, verbatim; texts marked "ours" are not in the spec.
export const studentMessages = {
  'student.createFailed': { status: 400, text: 'Öğrenci kaydedilemedi: {error}' },
  'student.updateFailed': { status: 400, text: 'Öğrenci bilgileri güncellenemedi: {error}' },
  'student.createNoAnswer': { status: 503, text: 'Öğrenci kaydedilemedi: Bağlantı hatası' },
  'student.updateNoAnswer': { status: 503, text: 'Öğrenci bilgileri güncellenemedi: Bağlantı hatası' },
  // The items follow the prefix: joined by ", " on create, one per line on edit (studentValidationMessage).
  'student.createInvalid': { status: 400, text: 'Öğrenci kaydedilemedi: Eksik/hatalı bilgi: {items}' },
  'student.updateInvalid': {
    status: 400,
    text: 'Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: {items}',
  },
  'student.created': { status: 201, text: 'Öğrenci kaydedildi' },
  'student.updated': { status: 200, text: 'Öğrenci bilgileri güncellendi' },
  'student.itemName': { status: 400, text: 'İsim' },
  'student.itemSurname': { status: 400, text: 'Soyisim' },
  'student.itemTcknInvalid': { status: 400, text: 'TCKN geçersiz' },
  'student.itemTcknTaken': { status: 409, text: 'TCKN zaten kayıtlı' },
  'student.itemTcknMissing': { status: 400, text: 'TC kimlik no eksik' },
  'student.itemRegistrationDate': { status: 400, text: 'Kayıt tarihi' },
  'student.itemBirthDate': { status: 400, text: 'Doğum tarihi' },
  'student.itemBirthPlace': { status: 400, text: 'Doğum yeri' },
  'student.itemAddress': { status: 400, text: 'Adres' },
  // The text under an input whose item is missing or invalid (the item alone would repeat the label).
  'student.fieldRequired': { status: 400, text: '{field} zorunludur.' }, // ours
  'student.fieldInvalid': { status: 400, text: '{field} geçersiz.' }, // ours
  'student.dateInputInvalid': { status: 400, text: 'Date input not valid.' },
  'student.emptyTable': { status: 200, text: 'Henüz öğrenci kaydı yapılmamış.' },
  'student.noOptions': { status: 200, text: NO_OPTIONS_TEXT },
  'student.notFound': { status: 404, text: 'Öğrenci bulunamadı.' }, // ours
  'student.alreadyExists': { status: 409, text: 'Bu öğrenci zaten kayıtlı.' }, // ours
  'student.alreadyDeleted': { status: 409, text: 'Öğrenci zaten silinmiş.' }, // ours
  'student.notDeleted': { status: 409, text: 'Öğrenci silinmemiş.' }, // ours
  'student.deleted': { status: 409, text: 'Öğrenci silinmiş.' }, // ours
  'student.numbersExhausted': {
    status: 409,
    text: '{year} kayıt yılı için öğrenci numarası kalmadı: bir yılda en fazla 999 öğrenci kaydedilebilir.',
  }, // ours
  'student.numberMismatch': { status: 400, text: 'Öğrenci numarası kayıt yılına uymuyor.' }, // ours
  'student.textTooLong': { status: 400, text: '{field} en fazla {max} karakter olabilir.' }, // ours
  'student.emailInvalid': { status: 400, text: 'Geçersiz e-mail adresi' },
  'student.phoneInvalid': {
    status: 400,
    text: '{field} 10 haneli olmalı ve 5 ile başlamalıdır: (5__) ___ __ __',
  }, // ours
  'student.consentInvalid': { status: 400, text: '{field} ONAY, RET veya boş olmalıdır.' }, // ours
  'student.idMissing': { status: 400, text: 'Öğrenci seçilmemiş.' }, // ours
  // api.md 8.3 Notes (the notes box of the student detail)
  'student.noteUpdateNoAnswer': { status: 503, text: 'Not güncellenemedi: Bağlantı hatası' },
  'student.noteSaveFailed': { status: 400, text: 'Not kaydedilemedi.' },
  'student.noteDeleteFailed': { status: 400, text: 'Not silinemedi.' },
  // api.md 8.3 Grade: kept here until a grades context owns it.
  'grade.courseRequired': { status: 400, text: 'Kurs seçimi zorunludur.' },
  // Toasts of the student screens (ours): the failure prefixes are joined to the server's reason with ": ".
  'student.createFailedPrefix': { status: 400, text: 'Öğrenci kaydedilemedi' }, // ours
  'student.updateFailedPrefix': { status: 400, text: 'Öğrenci bilgileri güncellenemedi' }, // ours
  'student.softDeleted': { status: 200, text: 'Öğrenci silindi' }, // ours
  'student.deleteFailed': { status: 400, text: 'Öğrenci silinemedi' }, // ours
  'student.resurrected': { status: 200, text: 'Öğrenci geri getirildi' }, // ours
  'student.resurrectFailed': { status: 400, text: 'Öğrenci geri getirilemedi' }, // ours
  'student.noteSaved': { status: 200, text: 'Not kaydedildi' }, // ours
  // KVKK erasure (ours): the name an erased student keeps, the refusals and the screen's texts.
  'student.erasedName': { status: 200, text: 'Silinmiş öğrenci #{number}' }, // ours
  'student.erased': { status: 409, text: 'Öğrencinin kişisel verileri silinmiş.' }, // ours
  'student.eraseTitle': { status: 200, text: 'Kişisel verileri sil' }, // ours
  'student.eraseWarning': {
    status: 200,
    text: 'Öğrencinin adı, TCKN, telefonları, e-postası, adresi ve veli bilgileri kalıcı olarak silinecek. Ödemeler, yoklamalar ve kayıtlar korunur. Bu işlem geri alınamaz.',
  }, // ours
  'student.eraseConfirmPrompt': {
    status: 200,
    text: 'Onaylamak için öğrenci numarasını ({number}) yazın.',
  }, // ours
  'student.eraseConfirmMismatch': { status: 400, text: 'Yazılan numara öğrenci numarasıyla aynı değil.' }, // ours
  'student.erasedToast': { status: 200, text: 'Öğrencinin kişisel verileri silindi' }, // ours
  'student.eraseFailed': { status: 400, text: 'Kişisel veriler silinemedi' }, // ours
} as const;
