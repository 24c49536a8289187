import { createRoute } from '@tanstack/react-router';
import { EmployeesPage } from '../../features/employees/EmployeesPage';
import { employeesListQueryOptions } from '../../features/employees/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const employeesRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'calisanlar',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.employees),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(employeesListQueryOptions(context.session.organization.id)),
  component: EmployeesPage,
});
