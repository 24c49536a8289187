import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const PublicLayout = lazyRouteComponent(() => import('./-components/PublicLayout'), 'PublicLayout');

/**
 * The public pages (landing, registration, payment): header with the logo, footer. Pathless. A page here
 * that shows snackbars takes `loader: loadSnackbars` (lib/load-snackbars.ts); the landing page does not.
 */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});
