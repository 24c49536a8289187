import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const SmsPage = lazyRouteComponent(() => import('../../features/sms/SmsPage'), 'SmsPage');

export const smsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'sms',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.sms),
  loader: async ({ context }) => {
    const { smsRecipientsQueryOptions } = await import('../../features/sms/queries');
    return context.queryClient.ensureQueryData(smsRecipientsQueryOptions(context.session.organization.id));
  },
  component: SmsPage,
});
