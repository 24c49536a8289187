import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { useState } from 'react';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { parsePaymentSearch, type PaymentSearch } from '../../features/checkout/payment-result';
import type { LegalDocument } from '../public/-components/legal/documents';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const CheckoutPage = lazyRouteComponent(() => import('../../features/checkout/CheckoutPage'), 'CheckoutPage');
const LegalDialog = lazyRouteComponent(
  () => import('../public/-components/legal/LegalDialog'),
  'LegalDialog',
);

/**
 * /giris/odeme: the payment page the inactive-membership screen links to (product.md 2, relative path
 * odeme). Unlike /odeme it serves users whose registration is already active: it renews the selected
 * organisation's lapsed membership, and once that is active the panel opens again.
 */
export const renewalRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: 'odeme',
  validateSearch: (search: Record<string, unknown>): PaymentSearch => parsePaymentSearch(search),
  beforeLoad: async ({ context, location }) => {
    const gate = gatePanel(await loadSession(context.queryClient));
    if (gate.kind === 'membershipInactive') return { session: gate.session };
    throwGateRedirect(gate, location.href);
  },
  component: function RenewalRoute() {
    const search = renewalRoute.useSearch();
    const [doc, setDoc] = useState<LegalDocument | null>(null);
    return (
      <>
        <CheckoutPage search={search} onShowDocument={setDoc} renewal />
        <LegalDialog doc={doc} onClose={() => setDoc(null)} />
      </>
    );
  },
});
