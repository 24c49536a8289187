/**
 * api.md 8.2/8.3: failure toasts read "<action>: <reason>". Some server answers already carry the action
 * (docs/DECISIONS.md "Student save errors": every refusal of registerStudent/editStudent, and catalogue texts
 * such as "Kurs kaydı eklenemedi: Bilgi eksik"), so the prefix is added only when it is not there yet.
 */
export function withPrefix(prefix: string, reason: string): string {
  const text = reason.trim();
  if (text === prefix || text.startsWith(`${prefix}:`)) return text;
  return text === '' ? prefix : `${prefix}: ${text}`;
}

/** Texts of the student screens that the catalogue does not hold (ours, written down in docs/DECISIONS.md). */
export const STUDENT_TEXTS = {
  created: 'Öğrenci kaydedildi',
  updated: 'Öğrenci bilgileri güncellendi',
  createFailed: 'Öğrenci kaydedilemedi',
  updateFailed: 'Öğrenci bilgileri güncellenemedi',
  deleted: 'Öğrenci silindi',
  deleteFailed: 'Öğrenci silinemedi',
  resurrected: 'Öğrenci geri getirildi',
  resurrectFailed: 'Öğrenci geri getirilemedi',
  noteSaved: 'Not kaydedildi',
  noteUpdateFailed: 'Not güncellenemedi',
  noteSaveFailed: 'Not kaydedilemedi.',
  enrollmentAdded: 'Kurs kaydı eklendi',
  enrollmentAddFailed: 'Kurs kaydı eklenemedi',
  enrollmentMissing: 'Kurs kaydı eklenemedi: Bilgi eksik',
  enrollmentEnded: 'Kurs kaydı kapatıldı',
  enrollmentEndFailed: 'Kurs kaydı kapatılamadı',
  enrollmentEdited: 'Kurs kaydı güncellendi',
  enrollmentEditFailed: 'Kurs kaydı düzenlemesi yapılamadı',
  enrollmentEditRefused: 'Güncelleme yapılamadı.',
  paymentAdded: 'Ödeme eklendi',
  paymentAddFailed: 'Ödeme eklenemedi',
  paymentEdited: 'Ödeme düzenlendi',
  paymentEditFailed: 'Ödeme düzenlenemedi',
  paymentDeleted: 'Ödeme silindi',
  paymentDeleteFailed: 'Ödeme silinemedi',
  paymentResurrected: 'Ödeme geri getirildi',
  paymentResurrectFailed: 'Ödeme geri getirilemedi',
  paymentPurged: 'Ödeme kalıcı olarak silindi',
  paymentPurgeFailed: 'Ödeme kalıcı olarak silinemedi',
  emptyTable: 'Henüz öğrenci kaydı yapılmamış.',
  noOptions: 'Seçenek bulunamadı',
} as const;
