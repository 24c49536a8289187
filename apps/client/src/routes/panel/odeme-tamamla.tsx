import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const PaymentLockoutPage = lazyRouteComponent(
  () => import('../../features/auth/components/PaymentLockoutPage'),
  'PaymentLockoutPage',
);

/**
 * /giris/odeme-tamamla (minimum role: user): the selected organisation has no active membership. With an
 * active membership the page sends the user home (product.md 2).
 */
export const paymentLockoutRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: 'odeme-tamamla',
  beforeLoad: async ({ context, location }) => {
    const gate = gatePanel(await loadSession(context.queryClient));
    if (gate.kind === 'membershipInactive') return { session: gate.session };
    throwGateRedirect(gate, location.href);
  },
  component: function PaymentLockoutRoute() {
    const { session } = paymentLockoutRoute.useRouteContext();
    return <PaymentLockoutPage session={session} />;
  },
});
