import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { api, tokenStore } from '../../api/api';
import { ORG_SCOPE } from '../../lib/query-keys';
import { ApiError, errorText, type ApiResult } from '../../api/client';
import { sessionIdFromToken } from './jwt';
import { authKeys, profileQueryOptions } from './queries';
import { orgSelection } from './runtime';

export function useAuthActions() {
  const queryClient = useQueryClient();
  const router = useRouter();

  /** api.md 7.7 login success: store the access token, load the profile. */
  const login = useCallback(
    async (email: string, password: string): Promise<ApiResult<unknown>> => {
      const r = await api.post<{ access_token?: string }>('/login', { email, password }, { noAuth: true });
      if (!r.ok) return r;
      const token = r.data?.access_token;
      if (!token) return { ok: false, error: 'Sunucu erişim anahtarı göndermedi.', status: r.status };
      queryClient.removeQueries({ queryKey: authKeys.all });
      tokenStore.set(token);
      try {
        await queryClient.fetchQuery(profileQueryOptions());
      } catch (e) {
        tokenStore.clear();
        return { ok: false, error: errorText(e), status: e instanceof ApiError ? e.status : 0 };
      }
      // the guards of /giris run again and send the user on (home, organisation picker or a gating page)
      await router.invalidate();
      return r;
    },
    [queryClient, router],
  );

  /** product.md 4: logout clears token, user and selection (whatever the server answers). */
  const logout = useCallback(async () => {
    const sessionId = sessionIdFromToken(tokenStore.get());
    const r = await api.post('/logout', sessionId ? { sessionId } : {});
    if (!r.ok) console.error('[auth] logout failed:', r.error);
    orgSelection.forget();
    queryClient.removeQueries();
    tokenStore.clear();
    await router.navigate({ to: '/giris' });
  }, [queryClient, router]);

  /** product.md 4: selecting another organisation clears org-scoped data, saves the id and reloads. */
  const selectOrganization = useCallback(
    async (organizationId: string) => {
      queryClient.removeQueries({ queryKey: [ORG_SCOPE] });
      orgSelection.select(organizationId);
      // One navigation: /giris's guard sends the user on (to the page its `redirect` names, or home). On the
      // picker it is the same address, which the router loads again. A second navigation (an invalidation
      // first) would land after the panel shows and take the user back from a page opened at once.
      await router.navigate({ to: '/giris', search: true });
    },
    [queryClient, router],
  );

  /** product.md 2 clearOrg: reset the selection and reload the user's (and for developers all) organisations. */
  const clearOrganization = useCallback(async () => {
    queryClient.removeQueries({ queryKey: [ORG_SCOPE] });
    orgSelection.clear();
    await queryClient.refetchQueries({ queryKey: authKeys.organizations() });
    await queryClient.refetchQueries({ queryKey: authKeys.allOrganizations() });
    await router.navigate({ to: '/giris' });
  }, [queryClient, router]);

  /** Re-read the profile and organisations (after a payment, a verified e-mail or an accepted invitation). */
  const reloadSession = useCallback(async () => {
    // refetch (not just invalidate) so that the route guards that run next read fresh data
    await queryClient.refetchQueries({ queryKey: authKeys.all });
    await router.invalidate();
  }, [queryClient, router]);

  return useMemo(
    () => ({ login, logout, selectOrganization, clearOrganization, reloadSession }),
    [login, logout, selectOrganization, clearOrganization, reloadSession],
  );
}
