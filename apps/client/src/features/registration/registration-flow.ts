import { mustVerifyEmail } from '@okul/domain';
import type { Session } from '../auth/session';

/**
 * What /kayit shows (product.md 2 and 4, registration flow): the form to a visitor; the e-mail panel to a
 * signed-in user whose address is not verified; payment next for a verified pending_payment user; the
 * panel for an active one (active users never stay on /kayit). `loading` while a stored token's session
 * is still being read.
 */
export type RegistrationStep = 'loading' | 'form' | 'verifyEmail' | 'payment' | 'panel';

export function registrationStep(hasToken: boolean, session: Session | null): RegistrationStep {
  if (!session) return hasToken ? 'loading' : 'form';
  if (session.user.registrationStatus === 'active') return 'panel';
  if (mustVerifyEmail(session.user)) return 'verifyEmail';
  return 'payment';
}
