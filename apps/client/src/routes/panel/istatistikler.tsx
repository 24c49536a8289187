import { createRoute } from '@tanstack/react-router';
import { StatisticsPage } from '../../features/statistics/StatisticsPage';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const statisticsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'istatistikler',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.statistics),
  component: StatisticsPage,
});
