import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const GroupsPage = lazyRouteComponent(() => import('../../features/groups/GroupsPage'), 'GroupsPage');

export const groupsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'gruplar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.groups),
  loader: async ({ context }) => {
    const [{ coursesQueryOptions }, { groupsQueryOptions }, { studentListQueryOptions }] = await Promise.all([
      import('../../features/courses/queries'),
      import('../../features/groups/queries'),
      import('../../features/students/queries'),
    ]);
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(groupsQueryOptions(orgId)),
      context.queryClient.ensureQueryData(coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(studentListQueryOptions(orgId)),
    ]);
  },
  component: GroupsPage,
});
