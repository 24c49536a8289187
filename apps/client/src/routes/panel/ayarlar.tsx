import { createRoute } from '@tanstack/react-router';
import { sessionsQueryOptions } from '../../features/account/queries';
import { SettingsPage } from '../../features/account/SettingsPage';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const settingsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ayarlar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.settings),
  // the session list starts loading with the page; a failure shows inside its section
  loader: ({ context }) => void context.queryClient.prefetchQuery(sessionsQueryOptions()),
  component: SettingsPage,
});
