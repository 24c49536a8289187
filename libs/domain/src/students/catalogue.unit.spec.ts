import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages';

// api.md 8.2 and 8.3, verbatim: every string must be in the catalogue exactly once in meaning.
const SPEC_STRINGS = [
  // 8.2 Students
  'Öğrenci kaydedilemedi: Bağlantı hatası',
  'Öğrenci bilgileri güncellenemedi: Bağlantı hatası',
  'Öğrenci kaydedildi',
  'Öğrenci bilgileri güncellendi',
  'İsim',
  'Soyisim',
  'TCKN geçersiz',
  'TCKN zaten kayıtlı',
  'TC kimlik no eksik',
  'Kayıt tarihi',
  'Doğum tarihi',
  'Doğum yeri',
  'Adres',
  'Date input not valid.',
  'Henüz öğrenci kaydı yapılmamış.',
  'Seçenek bulunamadı',
  // 8.3 Enrolments
  'Kurs kaydı düzenlemesi yapılamadı',
  'Kurs kaydı eklenemedi',
  'Kurs kaydı kapatılamadı',
  'Kurs kaydı düzenlemesi yapılamadı: Bağlantı hatası',
  'Kurs kaydı eklenemedi: Bağlantı hatası',
  'Kurs kaydı kapatılamadı: Bağlantı hatası',
  'Kurs kaydı eklenemedi: Bilgi eksik',
  'Kurs kayıt başlangıcı öğrencinin kurum kaydından önce olamaz.',
  'Başlangıç zamanı bitiş zamanından sonra olamaz.',
  'Kurs kaydına atanan yeni tarih aralığı geçmiş/gelecek kurs kayıtlarıyla çakışamaz.',
  'Güncelleme yapılamadı.',
  // 8.3 Payments
  'Ödeme eklenemedi',
  'Ödeme düzenlenemedi',
  'Ödeme silinemedi',
  'Ödeme geri getirilemedi',
  'Ödeme eklenemedi: Bağlantı hatası',
  'Ödeme düzenlenemedi: Bağlantı hatası',
  'Ödeme silinemedi: Bağlantı hatası',
  'Ödeme geri getirilemedi: Bağlantı hatası',
  'Miktar eksik',
  'Miktar hatalı',
  'kurs eksik',
  // 8.3 Notes, grade
  'Not güncellenemedi: Bağlantı hatası',
  'Not kaydedilemedi.',
  'Not silinemedi.',
  'Kurs seçimi zorunludur.',
  // 8.3 Attendance
  'Yoklama silinemedi',
  'Yoklama eklenemedi',
  'Yoklama güncellenemedi',
  'Yoklama eklenemedi: Bağlantı hatası',
  'Yoklama güncellenemedi: Bağlantı hatası',
  'Ders seçilmemiş',
  'Öğrenci sayısı sıfır',
  'Gün/saat eksik veya hatalı',
];

describe('message catalogue (api.md 8.2, 8.3)', () => {
  const texts = Object.values(MESSAGES).map((m) => m.text as string);
  it.each(SPEC_STRINGS)('holds "%s"', (text) => expect(texts).toContain(text));

  it('holds the templates with the server error and the item list', () => {
    expect(texts).toContain('Öğrenci kaydedilemedi: {error}');
    expect(texts).toContain('Öğrenci bilgileri güncellenemedi: {error}');
    expect(texts).toContain('Öğrenci kaydedilemedi: Eksik/hatalı bilgi: {items}');
    expect(texts).toContain('Öğrenci bilgileri güncellenemedi: Eksik/hatalı bilgi: {items}');
  });
});
