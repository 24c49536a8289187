import { createHash } from 'node:crypto';

/**
 * The pieces of the Yapı Kredi POSNET XML protocol (OOS / 3-D Secure) that need no network: the MAC
 * scheme and the XML of the four requests used. Amounts are kuruş as integer text, currency "TL".
 *
 * MAC (POSNET OOS integration guide): HASH(x) = base64(sha256(x));
 *   firstHash = HASH(encKey ";" terminalId)
 *   request MAC = HASH(xid ";" amount ";" currency ";" merchantId ";" firstHash)
 *   oosResolveMerchantData answer MAC = HASH(mdStatus ";" xid ";" amount ";" currency ";" merchantId ";" firstHash)
 */
export interface PosnetCredentials {
  merchantId: string;
  terminalId: string;
  posnetId: string;
  encKey: string;
}

export const POSNET_CURRENCY = 'TL';

export function posnetHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

export function firstHash(c: Pick<PosnetCredentials, 'encKey' | 'terminalId'>): string {
  return posnetHash(`${c.encKey};${c.terminalId}`);
}

export function requestMac(
  c: PosnetCredentials,
  xid: string,
  amount: string,
  currency = POSNET_CURRENCY,
): string {
  return posnetHash([xid, amount, currency, c.merchantId, firstHash(c)].join(';'));
}

export function resolveAnswerMac(
  c: PosnetCredentials,
  mdStatus: string,
  xid: string,
  amount: string,
  currency = POSNET_CURRENCY,
): string {
  return posnetHash([mdStatus, xid, amount, currency, c.merchantId, firstHash(c)].join(';'));
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

function element(name: string, body: Record<string, string> | string): string {
  if (typeof body === 'string') return `<${name}>${escapeXml(body)}</${name}>`;
  return `<${name}>${Object.entries(body)
    .map(([k, v]) => element(k, v))
    .join('')}</${name}>`;
}

function request(c: PosnetCredentials, name: string, body: Record<string, string>): string {
  const head = element('mid', c.merchantId) + element('tid', c.terminalId);
  return `<?xml version="1.0" encoding="UTF-8"?><posnetRequest>${head}${element(name, body)}</posnetRequest>`;
}

/** Step 1: register the order; the answer's data1/data2/sign are posted by the browser to the 3-D page. */
export function oosRequestDataXml(c: PosnetCredentials, xid: string, amount: string): string {
  return request(c, 'oosRequestData', {
    posnetid: c.posnetId,
    XID: xid,
    amount,
    currencyCode: POSNET_CURRENCY,
    installment: '00',
    tranType: 'Sale',
  });
}

/** Step 2: decrypt the callback's packets and learn the 3-D result (mdStatus). */
export function oosResolveMerchantDataXml(
  c: PosnetCredentials,
  xid: string,
  amount: string,
  cb: { bankPacket: string; merchantPacket: string; sign: string },
): string {
  return request(c, 'oosResolveMerchantData', {
    bankData: cb.bankPacket,
    merchantData: cb.merchantPacket,
    sign: cb.sign,
    mac: requestMac(c, xid, amount),
  });
}

/** Step 3: the sale itself. */
export function oosTranDataXml(
  c: PosnetCredentials,
  xid: string,
  amount: string,
  bankPacket: string,
): string {
  return request(c, 'oosTranData', { bankData: bankPacket, wpAmount: '0', mac: requestMac(c, xid, amount) });
}

/** After a crash between the sale and its record: did the sale of this order already happen? */
export function agreementXml(c: PosnetCredentials, xid: string): string {
  // 3-D Secure orders are looked up by "TDSC" + the XID left-padded with zeros to 24 characters.
  return request(c, 'agreement', { orderID: `TDSC${xid.padStart(20, '0')}` });
}

const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
  );

/** The text of the first `<name>` element (the answers are small and flat enough for this). */
export function xmlValue(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1].trim()) : null;
}
