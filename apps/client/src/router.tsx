import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorView } from './components/ErrorView';
import { FullPageSpinner } from './components/FullPageSpinner';
import { homeRoute } from './routes/panel/anasayfa';
import { emailVerificationRoute } from './routes/panel/email-dogrulama';
import { girisRoute } from './routes/panel/giris';
import { logsRoute } from './routes/panel/islem-dokumu';
import { coursesRoute } from './routes/panel/kurslar';
import { panelLayoutRoute } from './routes/panel/layout';
import { loginRoute } from './routes/panel/login';
import { paymentLockoutRoute } from './routes/panel/odeme-tamamla';
import { landingRoute } from './routes/public/landing';
import { publicLayoutRoute } from './routes/public/layout';
import { rootRoute } from './routes/root';

/**
 * The route tree, assembled in one place (code-based routes). A new public page goes under
 * publicLayoutRoute; a new panel page goes under panelLayoutRoute (and gets its PANEL_PAGES entry);
 * stand-alone panel screens without the side menu (reset, verify, invite) go under girisRoute.
 */
export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([landingRoute]),
  girisRoute.addChildren([
    loginRoute,
    emailVerificationRoute,
    paymentLockoutRoute,
    panelLayoutRoute.addChildren([homeRoute, coursesRoute, logsRoute]),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // route loaders read through the query cache, which decides freshness
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <FullPageSpinner />,
    defaultPendingMs: 300,
    defaultErrorComponent: ErrorView,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
