// api.md 8.4 Media and the upload helper's errors, verbatim; texts marked "ours" are not in the spec.
export const mediaMessages = {
  'media.targetMissing': { status: 404, text: 'Medya yüklenemedi' },
  'media.logoFailed': { status: 400, text: 'Logo yüklenemedi' },
  'media.photoFailed': { status: 400, text: 'Fotoğraf yüklenemedi' },
  'media.missingParameter': { status: 400, text: 'Eksik parametre' },
  'media.invalidLogoType': { status: 400, text: 'Invalid logo type name' },
  'media.uploadFailed': { status: 400, text: 'Upload failed' },
  'media.tooLarge': { status: 413, text: 'Dosya çok büyük.' },
  'media.wrongType': {
    status: 415,
    text: 'Dosya türü desteklenmiyor; yalnızca jpg, jpeg, png veya webp yüklenebilir.',
  }, // ours
  'media.badSignature': { status: 403, text: 'Yükleme imzası geçersiz.' }, // ours
  'media.expired': { status: 403, text: 'Yükleme izninin süresi doldu; lütfen tekrar deneyin.' }, // ours
  'media.tokenUsed': { status: 409, text: 'Bu yükleme izni zaten kullanıldı; lütfen tekrar deneyin.' }, // ours
  'media.wrongFolder': { status: 403, text: 'Bu klasöre yükleme izniniz yok.' }, // ours
  'media.notFound': { status: 404, text: 'Görsel bulunamadı.' }, // ours
} as const;
