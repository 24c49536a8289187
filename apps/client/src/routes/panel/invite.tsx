import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { linkParams, readLinkSearch } from '../../features/password/link-search';
import { girisRoute } from './giris';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const InvitationAcceptPage = lazyRouteComponent(
  () => import('../../features/password/InvitationAcceptPage'),
  'InvitationAcceptPage',
);

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
