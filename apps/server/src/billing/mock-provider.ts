import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackVerdict, CheckoutForm, CheckoutOrder, PaymentProvider } from './payment-provider';

/**
 * The test checkout of product.md 2 (/mock3ds, MOCK PAYMENT (TEST)), only outside production. It speaks
 * the same form as POSNET; posnetData is the payment id and the digest an HMAC of it with the server's
 * secret, so a finalize call cannot be made up for another payment.
 */
export class MockProvider implements PaymentProvider {
  readonly name = 'mock' as const;
  constructor(
    private readonly secret: string,
    private readonly merchantId = 'MOCK-MERCHANT',
    private readonly posnetId = 'MOCK-POSNET',
  ) {}

  isConfigured(): boolean {
    return true;
  }

  digest(order: Pick<CheckoutOrder, 'paymentId' | 'amount'>): string {
    return createHmac('sha256', this.secret)
      .update(`mock-checkout:${order.paymentId}:${order.amount}`)
      .digest('base64url');
  }

  async startCheckout(order: CheckoutOrder, merchantReturnURL: string): Promise<CheckoutForm> {
    return {
      oosTDSServiceURL: '/mock3ds',
      merchantID: this.merchantId,
      posnetID: this.posnetId,
      posnetData: order.paymentId,
      posnetData2: order.orderId,
      digest: this.digest(order),
      merchantReturnURL,
      lang: 'tr',
    };
  }

  async completeCheckout(order: CheckoutOrder, cb: Record<string, string>): Promise<CallbackVerdict> {
    const expected = Buffer.from(this.digest(order));
    const given = Buffer.from(cb.digest ?? '');
    if (
      cb.posnetData !== order.paymentId ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      return { status: 'ignored', reason: 'digest_invalid' };
    }
    return {
      status: 'succeeded',
      providerReference: `MOCK-${order.orderId}`,
      authCode: 'MOCK00',
      amount: order.amount,
    };
  }
}
