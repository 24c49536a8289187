// api.md 8.4 words only the client's download failure ("Download failed or the server's message"); the
// server's messages are ours.
export const backupMessages = {
  'backup.invalidType': { status: 400, text: 'Yedek türü geçersiz (yalnızca full_sql).' },
  'backup.failed': { status: 500, text: 'Yedek alınamadı. Lütfen daha sonra tekrar deneyin.' },
  'backup.alreadyRecorded': { status: 409, text: 'Bu yedek zaten kayıtlı.' },
  'backup.invalidRecord': { status: 400, text: 'Yedek kaydı eksik veya hatalı.' },
  'backup.fileInvalid': {
    status: 400,
    text: 'Yedek dosyası okunamadı: bu dosya bir kurum yedeği (zip) değil. Hiçbir kayıt yazılmadı.',
  },
  'backup.fileDamaged': {
    status: 400,
    text: 'Yedek dosyası bozuk: {reason}. Hiçbir kayıt yazılmadı.',
  },
  'backup.foreignOrganization': {
    status: 409,
    text: 'Bu yedek başka bir kuruma ait ({name}); yalnızca yedeği alınan kuruma yüklenebilir. Hiçbir kayıt yazılmadı.',
  },
  'backup.conflict': {
    status: 409,
    text: 'Yedekteki kayıtlar bu sunucudaki kayıtlarla çakışıyor. Hiçbir kayıt yazılmadı.',
  },
  'backup.orgInvalid': { status: 400, text: 'Kurum seçilmemiş.' },
} as const;
