import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const StudentsPage = lazyRouteComponent(
  () => import('../../features/students/list/StudentsPage'),
  'StudentsPage',
);

export const studentsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenciler',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.students),
  loader: async ({ context }) => {
    const { studentListQueryOptions } = await import('../../features/students/queries');
    return context.queryClient.ensureQueryData(studentListQueryOptions(context.session.organization.id));
  },
  component: StudentsPage,
});
