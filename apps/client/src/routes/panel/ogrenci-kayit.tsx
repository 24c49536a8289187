import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const StudentFormPage = lazyRouteComponent(
  () => import('../../features/students/form/StudentFormPage'),
  'StudentFormPage',
);

export const studentRegisterRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenci-kayit',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.studentRegister),
  // product.md 5: the form refuses a TCKN already in the student list, so the list is at hand.
  loader: async ({ context }) => {
    const { studentListQueryOptions } = await import('../../features/students/queries');
    return context.queryClient.ensureQueryData(studentListQueryOptions(context.session.organization.id));
  },
  component: function StudentRegisterRoute() {
    return <StudentFormPage student={null} />;
  },
});
