import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstHash, posnetHash, xmlValue, type PosnetCredentials } from '../../src/billing/posnet-protocol';

interface Order {
  xid: string;
  amount: string;
  sold: { hostlogkey: string; authCode: string } | null;
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');
const unb64 = <T>(s: string): T | null => {
  try {
    return JSON.parse(Buffer.from(s, 'base64').toString('utf8')) as T;
  } catch {
    return null;
  }
};

/**
 * A stand-in for the Yapı Kredi POSNET XML service (the bank is an external party), speaking the same
 * requests and MAC scheme as the real one, so the provider code runs unchanged against it. Its packets are
 * base64 JSON signed with a secret only the "bank" knows.
 */
export class FakePosnet {
  readonly orders = new Map<string, Order>();
  readonly calls: string[] = [];
  /** Answer HTTP 500 to everything (bank down). */
  down = false;
  private server!: Server;
  private readonly bankSecret = randomBytes(16).toString('hex');

  constructor(readonly credentials: PosnetCredentials) {}

  get env(): Record<string, string> {
    return {
      POSNET_MERCHANT_ID: this.credentials.merchantId,
      POSNET_TERMINAL_ID: this.credentials.terminalId,
      POSNET_ID: this.credentials.posnetId,
      POSNET_ENC_KEY: this.credentials.encKey,
      POSNET_XML_URL: this.url,
      POSNET_OOS_TDS_URL: 'https://setmpos.ykb.com/3DSWebService/YKBPaymentService',
    };
  }

  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const xml = new URLSearchParams(body).get('xmldata') ?? '';
        res.setHeader('content-type', 'text/xml; charset=utf-8');
        if (this.down) {
          res.statusCode = 500;
          return res.end('down');
        }
        res.end(`<?xml version="1.0" encoding="UTF-8"?><posnetResponse>${this.answer(xml)}</posnetResponse>`);
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/PosnetWebService/XML`;
  }

  async stop(): Promise<void> {
    await new Promise((r) => this.server.close(r));
  }

  private sign(...parts: string[]) {
    return createHmac('sha256', this.bankSecret).update(parts.join('|')).digest('hex');
  }

  private macOf(xid: string, amount: string) {
    const c = this.credentials;
    return posnetHash([xid, amount, 'TL', c.merchantId, firstHash(c)].join(';'));
  }

  private refuse(code: string, text: string) {
    return `<approved>0</approved><respCode>${code}</respCode><respText>${text}</respText>`;
  }

  /** What the bank posts to merchantReturnURL after the card holder's 3-D step (mdStatus 1 = authenticated). */
  callbackFor(posnetData: string, mdStatus = '1'): Record<string, string> {
    const merchant = unb64<{ xid: string; amount: string }>(posnetData);
    if (!merchant) throw new Error('not a posnetData of this bank');
    const bankPacket = b64({ ...merchant, mdStatus });
    return {
      MerchantPacket: posnetData,
      BankPacket: bankPacket,
      Sign: this.sign(posnetData, bankPacket),
      CCPrefix: '450803',
      TranType: 'Sale',
    };
  }

  /** As if an earlier attempt had completed the sale and crashed before recording it. */
  sellNow(xid: string) {
    const o = this.orders.get(xid);
    if (o && !o.sold)
      o.sold = { hostlogkey: `HL${randomBytes(5).toString('hex').toUpperCase()}`, authCode: '123456' };
  }

  get sales(): number {
    return [...this.orders.values()].filter((o) => o.sold).length;
  }

  private answer(xml: string): string {
    const c = this.credentials;
    if (xmlValue(xml, 'mid') !== c.merchantId || xmlValue(xml, 'tid') !== c.terminalId)
      return this.refuse('0001', 'MID TID HATALI');
    if (xml.includes('<oosRequestData>')) {
      this.calls.push('oosRequestData');
      if (xmlValue(xml, 'posnetid') !== c.posnetId) return this.refuse('0002', 'POSNETID HATALI');
      const xid = xmlValue(xml, 'XID') ?? '';
      const amount = xmlValue(xml, 'amount') ?? '';
      if (xid.length !== 20 || !/^\d+$/.test(amount) || xmlValue(xml, 'currencyCode') !== 'TL')
        return this.refuse('0003', 'ALANLAR HATALI');
      this.orders.set(xid, { xid, amount, sold: null });
      const data1 = b64({ xid, amount });
      return `<approved>1</approved><oosRequestDataResponse><data1>${data1}</data1><data2></data2><sign>${this.sign(data1)}</sign></oosRequestDataResponse>`;
    }
    if (xml.includes('<oosResolveMerchantData>')) {
      this.calls.push('oosResolveMerchantData');
      const bankData = xmlValue(xml, 'bankData') ?? '';
      const merchantData = xmlValue(xml, 'merchantData') ?? '';
      if (xmlValue(xml, 'sign') !== this.sign(merchantData, bankData))
        return this.refuse('0148', 'SIGN HATALI');
      const p = unb64<{ xid: string; amount: string; mdStatus: string }>(bankData);
      if (!p) return this.refuse('0148', 'PAKET HATALI');
      if (xmlValue(xml, 'mac') !== this.macOf(p.xid, p.amount)) return this.refuse('0149', 'MAC HATALI');
      const mac = posnetHash([p.mdStatus, p.xid, p.amount, 'TL', c.merchantId, firstHash(c)].join(';'));
      return `<approved>1</approved><oosResolveMerchantDataResponse><xid>${p.xid}</xid><amount>${p.amount}</amount><currency>TL</currency><installment>00</installment><point>0</point><pointAmount>0</pointAmount><txStatus>N</txStatus><mdStatus>${p.mdStatus}</mdStatus><mdErrorMessage>${p.mdStatus === '1' ? 'Authenticated' : 'Not authenticated'}</mdErrorMessage><mac>${mac}</mac></oosResolveMerchantDataResponse>`;
    }
    if (xml.includes('<oosTranData>')) {
      this.calls.push('oosTranData');
      const p = unb64<{ xid: string; amount: string; mdStatus: string }>(xmlValue(xml, 'bankData') ?? '');
      if (!p || xmlValue(xml, 'mac') !== this.macOf(p.xid, p.amount))
        return this.refuse('0149', 'MAC HATALI');
      const o = this.orders.get(p.xid);
      if (!o || p.mdStatus !== '1') return this.refuse('0225', 'ISLEM ONAYLANMADI');
      if (o.sold) return this.refuse('0127', 'ORDERID DAHA ONCE KULLANILMIS');
      this.sellNow(p.xid);
      return `<approved>1</approved><hostlogkey>${o.sold!.hostlogkey}</hostlogkey><authCode>${o.sold!.authCode}</authCode><instInfo><inst1>00</inst1></instInfo>`;
    }
    if (xml.includes('<agreement>')) {
      this.calls.push('agreement');
      const orderId = xmlValue(xml, 'orderID') ?? '';
      const o = this.orders.get(orderId.replace(/^TDSC/, '').slice(-20));
      if (!o?.sold) return this.refuse('0123', 'ISLEM BULUNAMADI');
      return `<approved>1</approved><transactions><transaction><state>Sale</state><orderID>${orderId}</orderID><amount>${o.amount}</amount><currencyCode>TL</currencyCode><hostlogkey>${o.sold.hostlogkey}</hostlogkey><authCode>${o.sold.authCode}</authCode></transaction></transactions>`;
    }
    return this.refuse('0999', 'BILINMEYEN ISTEK');
  }
}
