import { message } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { failureText, gotNoAnswer, withPrefix } from './failure-text';

const CONNECTION = 'Bağlantı hatası';
const payment = { failure: message('payment.addFailed'), noAnswer: message('payment.addNoAnswer') };

describe('failure toasts (api.md 8.2, 8.3, 8.4)', () => {
  it('adds the action once, never twice', () => {
    expect(withPrefix('Ödeme eklenemedi', 'Miktar hatalı')).toBe('Ödeme eklenemedi: Miktar hatalı');
    expect(withPrefix('Ödeme eklenemedi', 'Bağlantı hatası')).toBe('Ödeme eklenemedi: Bağlantı hatası');
    expect(withPrefix('Kurs kaydı eklenemedi', 'Kurs kaydı eklenemedi: Bilgi eksik')).toBe(
      'Kurs kaydı eklenemedi: Bilgi eksik',
    );
    expect(withPrefix('Öğrenci kaydedilemedi', '')).toBe('Öğrenci kaydedilemedi');
  });

  it("keeps the spec's own stop or colon after the action instead of adding another", () => {
    expect(withPrefix(message('employee.addFailed'), 'Bu çalışan zaten var.')).toBe(
      'Çalışan eklenemedi. Bu çalışan zaten var.',
    );
    expect(withPrefix(message('employee.editFailed'), 'isim eksik')).toBe(
      'Çalışan bilgileri güncellenemedi: isim eksik',
    );
    expect(withPrefix(message('employee.resurrectFailed'), 'Çalışan silinmemiş.')).toBe(
      'Çalışan geri getirilemedi: Çalışan silinmemiş.',
    );
    expect(withPrefix(message('instructor.deleteFailed'), 'Eğitmen bulunamadı.')).toBe(
      'Eğitmen silinemedi: Eğitmen bulunamadı.',
    );
  });

  it('takes a network failure and a bare 5xx as no answer, a worded refusal (even a 503) as an answer', () => {
    expect(gotNoAnswer(new ApiError(CONNECTION, 0))).toBe(true);
    expect(gotNoAnswer(new ApiError('Bad Gateway', 502))).toBe(true);
    expect(
      gotNoAnswer(new ApiError('Hizmet geçici olarak kullanılamıyor.', 503, { code: 'common.unavailable' })),
    ).toBe(false);
    expect(gotNoAnswer(new ApiError('Miktar hatalı', 400, { code: 'payment.amountInvalid' }))).toBe(false);
    expect(gotNoAnswer(new Error('x'))).toBe(false);
  });

  it('shows the catalogue\'s "Bağlantı hatası" text with no answer, else the action and the server\'s error', () => {
    expect(failureText(payment, new ApiError(CONNECTION, 0))).toBe('Ödeme eklenemedi: Bağlantı hatası');
    expect(failureText(payment, new ApiError('Bad Gateway', 502))).toBe(message('payment.addNoAnswer'));
    expect(failureText(payment, new ApiError('Miktar hatalı', 400, { code: 'payment.amountInvalid' }))).toBe(
      'Ödeme eklenemedi: Miktar hatalı',
    );
    // without a no-answer text of its own, the action takes whatever reason came
    expect(failureText({ failure: message('accounting.addFailed') }, new ApiError('Bad Gateway', 502))).toBe(
      'Kayıt eklenemedi. Bad Gateway',
    );
  });
});
