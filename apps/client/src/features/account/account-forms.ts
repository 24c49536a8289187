import { editOrganizationSchema, message, passwordSchema, updateProfileSchema } from '@okul/domain';
import { z } from 'zod';
import type { AccountSession } from '@okul/domain';

/** product.md 5 Account / api.md 8.1: the settings screen's mismatch text (with a full stop). */
export const ACCOUNT_PASSWORDS_DIFFER = message('account.passwordsDiffer');

/** The name form: updateProfile's own rule for name (product.md 5: at most 50). */
export const nameFormSchema = z.strictObject({ name: updateProfileSchema.shape.name.unwrap() });

/** The current password a new e-mail or password needs (updateProfile refuses either without it). */
const currentPasswordField = z
  .string()
  .min(1, { error: message('account.currentPasswordMissing') })
  .max(200);

/** The e-mail form: updateProfile's own rule for email (product.md 5: at most 50) and the current password. */
export const emailFormSchema = z.strictObject({
  email: updateProfileSchema.shape.email.unwrap(),
  currentPassword: currentPasswordField,
});

/**
 * The password form: the current password (the server requires and checks it), the new one by the password
 * policy, and its confirmation, equal (product.md 5: Şifreler eşleşmiyor.).
 */
export const passwordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    password: passwordSchema,
    confirmation: z.string(),
  })
  .refine((v) => v.password === v.confirmation, {
    error: ACCOUNT_PASSWORDS_DIFFER,
    path: ['confirmation'],
  });

export type PasswordFormValues = z.input<typeof passwordFormSchema>;

/** What updateProfile receives for a password change (the confirmation stays in the browser). */
export function passwordChangeBody(v: PasswordFormValues): { password: string; currentPassword: string } {
  return { password: v.password, currentPassword: v.currentPassword };
}

/** product.md 5: an organisation name is sent only when non-empty and changed. */
export function organizationNameChange(current: string, draft: string): string | null {
  const parsed = editOrganizationSchema.safeParse({ name: draft });
  if (!parsed.success) return null;
  return parsed.data.name === current.trim() ? null : parsed.data.name;
}

/** The same "changed" rule for the user's own name: trimmed, non-empty, different. */
export function nameChange(current: string, draft: string): string | null {
  const parsed = nameFormSchema.safeParse({ name: draft });
  if (!parsed.success) return null;
  return parsed.data.name === current.trim() ? null : parsed.data.name;
}

/** The session table: the current session first, then the most recently used. */
export function sortSessions(
  sessions: readonly AccountSession[],
  currentSessionId: string,
): AccountSession[] {
  return [...sessions].sort((a, b) => {
    const ac = a.sessionId === currentSessionId ? 1 : 0;
    const bc = b.sessionId === currentSessionId ? 1 : 0;
    if (ac !== bc) return bc - ac;
    return b.lastUsedAt.localeCompare(a.lastUsedAt);
  });
}

/** A short reading of a user agent for the session list: browser and system, e.g. "Chrome · Windows". */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua || ua.trim() === '') return 'Bilinmeyen cihaz';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /SamsungBrowser\//.test(ua)
          ? 'Samsung Internet'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!browser && !system) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  return [browser ?? 'Tarayıcı', system].filter(Boolean).join(' · ');
}
