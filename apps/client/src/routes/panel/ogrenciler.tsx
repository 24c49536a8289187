import { createRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/list/StudentsPage';
import { studentListQueryOptions } from '../../features/students/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const studentsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenciler',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.students),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(studentListQueryOptions(context.session.organization.id)),
  component: StudentsPage,
});
