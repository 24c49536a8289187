// The import of an existing student list (ours: the spec has no import screen).
export const studentImportMessages = {
  'studentImport.noRows': { status: 400, text: 'İçe aktarılacak satır yok.' },
  'studentImport.tooManyRows': {
    status: 400,
    text: 'Bir istekte en fazla {max} satır gönderilebilir.',
  },
  'studentImport.lineInvalid': { status: 400, text: 'Satır numarası geçersiz.' },
  'studentImport.fileNameTooLong': { status: 400, text: 'Dosya adı en fazla {max} karakter olabilir.' },
  'studentImport.duplicateInFile': {
    status: 409,
    text: 'Öğrenci kaydedilemedi: Bu TC kimlik no dosyada {line}. satırda da var',
  },
  'studentImport.done': {
    status: 200,
    text: '{created} öğrenci eklendi, {existing} öğrenci zaten vardı, {refused} satır reddedildi.',
  },
  'studentImport.fileUnreadable': {
    status: 400,
    text: 'Dosya okunamadı: .csv veya .xlsx biçiminde bir öğrenci listesi seçin.',
  },
  'studentImport.fileEmpty': { status: 400, text: 'Dosyada başlık satırından sonra satır yok.' },
  'studentImport.failed': { status: 400, text: 'İçe aktarma durdu: {error}' },
} as const;
