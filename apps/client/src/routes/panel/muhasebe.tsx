import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const AccountingPage = lazyRouteComponent(
  () => import('../../features/accounting/AccountingPage'),
  'AccountingPage',
);

export const accountingRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'muhasebe',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.accounting),
  component: AccountingPage,
});
