import { createRoute } from '@tanstack/react-router';
import { InstructorsPage } from '../../features/employees/InstructorsPage';
import { instructorsQueryOptions } from '../../features/employees/queries';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

export const instructorsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'egitmenler',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.instructors),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(instructorsQueryOptions(context.session.organization.id)),
  component: InstructorsPage,
});
