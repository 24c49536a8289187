import { describe, expect, it } from 'vitest';
import { withPrefix } from './messages';

describe('failure toasts (api.md 8.2, 8.3)', () => {
  it('adds the action once, never twice', () => {
    expect(withPrefix('Ödeme eklenemedi', 'Miktar hatalı')).toBe('Ödeme eklenemedi: Miktar hatalı');
    expect(withPrefix('Ödeme eklenemedi', 'Bağlantı hatası')).toBe('Ödeme eklenemedi: Bağlantı hatası');
    expect(withPrefix('Kurs kaydı eklenemedi', 'Kurs kaydı eklenemedi: Bilgi eksik')).toBe(
      'Kurs kaydı eklenemedi: Bilgi eksik',
    );
    expect(withPrefix('Öğrenci kaydedilemedi', '')).toBe('Öğrenci kaydedilemedi');
  });
});
