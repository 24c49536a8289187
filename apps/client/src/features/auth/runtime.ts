import type { QueryClient } from '@tanstack/react-query';
import { storage, tokenStore } from '../../api/api';
import { ApiError } from '../../api/client';
import { createOrgSelectionStore } from './org-selection';
import { allOrganizationsQueryOptions, organizationsQueryOptions, profileQueryOptions } from './queries';
import { resolveSession, seesAllOrganizations, type Session } from './session';

/** The browser's organisation choice, remembered in local storage. */
export const orgSelection = createOrgSelectionStore(storage);

/**
 * Application start of product.md 4 / api.md 7.7, as route guards use it: with a stored token load the
 * profile and the user's organisations (plus all organisations for a global role) through the query
 * cache, then pick the organisation. Without a token: signed out. When the profile is refused the token
 * and user are cleared; a server or network failure is thrown to the route's error view instead, so a
 * passing outage does not sign the user out.
 */
export async function loadSession(queryClient: QueryClient): Promise<Session | null> {
  if (!tokenStore.get()) return null;
  let user;
  try {
    user = await queryClient.ensureQueryData(profileQueryOptions());
  } catch (e) {
    if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
      queryClient.removeQueries();
      tokenStore.clear();
      return null;
    }
    throw e;
  }
  const [memberships, allOrganizations] = await Promise.all([
    queryClient.ensureQueryData(organizationsQueryOptions()),
    seesAllOrganizations(user)
      ? queryClient.ensureQueryData(allOrganizationsQueryOptions())
      : Promise.resolve([]),
  ]);
  return resolveSession({ user, memberships, allOrganizations, selection: orgSelection.get() });
}
