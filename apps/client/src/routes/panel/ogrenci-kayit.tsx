import { createRoute } from '@tanstack/react-router';
import { StudentFormPage } from '../../features/students/form/StudentFormPage';
import { studentListQueryOptions } from '../../features/students/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const studentRegisterRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenci-kayit',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.studentRegister),
  // product.md 5: the form refuses a TCKN already in the student list, so the list is at hand.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(studentListQueryOptions(context.session.organization.id)),
  component: function StudentRegisterRoute() {
    return <StudentFormPage student={null} />;
  },
});
