import { message, passwordSchema } from '@okul/domain';

export { linkParams, readLinkSearch, type LinkParams, type LinkSearch } from './link-search';

/** product.md 5 / api.md 8.1: the alert of the reset and invitation forms. */
export const PASSWORDS_DIFFER = message('registration.passwordsDiffer');

/**
 * product.md 5 (invitation acceptance and reset): password and confirmation non-empty and equal, else
 * Şifreler eşleşmiyor!; then the server's password policy (api.md 9.5: at least 6), so the form shows
 * what the server would answer. Null when the pair may be sent.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password === '' || confirmation === '' || password !== confirmation) return PASSWORDS_DIFFER;
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PASSWORDS_DIFFER);
}
