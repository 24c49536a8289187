import type { AppConfig } from '../config/config';
import type { CallbackVerdict, CheckoutForm, CheckoutOrder, PaymentProvider } from './payment-provider';
import { ProviderUnavailableError } from './payment-provider';
import {
  POSNET_CURRENCY,
  agreementXml,
  oosRequestDataXml,
  oosResolveMerchantDataXml,
  oosTranDataXml,
  resolveAnswerMac,
  xmlValue,
  type PosnetCredentials,
} from './posnet-protocol';

const TIMEOUT_MS = 20_000;

/**
 * Yapı Kredi POSNET 3-D Secure through its common payment page (OOS): the card is typed on the bank's
 * page, never here. initiate -> oosRequestData; the browser posts data1/data2/sign to POSNET_OOS_TDS_URL;
 * the bank posts MerchantPacket/BankPacket/Sign back to merchantReturnURL; the payment job then calls
 * oosResolveMerchantData (3-D result, MAC-checked) and oosTranData (the sale).
 */
export class PosnetProvider implements PaymentProvider {
  readonly name = 'posnet' as const;
  constructor(
    private readonly config: Pick<
      AppConfig,
      | 'POSNET_MERCHANT_ID'
      | 'POSNET_TERMINAL_ID'
      | 'POSNET_ID'
      | 'POSNET_ENC_KEY'
      | 'POSNET_XML_URL'
      | 'POSNET_OOS_TDS_URL'
    >,
  ) {}

  isConfigured(): boolean {
    const c = this.config;
    return !!(
      c.POSNET_MERCHANT_ID &&
      c.POSNET_TERMINAL_ID &&
      c.POSNET_ID &&
      c.POSNET_ENC_KEY &&
      c.POSNET_XML_URL &&
      c.POSNET_OOS_TDS_URL
    );
  }

  private get credentials(): PosnetCredentials {
    return {
      merchantId: this.config.POSNET_MERCHANT_ID!,
      terminalId: this.config.POSNET_TERMINAL_ID!,
      posnetId: this.config.POSNET_ID!,
      encKey: this.config.POSNET_ENC_KEY!,
    };
  }

  /** One XML call: form field `xmldata`. Transport trouble is transient (the job retries). */
  private async call(xml: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(this.config.POSNET_XML_URL!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams({ xmldata: xml }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new ProviderUnavailableError(`POSNET unreachable: ${(e as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok || !text.includes('<posnetResponse'))
      throw new ProviderUnavailableError(`POSNET answered ${res.status}`);
    return text;
  }

  async startCheckout(order: CheckoutOrder, merchantReturnURL: string): Promise<CheckoutForm> {
    const c = this.credentials;
    const answer = await this.call(oosRequestDataXml(c, order.orderId, String(order.amount)));
    if (xmlValue(answer, 'approved') !== '1') {
      throw new ProviderUnavailableError(
        `POSNET refused the order: ${xmlValue(answer, 'respCode') ?? ''} ${xmlValue(answer, 'respText') ?? ''}`.trim(),
      );
    }
    return {
      oosTDSServiceURL: this.config.POSNET_OOS_TDS_URL!,
      merchantID: c.merchantId,
      posnetID: c.posnetId,
      posnetData: xmlValue(answer, 'data1') ?? '',
      posnetData2: xmlValue(answer, 'data2') ?? '',
      digest: xmlValue(answer, 'sign') ?? '',
      merchantReturnURL,
      lang: 'tr',
    };
  }

  async completeCheckout(order: CheckoutOrder, cb: Record<string, string>): Promise<CallbackVerdict> {
    const c = this.credentials;
    const amount = String(order.amount);
    const packets = {
      bankPacket: cb.BankPacket ?? '',
      merchantPacket: cb.MerchantPacket ?? '',
      sign: cb.Sign ?? '',
    };
    if (!packets.bankPacket || !packets.merchantPacket || !packets.sign)
      return { status: 'ignored', reason: 'callback_incomplete' };

    const resolved = await this.call(oosResolveMerchantDataXml(c, order.orderId, amount, packets));
    // The bank could not open the packets: nothing proves this callback came from it.
    if (xmlValue(resolved, 'approved') !== '1')
      return { status: 'ignored', reason: `resolve_refused ${xmlValue(resolved, 'respCode') ?? ''}`.trim() };
    const xid = xmlValue(resolved, 'xid') ?? '';
    const paid = xmlValue(resolved, 'amount') ?? '';
    const currency = xmlValue(resolved, 'currency') ?? '';
    const mdStatus = xmlValue(resolved, 'mdStatus') ?? '';
    if (xmlValue(resolved, 'mac') !== resolveAnswerMac(c, mdStatus, xid, paid, currency))
      return { status: 'ignored', reason: 'mac_mismatch' };
    // A genuine packet of another order (or amount) is replayed here: leave this payment alone.
    if (xid !== order.orderId || paid !== amount || currency !== POSNET_CURRENCY)
      return { status: 'ignored', reason: 'order_mismatch' };
    // mdStatus 1: full 3-D Secure authentication; anything else is a refusal by the card holder's bank.
    if (mdStatus !== '1') {
      return {
        status: 'failed',
        providerReference: null,
        reason: `3d_secure_md_status_${mdStatus}: ${xmlValue(resolved, 'mdErrorMessage') ?? ''}`.trim(),
      };
    }

    const tran = await this.call(oosTranDataXml(c, order.orderId, amount, packets.bankPacket));
    if (xmlValue(tran, 'approved') === '1') {
      return {
        status: 'succeeded',
        providerReference: xmlValue(tran, 'hostlogkey') ?? order.orderId,
        authCode: xmlValue(tran, 'authCode'),
        amount: order.amount,
      };
    }
    // Declined, or already sold by an attempt that crashed before recording it: ask the bank which.
    const sale = await this.findSale(order.orderId);
    if (sale)
      return {
        status: 'succeeded',
        providerReference: sale.hostlogkey,
        authCode: sale.authCode,
        amount: order.amount,
      };
    return {
      status: 'failed',
      providerReference: null,
      reason: `declined ${xmlValue(tran, 'respCode') ?? ''} ${xmlValue(tran, 'respText') ?? ''}`.trim(),
    };
  }

  private async findSale(xid: string): Promise<{ hostlogkey: string; authCode: string | null } | null> {
    const answer = await this.call(agreementXml(this.credentials, xid));
    if (xmlValue(answer, 'approved') !== '1') return null;
    const state = xmlValue(answer, 'state');
    const hostlogkey = xmlValue(answer, 'hostlogkey');
    return state === 'Sale' && hostlogkey ? { hostlogkey, authCode: xmlValue(answer, 'authCode') } : null;
  }
}
