import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const PanelLayout = lazyRouteComponent(() => import('./-components/PanelLayout'), 'PanelLayout');

/**
 * The panel with its side menu (pathless, under /giris). Its guard applies the gating of product.md 2 and
 * hands the ready session to the pages: `context.session.organization.id` and `context.session.role`.
 */
export const panelLayoutRoute = createRoute({
  getParentRoute: () => girisRoute,
  id: 'panel',
  beforeLoad: async ({ context, location }) => {
    const gate = gatePanel(await loadSession(context.queryClient));
    if (gate.kind === 'ready') return { session: gate.session };
    throwGateRedirect(gate, location.href);
  },
  component: PanelLayout,
});
