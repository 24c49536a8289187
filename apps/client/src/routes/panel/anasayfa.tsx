import { createRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/HomePage';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const homeRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'anasayfa',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.home),
  component: HomePage,
});
