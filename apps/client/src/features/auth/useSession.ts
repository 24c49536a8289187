import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { tokenStore } from '../../api/api';
import { allOrganizationsQueryOptions, organizationsQueryOptions, profileQueryOptions } from './queries';
import { orgSelection } from './runtime';
import { gatePanel, resolveSession, seesAllOrganizations, type ReadySession, type Session } from './session';

export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}

/**
 * The live session, from the same queries the route guards load (so inside the panel it is already in
 * the cache). Null while signed out or still loading.
 */
export function useSession(): Session | null {
  const token = useAccessToken();
  const selection = useSyncExternalStore(orgSelection.subscribe, orgSelection.get);
  const profile = useQuery({ ...profileQueryOptions(), enabled: !!token });
  const memberships = useQuery({ ...organizationsQueryOptions(), enabled: !!token });
  const user = profile.data;
  const all = useQuery({
    ...allOrganizationsQueryOptions(),
    enabled: !!token && !!user && seesAllOrganizations(user),
  });
  return useMemo(() => {
    if (!token || !user || !memberships.data) return null;
    return resolveSession({
      user,
      memberships: memberships.data,
      allOrganizations: all.data ?? [],
      selection,
    });
  }, [token, user, memberships.data, all.data, selection]);
}

/** The session of a panel page: the guards only render panel pages once it is ready. */
export function useReadySession(): ReadySession {
  const gate = gatePanel(useSession());
  if (gate.kind !== 'ready' && gate.kind !== 'membershipInactive') {
    throw new Error('Panel page rendered without a selected organisation');
  }
  return gate.session;
}

/** The selected organisation's id, the key of every org-scoped query. */
export function useOrgId(): string {
  return useReadySession().organization.id;
}
