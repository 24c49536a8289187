// api.md 8.5 (schedules) and product.md 5 Schedule, verbatim; texts marked "ours" are not in the spec.
export const scheduleMessages = {
  'schedule.detailsFailed': { status: 400, text: 'Detaylar güncellenemedi: ' },
  'schedule.membersFailed': { status: 400, text: 'Üyeler güncellenemedi: ' },
  'schedule.addFailed': { status: 400, text: 'Program eklenemedi: ' },
  'schedule.deleteFailed': { status: 400, text: 'Program silinemedi: ' },
  'schedule.classRemoveFailed': { status: 404, text: 'Sınıf çıkarılamadı' },
  'schedule.studentRemoveFailed': { status: 404, text: 'Öğrenci çıkarılamadı' },
  'schedule.notFound': { status: 404, text: 'Silinecek program veya organizasyon bulunamadı' },
  'schedule.deleteCancelled': { status: 200, text: 'Silme işlemi iptal edildi' },
  'schedule.noChange': { status: 200, text: 'Değişiklik yok' },
  'schedule.courseRequired': { status: 400, text: 'Kurs ve organizasyon seçilmeli' },
  'schedule.timesMissing': { status: 400, text: 'En az bir ders saati (başlangıç ve bitiş) girilmeli.' }, // ours
  'schedule.timeInvalid': { status: 400, text: 'Ders saatinin bitişi başlangıcından sonra olmalı.' }, // ours
  'schedule.periodMissing': {
    status: 400,
    text: 'Periyodik programda periyot uzunluğu, birimi ve tekrar sayısı girilmeli.',
  }, // ours
  'schedule.invalid': { status: 400, text: 'Program bilgileri hatalı.' }, // ours
  'schedule.alreadyExists': { status: 409, text: 'Bu program zaten var.' }, // ours
  'schedule.studentsNotEnrolled': {
    status: 400,
    text: 'Bu kursa kaydı olmayan öğrenciler programa eklenemez: {students}',
  }, // ours
  'schedule.classesInvalid': {
    status: 400,
    text: 'Bu kursa ait olmayan gruplar programa eklenemez: {classes}',
  }, // ours
  'schedule.instructorUnknown': {
    status: 404,
    text: 'Seçilen eğitmen bu kurumun eğitmenleri arasında yok.',
  }, // ours
} as const;
