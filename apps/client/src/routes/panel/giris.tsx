import { Navigate, Outlet, createRoute } from '@tanstack/react-router';
import { loadSnackbars } from '../../lib/load-snackbars';
import { rootRoute } from '../root';

/** /giris: the panel. Its children decide between login, organisation picker, gating pages and the panel. */
export const girisRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'giris',
  component: Outlet,
  // every page of the panel may show snackbars
  loader: loadSnackbars,
  // product.md 2: in the panel any other path redirects to /.
  notFoundComponent: () => <Navigate to="/" replace />,
});
