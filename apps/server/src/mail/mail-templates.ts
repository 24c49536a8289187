import type { MailMessage } from './mailer';
import { escapeHtml } from '../infra/http/html';

const BRAND = 'KursPanel';

/** The links of product.md 2: /giris/verify, /giris/reset and /giris/invite with the email and token query. */
export function accountLink(
  publicUrl: string,
  path: 'verify' | 'reset' | 'invite',
  email: string,
  token: string,
): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/giris/${path}?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  button: string;
  link: string;
  footer: string[];
}

function render(l: Layout): MailMessage {
  const text = [
    l.greeting,
    '',
    ...l.paragraphs.flatMap((p) => [p, '']),
    l.link,
    '',
    ...l.footer,
    '',
    `Sevgiler,`,
    `${BRAND} Ekibi`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f3fa;font-family:Arial,Helvetica,sans-serif;color:#2d2640">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
    <h1 style="margin:0 0 24px;font-size:22px;color:#6a3fb5">${BRAND}</h1>
    <p>${escapeHtml(l.greeting)}</p>
    ${l.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n    ')}
    <p style="text-align:center;margin:32px 0">
      <a href="${escapeHtml(l.link)}" style="display:inline-block;padding:14px 28px;border-radius:8px;background:linear-gradient(90deg,#6a3fb5,#2fa866);color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(l.button)}</a>
    </p>
    <p style="font-size:13px;color:#6b6480">Düğme çalışmazsa bu adresi tarayıcınıza kopyalayın:<br><a href="${escapeHtml(l.link)}">${escapeHtml(l.link)}</a></p>
    ${l.footer.map((p) => `<p style="font-size:13px;color:#6b6480">${escapeHtml(p)}</p>`).join('\n    ')}
    <p>Sevgiler,<br>${BRAND} Ekibi</p>
  </div>
</body></html>`;
  return { to: l.to, subject: l.subject, text, html, links: [l.link] };
}

export function verificationMail(p: { to: string; name: string; link: string; hours: number }): MailMessage {
  return render({
    to: p.to,
    subject: `${BRAND} e-posta adresinizi doğrulayın`,
    greeting: `Merhaba ${p.name},`,
    paragraphs: [
      `${BRAND} hesabınızı kullanmaya başlamak için e-posta adresinizi doğrulamanız gerekiyor.`,
      'Aşağıdaki bağlantıya tıklayarak doğrulamayı tamamlayabilirsiniz:',
    ],
    button: 'E-posta adresimi doğrula',
    link: p.link,
    footer: [
      `Bu bağlantı ${p.hours} saat geçerlidir ve yalnızca bir kez kullanılabilir.`,
      'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayabilirsiniz.',
    ],
  });
}

export function passwordResetMail(p: {
  to: string;
  name: string;
  link: string;
  minutes: number;
}): MailMessage {
  return render({
    to: p.to,
    subject: `${BRAND} şifre sıfırlama isteği`,
    greeting: `Merhaba ${p.name},`,
    paragraphs: [
      'Hesabınız için bir şifre sıfırlama isteği aldık.',
      'Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı kullanabilirsiniz:',
    ],
    button: 'Şifremi sıfırla',
    link: p.link,
    footer: [
      `Bu bağlantı ${p.minutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir. Şifreniz değiştiğinde açık oturumlarınız kapatılır.`,
      'Bu isteği siz yapmadıysanız şifreniz değişmez; bu e-postayı dikkate almayabilirsiniz.',
    ],
  });
}

export function invitationMail(p: {
  to: string;
  name: string;
  inviterName: string;
  organizationName: string;
  roleLabel: string;
  link: string;
  days: number;
}): MailMessage {
  return render({
    to: p.to,
    subject: `${p.organizationName} sizi ${BRAND}'e davet ediyor`,
    greeting: p.name ? `Merhaba ${p.name},` : 'Merhaba,',
    paragraphs: [
      `${p.inviterName}, sizi ${BRAND} üzerinde ${p.organizationName} kurumuna ${p.roleLabel} rolüyle davet etti.`,
      'Daveti kabul etmek ve hesabınızın şifresini belirlemek için aşağıdaki bağlantıyı kullanın:',
    ],
    button: 'Daveti kabul et',
    link: p.link,
    footer: [
      `Bu bağlantı ${p.days} gün geçerlidir ve yalnızca bir kez kullanılabilir.`,
      'Bu daveti beklemiyorsanız e-postayı dikkate almayabilirsiniz; hesabınız oluşturulmaz.',
    ],
  });
}

/** product.md 4: the owner learns that their personal membership was verified and payment is open. */
export function organizationApprovedMail(p: {
  to: string;
  name: string;
  organizationName: string;
  link: string;
}): MailMessage {
  return render({
    to: p.to,
    subject: `${BRAND} üyeliğiniz doğrulandı`,
    greeting: p.name ? `Merhaba ${p.name},` : 'Merhaba,',
    paragraphs: [
      `${p.organizationName} için yaptığınız bireysel üyelik başvurusu doğrulandı.`,
      'Artık aboneliğinizi seçip ödemenizi yapabilirsiniz:',
    ],
    button: 'Ödemeye geç',
    link: p.link,
    footer: ['Sorularınız için bu e-postayı yanıtlayabilirsiniz.'],
  });
}

/** product.md 4: the owner learns that the verification was refused, and why. */
export function organizationRefusedMail(p: {
  to: string;
  name: string;
  organizationName: string;
  reason: string;
  link: string;
}): MailMessage {
  return render({
    to: p.to,
    subject: `${BRAND} üyelik başvurunuz onaylanmadı`,
    greeting: p.name ? `Merhaba ${p.name},` : 'Merhaba,',
    paragraphs: [
      `${p.organizationName} için yaptığınız bireysel üyelik başvurusu doğrulanamadı.`,
      `Gerekçe: ${p.reason}`,
      'Kurumunuz bu nedenle kapalı kalacak ve ödeme yapılamayacak. Eksikleri tamamladığınızda bize yazabilirsiniz; başvurunuz yeniden incelenir.',
    ],
    button: 'Başvurumu görüntüle',
    link: p.link,
    footer: ['Sorularınız için bu e-postayı yanıtlayabilirsiniz.'],
  });
}
