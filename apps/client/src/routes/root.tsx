import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { pageTitle } from '../lib/page-title';

export interface RouterContext {
  queryClient: QueryClient;
}

/** product.md 2: the page scrolls to top on each page change. */
function ScrollToTop() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

/** Each page has its own document title (tabs, history and bookmarks tell the pages apart). */
function DocumentTitle() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return null;
}

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <Outlet />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // product.md 2: any other path in the public group shows a loading indicator.
  notFoundComponent: () => <FullPageSpinner minHeight="100vh" />,
});
