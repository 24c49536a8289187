import { ROLES, mayPayForOrganization } from '@okul/domain';
import type { CheckoutStatus, Membership, Organization } from '@okul/domain';

/**
 * docs/DECISIONS.md: the bank's return sends the browser to /odeme?odeme=basarisiz|beklemede&paymentId=
 * (a declined or not yet decided payment), or /odeme?odeme=hata when the payment is unknown.
 */
export const PAYMENT_RETURNS = ['basarisiz', 'beklemede', 'hata'] as const;
export type PaymentReturn = (typeof PAYMENT_RETURNS)[number];

export interface PaymentSearch {
  odeme?: PaymentReturn;
  paymentId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parsePaymentSearch(search: Record<string, unknown>): PaymentSearch {
  const odeme = PAYMENT_RETURNS.find((r) => r === search.odeme);
  const paymentId =
    typeof search.paymentId === 'string' && UUID.test(search.paymentId) ? search.paymentId : undefined;
  return { ...(odeme ? { odeme } : {}), ...(paymentId ? { paymentId } : {}) };
}

/** GET /payment/status/:paymentId, as far as this page reads it. */
export type PaymentStatus = Pick<CheckoutStatus, 'status' | 'failureReason'>;

export interface PaymentNotice {
  severity: 'error' | 'warning' | 'success';
  title: string;
  text: string;
}

/**
 * What /odeme says about a bank return. The payment's recorded status, once read, wins over the address:
 * a payment that was still pending when the browser came back may have succeeded since.
 */
export function paymentReturnNotice(
  search: PaymentSearch,
  status?: PaymentStatus | null,
): PaymentNotice | null {
  if (!search.odeme) return null;
  const state = status?.status;
  if (state === 'succeeded')
    return {
      severity: 'success',
      title: 'Ödemeniz alındı',
      text: 'Ödemeniz onaylandı. Üyeliğiniz etkinleştirildi; giriş sayfasından devam edebilirsiniz.',
    };
  if (state === 'failed' || (search.odeme === 'basarisiz' && state !== 'initiated'))
    return {
      severity: 'error',
      title: 'Ödeme tamamlanamadı',
      text:
        'Ödemeniz banka tarafından onaylanmadı ve kartınızdan tahsilat yapılmadı' +
        (status?.failureReason ? ` (${status.failureReason})` : '') +
        '. Kart bilgilerinizi kontrol ederek yeniden deneyebilirsiniz.',
    };
  if (search.odeme === 'hata')
    return {
      severity: 'error',
      title: 'Ödeme kaydı bulunamadı',
      text: 'Bankadan dönen ödeme bilgisi bir ödeme kaydıyla eşleşmedi. Lütfen ödemeyi yeniden başlatın.',
    };
  return {
    severity: 'warning',
    title: 'Ödemeniz henüz sonuçlanmadı',
    text:
      'Bankadan ödemenizin sonucu henüz gelmedi. Sonuç birkaç dakika içinde kesinleşir; bu sayfa ' +
      'kendiliğinden güncellenir. Aynı ödemeyi tekrar yapmadan önce lütfen sonucu bekleyin.',
  };
}

/**
 * The organisation the subscription is paid for: the selected one when the user may pay for it, else the
 * first the user owns or administers (paying is school-admin business, as the server checks).
 */
export function payableOrganization(
  memberships: readonly Membership[],
  selected: Organization | null,
): Organization | null {
  const payable = memberships.filter(
    (m) => m.organizationUser.isActive !== false && mayPayForOrganization(m.organizationUser.orgRoleId),
  );
  const chosen = selected ? payable.find((m) => m.organization.id === selected.id) : undefined;
  const owner = payable.find((m) => m.organizationUser.orgRoleId === ROLES.schoolOwner);
  return (chosen ?? owner ?? payable[0])?.organization ?? null;
}
