import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { publicLayoutRoute } from './layout';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const LandingPage = lazyRouteComponent(() => import('./-components/LandingPage'), 'LandingPage');

export const landingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/',
  // product.md 2: a loaded user with registrationStatus active goes to /giris, any other status to /kayit.
  beforeLoad: async ({ context }) => {
    const session = await loadSession(context.queryClient);
    if (!session) return;
    if (session.user.registrationStatus === 'active') throw redirect({ to: '/giris' });
    throw redirect({ to: '/kayit' });
  },
  component: LandingPage,
});
