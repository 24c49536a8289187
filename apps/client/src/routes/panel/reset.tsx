import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { linkParams, readLinkSearch } from '../../features/password/link-search';
import { girisRoute } from './giris';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const ResetPasswordPage = lazyRouteComponent(
  () => import('../../features/password/ResetPasswordPage'),
  'ResetPasswordPage',
);

/** /giris/reset?email=&token= (minimum role: not-registered; no side menu). */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: 'reset',
  validateSearch: readLinkSearch,
  // product.md 5: missing e-mail or token in the query redirects to /.
  beforeLoad: ({ search }) => {
    if (!linkParams(search)) throw redirect({ href: '/', replace: true });
  },
  component: function ResetPasswordRoute() {
    const params = linkParams(resetPasswordRoute.useSearch());
    return params ? <ResetPasswordPage email={params.email} token={params.token} /> : null;
  },
});
