// Exports (ours: the spec has no export call).
export const exportMessages = {
  'export.formatInvalid': { status: 400, text: 'Dosya biçimi csv veya xlsx olmalıdır.' },
  // Hesap Ekstresi and the balance sheet export: a period of calendar days.
  'export.dayInvalid': { status: 400, text: 'Tarih hatalı (YYYY-AA-GG).' },
  'export.periodInvalid': { status: 400, text: 'Başlangıç tarihi bitiş tarihinden sonra olamaz.' },
} as const;
