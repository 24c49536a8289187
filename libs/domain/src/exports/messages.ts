// Exports (ours: the spec has no export call).
export const exportMessages = {
  'export.formatInvalid': { status: 400, text: 'Dosya biçimi csv veya xlsx olmalıdır.' },
} as const;
