import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const EmployeesPage = lazyRouteComponent(
  () => import('../../features/employees/EmployeesPage'),
  'EmployeesPage',
);

export const employeesRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'calisanlar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.employees),
  loader: async ({ context }) => {
    const { employeesListQueryOptions } = await import('../../features/employees/queries');
    return context.queryClient.ensureQueryData(employeesListQueryOptions(context.session.organization.id));
  },
  component: EmployeesPage,
});
