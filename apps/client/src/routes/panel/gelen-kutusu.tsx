import { createRoute } from '@tanstack/react-router';
import { InboxPage } from '../../features/inbox/InboxPage';
import { messagesQueryOptions } from '../../features/inbox/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const inboxRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'gelen-kutusu',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.inbox),
  loader: ({ context }) => context.queryClient.ensureQueryData(messagesQueryOptions()),
  component: InboxPage,
});
