import { createRoute } from '@tanstack/react-router';
import { EmailVerificationPage } from '../../features/auth/components/EmailVerificationPage';
import { loadSession } from '../../features/auth/runtime';
import { gatePanel } from '../../features/auth/session';
import { girisRoute } from './giris';
import { throwGateRedirect } from './gating';

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
