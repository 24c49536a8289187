import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const StatisticsPage = lazyRouteComponent(
  () => import('../../features/statistics/StatisticsPage'),
  'StatisticsPage',
);

export const statisticsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'istatistikler',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.statistics),
  component: StatisticsPage,
});
