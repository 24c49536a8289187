import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePage } from './gating';
import { panelLayoutRoute } from './layout';
import { PANEL_PAGES } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const LogsPage = lazyRouteComponent(() => import('../../features/logs/LogsPage'), 'LogsPage');

export interface LogsSearch {
  /** The action filter (exact action name, `_failed` variants included). */
  action?: string;
}

export const logsRoute = createRoute({
  getParentRoute: () => panelLayoutRoute,
  path: 'islem-dokumu',
  validateSearch: (search: Record<string, unknown>): LogsSearch => ({
    action:
      typeof search.action === 'string' && search.action.trim() !== '' ? search.action.trim() : undefined,
  }),
  beforeLoad: ({ context }) => requirePage(context.session.role, PANEL_PAGES.logs),
  component: function LogsRoute() {
    const { action } = logsRoute.useSearch();
    const navigate = logsRoute.useNavigate();
    return (
      <LogsPage
        action={action ?? null}
        onActionChange={(a) => void navigate({ search: { action: a ?? undefined }, replace: true })}
      />
    );
  },
});
