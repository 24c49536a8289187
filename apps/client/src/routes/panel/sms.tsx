import { createRoute } from '@tanstack/react-router';
import { SmsPage } from '../../features/sms/SmsPage';
import { smsRecipientsQueryOptions } from '../../features/sms/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const smsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'sms',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.sms),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(smsRecipientsQueryOptions(context.session.organization.id)),
  component: SmsPage,
});
