import { createRoute } from '@tanstack/react-router';
import { AccountingPage } from '../../features/accounting/AccountingPage';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const accountingRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'muhasebe',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.accounting),
  component: AccountingPage,
});
