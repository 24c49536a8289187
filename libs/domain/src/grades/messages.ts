// api.md 8.3 (grade) and product.md 5 Grade, verbatim; texts marked "ours" are not in the spec.
export const gradeMessages = {
  'grade.courseRequired': { status: 400, text: 'Kurs seçimi zorunludur.' },
  'grade.notFound': { status: 404, text: 'Not bulunamadı.' }, // ours
  'grade.alreadyExists': { status: 409, text: 'Bu not zaten var.' }, // ours
  'grade.invalid': { status: 400, text: 'Not bilgileri eksik veya hatalı.' }, // ours
  'grade.studentNotFound': { status: 404, text: 'Öğrenci bulunamadı.' }, // ours
  // product.md 5: the class is optional, and only among the classes holding the student for that course.
  'grade.classInvalid': {
    status: 400,
    text: 'Seçilen grup bu öğrencinin bu kurstaki gruplarından biri değil.',
  }, // ours
} as const;
