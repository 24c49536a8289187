import { queryOptions } from '@tanstack/react-query';
import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { api } from '../../api/api';
import { unwrap, type ApiResult } from '../../api/client';
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

/** api.md 7.2 requestEmailVerification {email}: sends the verification link again. */
export function requestEmailVerification(email: string): Promise<ApiResult<unknown>> {
  return api.post('/requestEmailVerification', { email });
}

/**
 * The "send the link again" button of both verification screens (/kayit and /giris/email-dogrulama): busy
 * while the call runs, then the toast (api.md 8.1: E-posta doğrulama isteği gönderilirken bir hata oluştu:
 * plus the reason).
 */
export function useResendVerification(email: string): { busy: boolean; resend: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      const r = await requestEmailVerification(email);
      if (!r.ok)
        enqueueSnackbar(message('account.verifyResendFailed', { error: r.error }), { variant: 'error' });
      else enqueueSnackbar(`Doğrulama bağlantısı ${email} adresine gönderildi.`, { variant: 'success' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, resend };
}
