// product.md 5 (Course), api.md 8.4
export const courseMessages = {
  'course.nameMissing': { status: 400, text: 'kurs adı eksik' },
  'course.explanationMissing': { status: 400, text: 'açıklama eksik' },
  'course.nameTooLong': { status: 400, text: 'Kurs adı en fazla 500 karakter olabilir.' },
  'course.explanationTooLong': { status: 400, text: 'Açıklama en fazla 10000 karakter olabilir.' },
  'course.notFound': { status: 404, text: 'Kurs bulunamadı.' },
  'course.alreadyExists': { status: 409, text: 'Bu kurs zaten var.' },
  'course.alreadyDeleted': { status: 409, text: 'Kurs zaten silinmiş.' },
  'course.notDeleted': { status: 409, text: 'Kurs silinmemiş.' },
} as const;
