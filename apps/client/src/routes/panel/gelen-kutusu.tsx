import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const InboxPage = lazyRouteComponent(() => import('../../features/inbox/InboxPage'), 'InboxPage');

export const inboxRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'gelen-kutusu',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.inbox),
  loader: async ({ context }) => {
    const { messagesQueryOptions } = await import('../../features/inbox/queries');
    return context.queryClient.ensureQueryData(messagesQueryOptions());
  },
  component: InboxPage,
});
