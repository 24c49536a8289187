// product.md 5 (Instructor, Employee), api.md 8.4, verbatim; texts marked "ours" are not in the spec.
export const employeeMessages = {
  'employee.nameMissing': { status: 400, text: 'isim eksik' },
  'employee.surnameMissing': { status: 400, text: 'soyisim eksik' },
  'employee.branchMissing': { status: 400, text: 'branş eksik' },
  'employee.nameTooLong': { status: 400, text: 'İsim ve soyisim en fazla 500 karakter olabilir.' }, // ours
  'employee.cvTooLong': { status: 400, text: 'CV en fazla 1000 karakter olabilir.' }, // ours
  'employee.notesTooLong': { status: 400, text: 'Notlar en fazla 1000 karakter olabilir.' }, // ours
  'employee.phoneInvalid': { status: 400, text: 'Telefon numarası 5xx ile başlayan 10 haneli olmalıdır.' }, // ours
  'employee.typeInvalid': { status: 400, text: 'Çalışan türü geçersiz.' }, // ours
  'employee.avatarInvalid': { status: 400, text: 'Fotoğraf adresi geçersiz.' }, // ours
  'employee.notFound': { status: 404, text: 'Çalışan bulunamadı.' }, // ours
  'employee.alreadyExists': { status: 409, text: 'Bu çalışan zaten var.' }, // ours
  'employee.alreadyDeleted': { status: 409, text: 'Çalışan zaten silinmiş.' }, // ours
  'employee.notDeleted': { status: 409, text: 'Çalışan silinmemiş.' }, // ours
  'employee.permanentDeleteInstructor': {
    status: 409,
    text: 'Eğitmenler kalıcı olarak silinemez; derslerinde adları kalır.',
  }, // ours
  'employee.permanentDeleteFailed': { status: 400, text: 'Çalışan kalıcı olarak silinemedi.' }, // ours
  'employee.userNotMember': { status: 404, text: 'Seçilen kullanıcı bu kurumun üyesi değil.' }, // ours
  'employee.userTaken': {
    status: 409,
    text: 'Seçilen kullanıcı başka bir çalışana bağlı: {name}',
  }, // ours
  'employee.addFailed': { status: 400, text: 'Çalışan eklenemedi.' },
  'employee.editFailed': { status: 400, text: 'Çalışan bilgileri güncellenemedi: ' },
  'employee.deleteFailed': { status: 400, text: 'Çalışan silinemedi.' },
  'employee.resurrectFailed': { status: 400, text: 'Çalışan geri getirilemedi:' },
  'instructor.notFound': { status: 404, text: 'Eğitmen bulunamadı.' }, // ours
  'instructor.addFailed': { status: 400, text: 'Eğitmen eklenemedi' },
  'instructor.editFailed': { status: 400, text: 'Eğitmen güncellenemedi' },
  'instructor.deleteFailed': { status: 400, text: 'Eğitmen silinemedi' },
  'instructor.resurrectFailed': { status: 400, text: 'Eğitmen geri getirilemedi' },
  // Wage periods (product.md 3 Wage period, 4); all ours.
  'wage.typeInvalid': { status: 400, text: 'Maaş türü geçersiz.' },
  'wage.amountInvalid': { status: 400, text: 'Maaş tutarı eksik veya hatalı.' },
  'wage.startMissing': { status: 400, text: 'Maaş başlangıç tarihi eksik veya hatalı.' },
  'wage.endInvalid': { status: 400, text: 'Maaş bitiş tarihi hatalı.' },
  'wage.endBeforeStart': { status: 400, text: 'Maaş bitiş tarihi başlangıçtan sonra olmalıdır.' },
  'wage.periodInvalid': { status: 400, text: 'Dönem uzunluğu 1-999 arası olmalı, birim gün, hafta veya ay.' },
  'wage.tooMany': { status: 400, text: 'Bir çalışanın en fazla 50 maaş dönemi olabilir.' },
  'wage.overlap': { status: 400, text: 'Maaş dönemleri çakışamaz: {first} ile {second}' },
} as const;
