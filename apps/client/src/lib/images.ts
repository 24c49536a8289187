import { SAFE_PATH_ID } from '@okul/domain';
import { api } from '../api/api';

/**
 * product.md 2 Login: the ?org parameter shows that organisation's logo, read publicly (signed out) from
 * getOrganizationLogos; the URL is the image host's (embedded /media or ImageKit) with its timestamp.
 * Unsafe ids and organisations without a logo give null.
 */
export async function fetchOrgLogoUrl(orgId: string | undefined | null): Promise<string | null> {
  if (!orgId || !SAFE_PATH_ID.test(orgId)) return null;
  const r = await api.get<{ logo?: string }>(`/orgs/${orgId}/getOrganizationLogos`, { noAuth: true });
  return r.ok ? (r.data?.logo ?? null) : null;
}
