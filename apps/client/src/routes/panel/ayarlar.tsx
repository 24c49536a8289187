import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const SettingsPage = lazyRouteComponent(() => import('../../features/account/SettingsPage'), 'SettingsPage');

export const settingsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ayarlar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.settings),
  // the session list starts loading with the page; a failure shows inside its section
  loader: async ({ context }) => {
    const { sessionsQueryOptions } = await import('../../features/account/queries');
    void context.queryClient.prefetchQuery(sessionsQueryOptions());
  },
  component: SettingsPage,
});
