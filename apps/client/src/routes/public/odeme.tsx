import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { parsePaymentSearch, type PaymentSearch } from '../../features/checkout/payment-result';
import { loadSnackbars } from '../../lib/load-snackbars';
import { publicLayoutRoute } from './layout';
import { useLegalDocuments } from './-components/legal/LegalDocumentsContext';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const CheckoutPage = lazyRouteComponent(() => import('../../features/checkout/CheckoutPage'), 'CheckoutPage');

/**
 * /odeme (product.md 2): no user -> /, registrationStatus active -> /giris. `odeme` and `paymentId` carry
 * a bank return that did not succeed (docs/DECISIONS.md).
 */
export const paymentRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'odeme',
  validateSearch: (search: Record<string, unknown>): PaymentSearch => parsePaymentSearch(search),
  beforeLoad: async ({ context }) => {
    const session = await loadSession(context.queryClient);
    if (!session) throw redirect({ to: '/', replace: true });
    if (session.user.registrationStatus === 'active') throw redirect({ to: '/giris', replace: true });
  },
  loader: loadSnackbars,
  component: function PaymentRoute() {
    const search = paymentRoute.useSearch();
    const legal = useLegalDocuments();
    return <CheckoutPage search={search} onShowDocument={legal.open} />;
  },
});
