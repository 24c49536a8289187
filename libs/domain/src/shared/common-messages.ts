/** Messages shared by every context: generic HTTP refusals, accounts, registration. */
export const commonMessages = {
  // generic (ours)
  'common.badRequest': { status: 400, text: 'Geçersiz istek.' },
  'common.badJson': { status: 400, text: 'İstek gövdesi geçerli bir JSON değil.' },
  'common.payloadTooLarge': { status: 413, text: 'İstek gövdesi çok büyük.' },
  'common.unknownField': { status: 400, text: 'Tanınmayan alan: {field}' },
  'common.badText': { status: 400, text: 'Geçersiz karakter içeren alan: {field}' },
  'common.idempotencyKeyReused': {
    status: 422,
    text: 'Bu Idempotency-Key başka bir istek için kullanılmış. Her yeni istek için yeni bir anahtar gönderin.',
  },
  'common.badEncoding': { status: 400, text: 'İstek gövdesinin kodlaması desteklenmiyor.' },
  'common.routeNotFound': { status: 404, text: 'İstenen adres bulunamadı.' },
  'common.conflict': {
    status: 409,
    text: 'Kayıt aynı anda başka biri tarafından değiştirildi. Lütfen tekrar deneyin.',
  },
  'common.internal': { status: 500, text: 'Beklenmeyen bir hata oluştu.' },
  'common.connection': { status: 503, text: 'Bağlantı hatası' },
  // A projection parked an event of this organisation (docs/DECISIONS.md, projections): its numbers would be wrong.
  'common.readModelStale': {
    status: 503,
    text: 'Bu bilgiler şu anda güncel değil; sorun giderilene kadar gösterilemiyor. Lütfen daha sonra tekrar deneyin.',
  },
  'common.unavailable': {
    status: 503,
    text: 'Hizmet şu anda geçici olarak kullanılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.',
  },
  'auth.unauthorized': { status: 401, text: 'Oturum açmanız gerekiyor.' },
  'auth.forbidden': { status: 403, text: 'Bu işlem için yetkiniz yok.' },
  'auth.invalidCredentials': { status: 401, text: 'E-posta adresi veya şifre hatalı.' },
  'auth.tooManyAttempts': {
    status: 429,
    text: 'Çok fazla giriş denemesi yapıldı. Lütfen biraz sonra tekrar deneyin.',
  },
  'auth.refreshInvalid': { status: 401, text: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.' },
  'auth.emailTaken': { status: 409, text: 'Bu e-posta adresi ile kayıtlı bir kullanıcı zaten var.' },
  'auth.emailNotVerified': { status: 403, text: 'E-posta adresinizi doğrulamanız gerekiyor.' },
  'auth.passwordTooShort': { status: 400, text: 'Şifre en az 6 karakter olmalıdır.' },
  'auth.foreignOrigin': { status: 403, text: 'Bu istek başka bir siteden geldiği için reddedildi.' }, // ours
  'auth.passwordTooCommon': {
    status: 400,
    text: 'Bu şifre çok yaygın ve kolay tahmin edilir; daha güçlü bir şifre seçin.',
  }, // ours
  'auth.invalidEmail': { status: 400, text: 'Geçersiz e-mail adresi' },
  'org.notFound': { status: 404, text: 'Kurum bulunamadı.' },
  'org.membershipInactive': {
    status: 402,
    text: 'Kurumunuzun üyeliği aktif değil. Lütfen ödemeyi tamamlayın.',
  },
  'org.deactivated': { status: 403, text: 'Kurum erişime kapatılmış.' },

  // registration (api.md 8.1)
  'registration.missingFields': { status: 400, text: 'Lütfen tüm alanları doldurun.' },
  'registration.legalTerms': { status: 400, text: 'Yasal koşulları kabul etmelisiniz.' },
  'registration.communication': { status: 400, text: 'İletişim izni kabul etmelisiniz.' },
  'registration.tcknInvalid': { status: 400, text: 'Geçerli bir TCKN giriniz.' },
  'registration.vknInvalid': { status: 400, text: 'Geçerli bir VKN giriniz.' },
  'registration.passwordsDiffer': { status: 400, text: 'Şifreler eşleşmiyor!' },
  'account.passwordsDiffer': { status: 400, text: 'Şifreler eşleşmiyor.' },
  'login.success': { status: 200, text: 'Giriş başarılı' },
} as const;
