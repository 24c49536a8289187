// api.md 8.3 (attendance) and product.md 5 Attendance, verbatim; texts marked "ours" are not in the spec.
export const attendanceMessages = {
  'attendance.deleteFailed': { status: 400, text: 'Yoklama silinemedi' },
  'attendance.addFailed': { status: 400, text: 'Yoklama eklenemedi' },
  'attendance.editFailed': { status: 400, text: 'Yoklama güncellenemedi' },
  'attendance.addNoAnswer': { status: 503, text: 'Yoklama eklenemedi: Bağlantı hatası' },
  'attendance.editNoAnswer': { status: 503, text: 'Yoklama güncellenemedi: Bağlantı hatası' },
  'attendance.deleteNoAnswer': { status: 503, text: 'Yoklama silinemedi: Bağlantı hatası' },
  'attendance.courseMissing': { status: 400, text: 'Ders seçilmemiş' },
  'attendance.noStudents': { status: 400, text: 'Öğrenci sayısı sıfır' },
  'attendance.dateInvalid': { status: 400, text: 'Gün/saat eksik veya hatalı' },
  // api.md 8.3 "plus a list of students without an enrolment at that date"; the wording is ours.
  'attendance.noEnrollment': {
    status: 400,
    text: 'Bu tarihte kursa aktif kaydı olmayan öğrenciler: {students}',
  },
  'attendance.notFound': { status: 404, text: 'Yoklama bulunamadı.' }, // ours
  'attendance.alreadyExists': { status: 409, text: 'Bu yoklama zaten var.' }, // ours
  'attendance.courseFixed': { status: 400, text: 'Yoklamanın kursu değiştirilemez.' }, // ours
  'attendance.instructorInvalid': { status: 400, text: 'Eğitmen geçersiz.' }, // ours
  'attendance.instructorUnknown': {
    status: 404,
    text: 'Seçilen eğitmen bu kurumun eğitmenleri arasında yok.',
  }, // ours
  'attendance.tooManyStudents': { status: 400, text: 'Bir yoklamada en fazla 500 öğrenci olabilir.' }, // ours
} as const;
