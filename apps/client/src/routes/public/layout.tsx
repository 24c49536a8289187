import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../root';
import { PublicLayout } from './-components/PublicLayout';

/** The public pages (landing, registration, payment): header with the logo, footer. Pathless. */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});
