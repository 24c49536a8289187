import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadSnackbars } from '../../lib/load-snackbars';
import { publicLayoutRoute } from './layout';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const PaymentSuccessPage = lazyRouteComponent(
  () => import('../../features/checkout/PaymentSuccessPage'),
  'PaymentSuccessPage',
);

/** /odeme-basarili?token= (product.md 2): without a token the page goes to /giris. */
export const paymentSuccessRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'odeme-basarili',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/giris', replace: true });
  },
  loader: loadSnackbars,
  component: function PaymentSuccessRoute() {
    const { token } = paymentSuccessRoute.useSearch();
    return <PaymentSuccessPage token={token ?? ''} />;
  },
});
