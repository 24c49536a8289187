import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';
import { unwrap, type ApiResult } from '../../api/client';
import type { PaymentStatus } from './payment-result';
import type { FinalizeAnswer, PosnetInitiateAnswer } from '@okul/domain';

/** api.md 7.4: starts a real card checkout; the answer is posted to the bank's 3-D page. */
export function initiatePosnet(
  checkoutItem: string,
  organizationId: string,
): Promise<ApiResult<PosnetInitiateAnswer>> {
  return api.post<PosnetInitiateAnswer>('/payment/posnet/initiate', { checkoutItem, organizationId });
}

/** api.md 7.4: the test checkout answers html, opened in a new tab from a blob. */
export function initiateMock(checkoutItem: string, organizationId?: string): Promise<ApiResult<string>> {
  return api.post<string>(
    '/payment/mock/initiate',
    organizationId ? { checkoutItem, organizationId } : { checkoutItem },
    { responseType: 'text' },
  );
}

/** api.md 7.4: GET /payment/mock/finalize with the query /mock3ds was given (see mock3ds.ts). */
export function finalizeMock(query: string): Promise<ApiResult<FinalizeAnswer>> {
  return api.get<FinalizeAnswer>(`/payment/mock/finalize${query}`);
}

export const checkoutKeys = {
  status: (paymentId: string) => ['checkout', 'status', paymentId] as const,
};

/** The recorded state of one payment (its payer only); a pending one is asked again until it is decided. */
export const paymentStatusQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: checkoutKeys.status(paymentId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<PaymentStatus>(`/payment/status/${encodeURIComponent(paymentId)}`, { signal })),
    refetchInterval: (q) => (q.state.data?.status === 'initiated' ? 5_000 : false),
    retry: false,
  });
