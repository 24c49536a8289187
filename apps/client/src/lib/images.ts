/**
 * Organisation images live on the image host under orgs/{orgID}/... (api.md 7.5). VITE_IMAGE_BASE_URL
 * names the host's public URL; without it the same-origin /media path is used.
 */
export const IMAGE_BASE_URL: string = (import.meta.env.VITE_IMAGE_BASE_URL as string | undefined) ?? '/media';

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** product.md 2 Login: the ?org parameter shows that organisation's logo. Unsafe ids give no URL. */
export function orgLogoUrl(orgId: string | undefined | null): string | null {
  if (!orgId || !SAFE_ID.test(orgId)) return null;
  return `${IMAGE_BASE_URL.replace(/\/+$/, '')}/orgs/${orgId}/logos/logo.png`;
}
