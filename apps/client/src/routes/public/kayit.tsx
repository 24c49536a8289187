import { createRoute, redirect } from '@tanstack/react-router';
import { loadSession } from '../../features/auth/runtime';
import { RegistrationPage } from '../../features/registration/RegistrationPage';
import { publicLayoutRoute } from './layout';
import { useLegalDocuments } from './-components/legal/LegalDocumentsContext';

/** /kayit, Kurum Kayıt (product.md 2): active users never stay here (product.md 4). */
export const registrationRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: 'kayit',
  beforeLoad: async ({ context }) => {
    const session = await loadSession(context.queryClient);
    if (session?.user.registrationStatus === 'active') throw redirect({ to: '/giris', replace: true });
  },
  component: function RegistrationRoute() {
    const legal = useLegalDocuments();
    return <RegistrationPage onShowDocument={legal.open} />;
  },
});
