import { createRoute } from '@tanstack/react-router';
import { PaymentLockoutPage } from '../../features/auth/components/PaymentLockoutPage';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

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
