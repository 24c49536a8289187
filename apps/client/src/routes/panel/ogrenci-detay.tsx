import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseStudentNumber } from '../../features/students/student-number';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const StudentNotFound = lazyRouteComponent(() => import('./-components/StudentNotFound'), 'StudentNotFound');
const StudentDetailPage = lazyRouteComponent(
  () => import('../../features/students/detail/StudentDetailPage'),
  'StudentDetailPage',
);

export const studentDetailRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenci-detay/$studentNumber',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.studentDetail),
  loader: async ({ context, params }) => {
    const { preloadStudentByNumber } = await import('../../features/students/queries');
    return preloadStudentByNumber(context.queryClient, context.session.organization.id, params.studentNumber);
  },
  component: function StudentDetailRoute() {
    const n = parseStudentNumber(studentDetailRoute.useParams().studentNumber);
    if (n === null) return <StudentNotFound />;
    return <StudentDetailPage key={n} studentNumber={n} />;
  },
});
