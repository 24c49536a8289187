import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const EmailVerificationPage = lazyRouteComponent(
  () => import('../../features/auth/components/EmailVerificationPage'),
  'EmailVerificationPage',
);

/** /giris/email-dogrulama (minimum role: user): shown only while the e-mail is unverified. */
export const emailVerificationRoute = createRoute({
  getParentRoute: () => girisRoute,
  path: 'email-dogrulama',
  beforeLoad: async ({ context, location }) => {
    const gate = gatePanel(await loadSession(context.queryClient));
    if (gate.kind === 'verifyEmail') return { session: gate.session };
    throwGateRedirect(gate, location.href);
  },
  component: function EmailVerificationRoute() {
    const { session } = emailVerificationRoute.useRouteContext();
    return <EmailVerificationPage session={session} />;
  },
});
