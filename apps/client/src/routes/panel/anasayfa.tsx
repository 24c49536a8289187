import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const HomePage = lazyRouteComponent(() => import('../../features/home/HomePage'), 'HomePage');

export const homeRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'anasayfa',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.home),
  component: HomePage,
});
