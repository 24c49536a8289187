import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const UsersPage = lazyRouteComponent(() => import('../../features/users/UsersPage'), 'UsersPage');

export const usersRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'kullanicilar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.users),
  loader: async ({ context }) => {
    const { organizationUsersQueryOptions, pendingInvitationsQueryOptions } =
      await import('../../features/users/queries');
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(organizationUsersQueryOptions(orgId)),
      context.queryClient.ensureQueryData(pendingInvitationsQueryOptions(orgId)),
    ]);
  },
  component: UsersPage,
});
