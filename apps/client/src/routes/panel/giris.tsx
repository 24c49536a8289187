import { Navigate, Outlet, createRoute } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { loadSnackbars } from '../../lib/load-snackbars';
import { rootRoute } from '../root';

/** /giris: the panel. Its children decide between login, organisation picker, gating pages and the panel. */
export const girisRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'giris',
  component: Outlet,
  // Every page of the panel may show snackbars; the signed-out login page does not wait for them (it loads the
  // host with its first message), which keeps its first load small.
  loader: async ({ context, location }) => {
    const loginPage = location.pathname.replace(/\/+$/, '') === '/giris';
    if (loginPage && !(await loadSession(context.queryClient))) return;
    await loadSnackbars();
  },
  // product.md 2: in the panel any other path redirects to /.
  notFoundComponent: () => <Navigate to="/" replace />,
});
