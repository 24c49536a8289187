import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { coursesQueryOptions } from '../../features/courses/queries';
import { groupsQueryOptions } from '../../features/groups/queries';
import { schedulesQueryOptions } from '../../features/schedules/queries';
import { studentListQueryOptions } from '../../features/students/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const SchedulesPage = lazyRouteComponent(
  () => import('../../features/schedules/SchedulesPage'),
  'SchedulesPage',
);

export const schedulesRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'programlar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.schedules),
  loader: ({ context }) => {
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(groupsQueryOptions(orgId)),
      context.queryClient.ensureQueryData(studentListQueryOptions(orgId)),
      context.queryClient.ensureQueryData(schedulesQueryOptions(orgId)),
    ]);
  },
  component: SchedulesPage,
});
