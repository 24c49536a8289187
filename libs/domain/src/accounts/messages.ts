// api.md 8.1, 8.4 (users), 8.6 (inbox) and 8.7 (payment) verbatim, and the account rules of product.md 5;
// texts marked "ours" are not in the spec (api.md 8.9: server codes are not shown there).
export const accountMessages = {
  'account.userNotFound': { status: 404, text: 'Kullanıcı bulunamadı.' }, // ours
  'account.organizationNameMissing': { status: 400, text: 'Kurum adı boş olamaz.' }, // ours
  'account.sessionNotFound': { status: 404, text: 'Oturum bulunamadı.' }, // ours

  // api.md 8.1, as the client shows them
  'login.failed': { status: 401, text: 'Giriş yapılamadı: {error}' },
  'registration.apiError': { status: 400, text: 'Kullanıcı oluşturulurken bir hata meydana geldi: {error}' },
  'registration.success': { status: 200, text: 'Kayıt başarılı! Lütfen mail adresinizi kontrol edin' },
  'registration.tcknInline': { status: 400, text: 'Geçersiz TCKN' },
  'registration.vknInline': { status: 400, text: 'Geçersiz VKN' },
  'account.verifyFailed': { status: 400, text: 'Email adresiniz doğrulanamadı.' },
  'account.invitationAcceptFailed': {
    status: 400,
    text: 'Üyelik davetini kabul ederken bir hata meydana geldi. Lütfen tekrar deneyin.',
  },
  'account.verifyResendFailed': {
    status: 400,
    text: 'E-posta doğrulama isteği gönderilirken bir hata oluştu: {error}',
  },
  'account.profileUpdateFailed': { status: 400, text: 'Profil güncellenemedi' },
  'account.emailUpdateFailed': { status: 400, text: 'E-mail güncellenemedi' },
  'account.passwordUpdateFailed': { status: 400, text: 'Şifre güncellenemedi' },
  'account.organizationRenameFailed': { status: 400, text: 'Kurum adı güncellenemedi' },
  'account.sessionEndFailed': { status: 400, text: 'Oturum sonlandırılırken bir hata oluştu' },
  // ours: api.md 8.1 says "a message that the reset e-mail was sent and to check the inbox of the given address"
  'account.resetRequested': {
    status: 200,
    text: 'Şifre sıfırlama bağlantısı {email} adresine gönderildi. Lütfen gelen kutunuzu kontrol edin.',
  },

  // server refusals of the e-mail flows (ours); one text per flow whatever the reason (wrong, expired or
  // used token), so an answer never tells which addresses exist or which tokens were ever valid.
  'account.verifyTokenInvalid': {
    status: 400,
    text: 'Email adresiniz doğrulanamadı. Bağlantının süresi dolmuş ya da adresiniz zaten doğrulanmış olabilir.',
  },
  'account.resetTokenInvalid': {
    status: 400,
    text: 'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  },
  'account.emailAlreadyVerified': { status: 409, text: 'E-posta adresiniz zaten doğrulanmış.' }, // ours
  'account.emailMismatch': { status: 400, text: 'E-posta adresi hesabınızdaki adresle eşleşmiyor.' }, // ours
  'account.currentPasswordWrong': { status: 400, text: 'Mevcut şifreniz hatalı.' }, // ours
  'account.tooManyPasswordTries': {
    status: 429,
    text: 'Çok fazla hatalı şifre denemesi yapıldı. Lütfen biraz sonra tekrar deneyin.',
  }, // ours
  'account.currentPasswordMissing': { status: 400, text: 'Mevcut şifrenizi girin.' }, // ours
  'account.nothingToUpdate': { status: 400, text: 'Değiştirilecek bir bilgi gönderilmedi.' }, // ours
  'account.nameTooLong': { status: 400, text: 'İsim en fazla 50 karakter olabilir.' }, // ours, product.md 5
  'account.emailTooLong': { status: 400, text: 'E-posta adresi en fazla 50 karakter olabilir.' }, // ours, product.md 5
  'account.nameMissing': { status: 400, text: 'İsim boş olamaz.' }, // ours
  'account.tooManyRequests': {
    status: 429,
    text: 'Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.',
  }, // ours
  'account.globalRoleNotAllowed': { status: 403, text: 'Bu genel rolü verme yetkiniz yok.' }, // ours
  'account.globalRoleInvalid': { status: 400, text: 'Geçersiz genel rol.' }, // ours
  'mail.sendFailed': { status: 503, text: 'E-posta gönderilemedi. Lütfen biraz sonra tekrar deneyin.' }, // ours

  // organisations and people (api.md 8.4 Users, product.md 6)
  'users.addFailed': { status: 400, text: 'Kullanıcı eklenemedi' },
  'users.updateFailed': { status: 400, text: 'Kullanıcı güncellenemedi.' },
  'org.ownerFixed': { status: 403, text: 'Kurum sahibinin rolü değiştirilemez.' }, // ours
  'org.ownerNotRemovable': { status: 403, text: 'Kurum sahibi kurumdan çıkarılamaz.' }, // ours
  'org.roleNotAssignable': { status: 400, text: 'Bu rol atanamaz.' }, // ours
  'org.roleMissing': { status: 400, text: 'Rol seçilmelidir.' }, // ours
  'org.userNotMember': { status: 404, text: 'Kullanıcı bu kurumun üyesi değil.' }, // ours
  'org.alreadyMember': { status: 409, text: 'Bu kullanıcı zaten kurumun üyesi.' }, // ours
  'org.renameSharedUser': {
    status: 409,
    text: 'Bu kullanıcı başka kurumlarda da üye olduğu için adını yalnızca kendisi değiştirebilir.',
  }, // ours
  'org.idMismatch': { status: 400, text: 'Kurum bilgisi adresle eşleşmiyor.' }, // ours
  // product.md 4: personal (companyType none) memberships are verified by hand (ours: the texts)
  'org.verificationNotRequired': {
    status: 409,
    text: 'Bu kurum doğrulama beklemiyor: yalnızca bireysel üyelikler elle doğrulanır.',
  }, // ours
  'org.verificationAlreadyApproved': {
    status: 409,
    text: 'Bu kurumun doğrulaması zaten onaylanmış; onay geri alınamaz.',
  }, // ours
  'org.verificationReasonMissing': {
    status: 400,
    text: 'Ret gerekçesi yazılmalıdır (en fazla 500 karakter).',
  }, // ours
  'org.verificationApproved': { status: 200, text: 'Kurum doğrulaması onaylandı.' }, // ours
  'org.verificationRefused': { status: 200, text: 'Kurum doğrulaması reddedildi.' }, // ours
  'invitation.tokenInvalid': { status: 400, text: 'Davet bağlantısı geçersiz ya da süresi dolmuş.' }, // ours
  'invitation.alreadyAnswered': { status: 409, text: 'Bu davet zaten yanıtlanmış.' }, // ours
  'invitation.accountExists': {
    status: 409,
    text: 'Bu e-posta adresiyle zaten bir hesap var. Lütfen kurumunuzdan yeni bir davet isteyin.',
  }, // ours
  'invitation.alreadyPending': {
    status: 409,
    text: 'Bu adrese gönderilmiş ve yanıt bekleyen bir davet zaten var.',
  }, // ours
  'invitation.notFound': { status: 404, text: 'Davet bulunamadı.' }, // ours
  'invitation.revoked': {
    status: 410,
    text: 'Bu davet kurum tarafından iptal edilmiş. Lütfen kurumunuzdan yeni bir davet isteyin.',
  }, // ours
  'invitation.tokenReplaced': {
    status: 400,
    text: 'Bu davet bağlantısı yenilendi. Lütfen e-postanıza gönderilen en son davet bağlantısını kullanın.',
  }, // ours
  'invitation.alreadyRevoked': { status: 409, text: 'Bu davet zaten iptal edilmiş.' }, // ours
  'invitation.acceptedNotRevocable': { status: 409, text: 'Kabul edilmiş bir davet iptal edilemez.' }, // ours
  'invitation.inboxNotResendable': {
    status: 409,
    text: 'Bu davet kullanıcının gelen kutusunda bekliyor; yeniden gönderilemez.',
  }, // ours

  // inbox (api.md 8.6)
  'inbox.markReadFailed': { status: 400, text: 'Mesaj okundu olarak işaretlenemedi' },
  'inbox.respondFailed': { status: 400, text: 'Davet cevabı gönderilemedi: {error}' },
  'inbox.responded': { status: 200, text: 'Davet cevabınız gönderildi.' },
  'inbox.notFound': { status: 404, text: 'Mesaj bulunamadı.' }, // ours
  'inbox.notInvitation': { status: 400, text: 'Bu mesaj bir davet değil.' }, // ours

  // subscription checkout (api.md 8.7)
  'checkout.failed': { status: 400, text: 'Ödeme işlemi başarısız oldu: {error}' },
  'checkout.mockNoHtml': { status: 400, text: 'Ödeme sayfası alınamadı. Kod: {status}' },
  'checkout.finalizeFailed': { status: 400, text: 'Ödeme işlemi başarısız: {error}' },
  'checkout.finalizeSuccess': {
    status: 200,
    text: 'Ödeme işlemi başarılı. 3 saniye sonra giriş sayfasına yönlendirileceksiniz.',
  },
  'checkout.received': {
    status: 200,
    text: 'Ödemeniz alındı. 3 saniye sonra giriş sayfasına yönlendirileceksiniz.',
  },
  'checkout.unknownItem': { status: 400, text: 'Geçersiz ödeme seçeneği.' }, // ours
  'checkout.organizationRequired': { status: 400, text: 'Ödeme yapılacak kurum seçilmelidir.' }, // ours
  'checkout.notFound': { status: 404, text: 'Ödeme kaydı bulunamadı.' }, // ours
  'checkout.digestInvalid': { status: 400, text: 'Ödeme doğrulanamadı: imza geçersiz.' }, // ours
  'checkout.notConfigured': {
    status: 503,
    text: 'Kartla ödeme şu anda kullanılamıyor: sanal POS (POSNET) ayarları yapılandırılmamış.',
  }, // ours
  'checkout.providerUnavailable': {
    status: 502,
    text: 'Banka ödeme servisine ulaşılamadı. Lütfen biraz sonra tekrar deneyin.',
  }, // ours
  'checkout.declined': { status: 402, text: 'Ödeme banka tarafından onaylanmadı.' }, // ours
  'checkout.verificationPending': {
    status: 403,
    text: 'Bireysel üyelikler ödeme öncesinde elle doğrulanır; kurumunuz doğrulama bekliyor. Doğrulama birkaç gün içinde tamamlanır ve size e-posta ile bildirilir.',
  }, // ours
  'checkout.verificationRefused': {
    status: 403,
    text: 'Kurumunuzun doğrulaması reddedildi, ödeme yapılamaz. Gerekçe: {reason}',
  }, // ours
} as const;
