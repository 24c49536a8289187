import { createRoute, redirect } from '@tanstack/react-router';
import { InvitationAcceptPage } from '../../features/password/InvitationAcceptPage';
import { linkParams, readLinkSearch } from '../../features/password/link-params';
import { girisRoute } from './giris';

/** /giris/invite?email=&token= (minimum role: not-registered; no side menu). */
export const invitationRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: 'invite',
  validateSearch: readLinkSearch,
  // product.md 5: missing e-mail or token in the query redirects to /.
  beforeLoad: ({ search }) => {
    if (!linkParams(search)) throw redirect({ href: '/', replace: true });
  },
  component: function InvitationRoute() {
    const params = linkParams(invitationRoute.useSearch());
    return params ? <InvitationAcceptPage email={params.email} token={params.token} /> : null;
  },
});
