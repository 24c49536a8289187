import type { CheckoutProvider, Kurus, PaymentOutcome } from '@okul/domain';

/** What the provider needs to know of one payment. */
export interface CheckoutOrder {
  paymentId: string;
  /** POSNET XID: 20 characters. */
  orderId: string;
  /** kuruş */
  amount: Kurus;
  checkoutItem: string;
}

/** The fields the browser posts to the provider's 3-D Secure page (api.md 7.4, product.md 2 /mock3ds). */
export interface CheckoutForm {
  oosTDSServiceURL: string;
  merchantID: string;
  posnetID: string;
  posnetData: string;
  posnetData2: string;
  digest: string;
  merchantReturnURL: string;
  lang: 'tr';
}

/**
 * The verdict on a callback: a result to record, or `ignored` when the callback could not be proved to
 * come from the provider (forged or mangled), in which case the payment is left as it was: a stranger
 * posting junk to the return URL must not be able to fail someone's payment.
 */
export type CallbackVerdict = PaymentOutcome | { status: 'ignored'; reason: string };

/** The provider could not be reached or answered nonsense: worth another try later (the job retries). */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * A card payment provider (the bank is an external party: tests run against a fake bank speaking the same
 * protocol). Network calls live only behind this port.
 */
export interface PaymentProvider {
  readonly name: CheckoutProvider;
  isConfigured(): boolean;
  startCheckout(order: CheckoutOrder, merchantReturnURL: string): Promise<CheckoutForm>;
  /** Verifies the provider's callback and completes the sale. Safe to call again for the same order. */
  completeCheckout(order: CheckoutOrder, callback: Record<string, string>): Promise<CallbackVerdict>;
}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');
export type PaymentProviders = Record<CheckoutProvider, PaymentProvider>;
