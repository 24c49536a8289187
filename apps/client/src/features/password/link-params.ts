import { message, passwordSchema } from '@okul/domain';

/** The query of the e-mail links (/giris/reset and /giris/invite): both parts or nothing. */
export interface LinkParams {
  email: string;
  token: string;
}

export interface LinkSearch {
  email?: string;
  token?: string;
}

/** validateSearch of the link routes: keeps non-empty strings only. */
export function readLinkSearch(search: Record<string, unknown>): LinkSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  return { email: text(search.email), token: text(search.token) };
}

/** product.md 5: missing e-mail or token in the query redirects to /; this says whether both are there. */
export function linkParams(search: LinkSearch): LinkParams | null {
  return search.email && search.token ? { email: search.email, token: search.token } : null;
}

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
