import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const CoursesPage = lazyRouteComponent(() => import('../../features/courses/CoursesPage'), 'CoursesPage');

export const coursesRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'kurslar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.courses),
  loader: async ({ context }) => {
    const { coursesQueryOptions } = await import('../../features/courses/queries');
    return context.queryClient.ensureQueryData(coursesQueryOptions(context.session.organization.id));
  },
  component: CoursesPage,
});
