import { createRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/help/HelpPage';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const helpRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'yardim',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.help),
  component: HelpPage,
});
