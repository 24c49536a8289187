import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { girisRoute } from './giris';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const VerifyEmailPage = lazyRouteComponent(
  () => import('../../features/registration/VerifyEmailPage'),
  'VerifyEmailPage',
);

export interface VerifySearch {
  email?: string;
  token?: string;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/**
 * /giris/verify?email=&token= (minimum role: not-registered): the link of the verification e-mail.
 * product.md 5: a missing e-mail or token redirects to /.
 */
export const verifyRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: 'verify',
  validateSearch: (search: Record<string, unknown>): VerifySearch => ({
    email: text(search.email),
    token: text(search.token),
  }),
  beforeLoad: ({ search }) => {
    if (!search.email || !search.token) throw redirect({ to: '/', replace: true });
  },
  component: function VerifyRoute() {
    const { email, token } = verifyRoute.useSearch();
    return <VerifyEmailPage email={email ?? ''} token={token ?? ''} />;
  },
});
