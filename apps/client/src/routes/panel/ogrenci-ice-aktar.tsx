import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit: the CSV and Excel readers come with this screen only, never with the panel's first load.
const StudentImportPage = lazyRouteComponent(
  () => import('../../features/students/import/StudentImportPage'),
  'StudentImportPage',
);

export const studentImportRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'ogrenciler/ice-aktar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.studentImport),
  component: StudentImportPage,
});
