import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { loadSnackbars } from '../../lib/load-snackbars';
import { publicLayoutRoute } from './layout';
import { useLegalDocuments } from './-components/legal/LegalDocumentsContext';

// Loaded on first visit (code-split by route): a page's first load carries only what it shows.
const RegistrationPage = lazyRouteComponent(
  () => import('../../features/registration/RegistrationPage'),
  'RegistrationPage',
);

/** /kayit, Kurum Kayıt (product.md 2): active users never stay here (product.md 4). */
export const registrationRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'kayit',
  beforeLoad: async ({ context }) => {
    const session = await loadSession(context.queryClient);
    if (session?.user.registrationStatus === 'active') throw redirect({ to: '/giris', replace: true });
  },
  loader: loadSnackbars,
  component: function RegistrationRoute() {
    const legal = useLegalDocuments();
    return <RegistrationPage onShowDocument={legal.open} />;
  },
});
