import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseMock3dsSearch, type Mock3dsSearch } from '../../features/checkout/mock3ds';
import { loadSnackbars } from '../../lib/load-snackbars';
import { publicLayoutRoute } from './layout';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const Mock3dsPage = lazyRouteComponent(() => import('../../features/checkout/Mock3dsPage'), 'Mock3dsPage');

/** /mock3ds (product.md 2): the test checkout's return page; the server refuses finalize in production. */
export const mock3dsRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'mock3ds',
  validateSearch: (search: Record<string, unknown>): Mock3dsSearch => parseMock3dsSearch(search),
  loader: loadSnackbars,
  component: function Mock3dsRoute() {
    return <Mock3dsPage search={mock3dsRoute.useSearch()} />;
  },
});
