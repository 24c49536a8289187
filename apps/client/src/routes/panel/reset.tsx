import { createRoute, redirect } from '@tanstack/react-router';
import { linkParams, readLinkSearch } from '../../features/password/link-params';
import { ResetPasswordPage } from '../../features/password/ResetPasswordPage';
import { girisRoute } from './giris';

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
