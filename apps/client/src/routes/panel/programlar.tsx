import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
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
  loader: async ({ context }) => {
    const [courses, groups, students, schedules] = await Promise.all([
      import('../../features/courses/queries'),
      import('../../features/groups/queries'),
      import('../../features/students/queries'),
      import('../../features/schedules/queries'),
    ]);
    const orgId = context.session.organization.id;
    return Promise.all([
      context.queryClient.ensureQueryData(courses.coursesQueryOptions(orgId)),
      context.queryClient.ensureQueryData(groups.groupsQueryOptions(orgId)),
      context.queryClient.ensureQueryData(students.studentListQueryOptions(orgId)),
      context.queryClient.ensureQueryData(schedules.schedulesQueryOptions(orgId)),
    ]);
  },
  component: SchedulesPage,
});
