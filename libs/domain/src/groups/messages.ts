// api.md 8.5 (groups) and product.md 5 Group, verbatim; texts marked "ours" are not in the spec.
export const groupMessages = {
  'class.updateFailed': { status: 400, text: 'Grup güncellenemedi' },
  'class.addFailed': { status: 400, text: 'Grup eklenemedi' },
  'class.deleteFailed': { status: 400, text: 'Grup silinemedi' },
  'class.updated': { status: 200, text: 'Grup güncellendi' },
  'class.added': { status: 200, text: 'Grup eklendi' },
  'class.deleted': { status: 200, text: 'Grup silindi' },
  'class.invalidFields': { status: 400, text: 'Eksik veya hatalı alanlar var' },
  // api.md 8.5: the server rule, in the spec's own (English) words.
  'class.courseRequired': { status: 400, text: 'courseId is required for group requests' },
  'class.deletedLabel': { status: 200, text: '[Silinmiş Grup ID: {id}]' },
  'class.notFound': { status: 404, text: 'Grup bulunamadı.' }, // ours
  'class.alreadyExists': { status: 409, text: 'Bu grup zaten var.' }, // ours
  'class.courseFixed': { status: 400, text: 'Grubun kursu değiştirilemez.' }, // ours (product.md 5)
  // product.md 5: members limited to students enrolled in the chosen course; the wording is ours.
  'class.notEnrolled': {
    status: 400,
    text: 'Bu kursa kaydı olmayan öğrenciler gruba eklenemez: {students}',
  },
  'class.tooManyMembers': { status: 400, text: 'Bir grupta en fazla 500 öğrenci olabilir.' }, // ours
} as const;
