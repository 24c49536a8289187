import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const InstructorsPage = lazyRouteComponent(
  () => import('../../features/employees/InstructorsPage'),
  'InstructorsPage',
);

export const instructorsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'egitmenler',
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.instructors),
  loader: async ({ context }) => {
    const { instructorsQueryOptions } = await import('../../features/employees/queries');
    return context.queryClient.ensureQueryData(instructorsQueryOptions(context.session.organization.id));
  },
  component: InstructorsPage,
});
