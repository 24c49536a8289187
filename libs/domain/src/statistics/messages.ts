// The İstatistikler view's refusals (ours: the spec has no statistics call beyond api.md 9.4).
export const statisticsMessages = {
  'statistics.periodInvalid': { status: 400, text: 'Dönem hatalı (YYYY-AA).' },
  'statistics.asOfInvalid': { status: 400, text: 'Tarih hatalı.' },
  'statistics.rangeInvalid': { status: 400, text: 'Başlangıç dönemi bitiş döneminden sonra olamaz.' },
  'statistics.rangeTooLong': { status: 400, text: 'En fazla 120 aylık dönem seçilebilir.' },
} as const;
