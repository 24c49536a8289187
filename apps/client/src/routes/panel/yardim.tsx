import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const HelpPage = lazyRouteComponent(() => import('../../features/help/HelpPage'), 'HelpPage');

export const helpRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yardim',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.help),
  component: HelpPage,
});
