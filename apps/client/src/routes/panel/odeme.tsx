import { createRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { CheckoutPage } from '../../features/checkout/CheckoutPage';
import { parsePaymentSearch, type PaymentSearch } from '../../features/checkout/payment-result';
import type { LegalDocument } from '../public/-components/legal/documents';
import { LegalDialog } from '../public/-components/legal/LegalDialog';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

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
