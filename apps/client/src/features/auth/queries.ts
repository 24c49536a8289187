import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import type { Membership, Organization, Profile } from '@okul/domain';

/** Everything tied to the signed-in user; dropped on logout and on a changed token. */
export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
  organizations: () => [...authKeys.all, 'organizations'] as const,
  allOrganizations: () => [...authKeys.all, 'allOrganizations'] as const,
};

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => unwrap(await api.get<Profile>('/getProfile', { signal })),
    staleTime: 5 * 60_000,
  });

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.organizations(),
    queryFn: async ({ signal }) => unwrap(await api.get<Membership[]>('/getOrganizations', { signal })) ?? [],
    staleTime: 5 * 60_000,
  });

/** api.md 7.7: a failed fetch is only logged and the list is set empty (the developer picker then is empty). */
export const allOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.allOrganizations(),
    queryFn: async ({ signal }) => {
      const r = await api.get<Organization[]>('/getAllOrganizations', { signal });
      if (!r.ok) {
        console.error('[auth] getAllOrganizations failed:', r.error);
        return [] as Organization[];
      }
      return Array.isArray(r.data) ? r.data : [];
    },
    staleTime: 5 * 60_000,
  });
