import { createRoute } from '@tanstack/react-router';
import { organizationUsersQueryOptions } from '../../features/users/queries';
import { UsersPage } from '../../features/users/UsersPage';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const usersRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'kullanicilar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.users),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(organizationUsersQueryOptions(context.session.organization.id)),
  component: UsersPage,
});
