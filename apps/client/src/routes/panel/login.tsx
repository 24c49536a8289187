import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { useAccessToken, useSession } from '../../features/auth/useSession';
import { girisRoute } from './giris';
import { safeReturnPath, throwGateRedirect } from './gating';
import { homePathFor } from './menu';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const LoginPage = lazyRouteComponent(() => import('../../features/auth/components/LoginPage'), 'LoginPage');
const OrganizationSelect = lazyRouteComponent(
  () => import('../../features/auth/components/OrganizationSelect'),
  'OrganizationSelect',
);
const NoPageForRole = lazyRouteComponent(
  () => import('../../features/auth/components/NoPageForRole'),
  'NoPageForRole',
);

export interface LoginSearch {
  /** product.md 2: an optional organisation whose logo the login page shows. */
  org?: string;
  /** Where a signed-out visitor of a panel page goes back to after login. */
  redirect?: string;
}

/** /giris: login when signed out, organisation selection without an organisation, else on to the panel. */
export const loginRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    org: typeof search.org === 'string' && search.org !== '' ? search.org : undefined,
    redirect: typeof search.redirect === 'string' && search.redirect !== '' ? search.redirect : undefined,
  }),
  beforeLoad: async ({ context, search }) => {
    const gate = gatePanel(await loadSession(context.queryClient));
    if (gate.kind === 'login' || gate.kind === 'selectOrganization') return;
    if (gate.kind === 'ready') {
      const target = safeReturnPath(search.redirect) ?? homePathFor(gate.session.role);
      if (target) throw redirect({ href: target, replace: true });
      return; // no page for this role here: the component says so
    }
    throwGateRedirect(gate);
  },
  component: GirisIndex,
});

function GirisIndex() {
  const { org } = loginRoute.useSearch();
  const token = useAccessToken();
  const session = useSession();
  if (!token) return <LoginPage org={org} />;
  const gate = gatePanel(session);
  if (gate.kind === 'selectOrganization') return <OrganizationSelect session={gate.session} />;
  if (gate.kind === 'ready' && homePathFor(gate.session.role) === null) return <NoPageForRole />;
  return <FullPageSpinner minHeight="100vh" />;
}
