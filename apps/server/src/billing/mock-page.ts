import type { CheckoutItem } from '@okul/domain';
import { escapeHtml } from '../infra/http/html';
import type { CheckoutForm } from './payment-provider';

const tl = (kurus: number) =>
  `${Math.floor(kurus / 100).toLocaleString('tr-TR')},${String(kurus % 100).padStart(2, '0')} TL`;

/** The fields of the mock 3-D page, in the order product.md 2 lists them for /mock3ds. */
export function mock3dsQuery(form: CheckoutForm): URLSearchParams {
  return new URLSearchParams({
    mid: form.merchantID,
    posnetID: form.posnetID,
    posnetData: form.posnetData,
    digest: form.digest,
    posnetData2: form.posnetData2,
    merchantReturnURL: form.merchantReturnURL,
    lang: form.lang,
  });
}

/**
 * api.md 7.4: mock/initiate answers html, which the client opens in a new tab from a blob: every link is
 * absolute (a blob page has no origin of ours), and nothing runs by itself so the values can be read.
 */
export function mockCheckoutPage(form: CheckoutForm, item: CheckoutItem, publicUrl: string): string {
  const action = `${publicUrl.replace(/\/+$/, '')}/mock3ds`;
  const query = mock3dsQuery(form);
  const href = `${action}?${query.toString()}`;
  const rows = [...query.entries()]
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td><code>${escapeHtml(v)}</code></td></tr>`)
    .join('\n        ');
  const hidden = [...query.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="tr">
<head>
  <meta charset="utf-8">
  <meta name="robots" content="noindex">
  <title>Test Ödeme Sayfası</title>
  <style>
    body { font-family: Arial, Helvetica, sans-serif; background: #f5f3fa; color: #2d2640; margin: 0; padding: 32px; }
    main { max-width: 720px; margin: 0 auto; background: #fff; border-radius: 16px; padding: 32px; }
    h1 { color: #6a3fb5; margin-top: 0; }
    table { border-collapse: collapse; width: 100%; margin: 16px 0; }
    th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e6e1f2; vertical-align: top; }
    code { word-break: break-all; }
    button, a.button { display: inline-block; padding: 12px 24px; border: 0; border-radius: 8px; color: #fff; font-weight: bold;
      background: linear-gradient(90deg, #6a3fb5, #2fa866); text-decoration: none; cursor: pointer; }
    .note { background: #fff7e0; border-radius: 8px; padding: 12px; }
  </style>
</head>
<body>
  <main>
    <h1>Test Ödeme Sayfası (3-D Secure benzetimi)</h1>
    <p class="note">Bu sayfa yalnızca test ortamında kullanılır; karttan gerçek bir tahsilat yapılmaz.</p>
    <p><strong>Ürün:</strong> ${escapeHtml(item.name)} &middot; <strong>Tutar:</strong> ${escapeHtml(tl(item.price))}</p>
    <table>
        ${rows}
    </table>
    <form method="get" action="${escapeHtml(action)}">
      ${hidden}
      <button type="submit">3-D doğrulamaya devam et</button>
    </form>
    <p><a id="mock3ds-link" href="${escapeHtml(href)}">Bağlantı ile devam et</a></p>
  </main>
</body>
</html>`;
}
