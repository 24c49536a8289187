import { createRoute } from '@tanstack/react-router';
import { CoursesPage } from '../../features/courses/CoursesPage';
import { coursesQueryOptions } from '../../features/courses/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const coursesRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'kurslar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.courses),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(coursesQueryOptions(context.session.organization.id)),
  component: CoursesPage,
});
