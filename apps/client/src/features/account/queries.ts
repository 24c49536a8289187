import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message, type MessageKey } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { authKeys } from '../auth/queries';
import type { SessionsAnswer } from '@okul/domain';

export const accountKeys = {
  sessions: () => [...authKeys.all, 'sessions'] as const,
};

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: async ({ signal }) => unwrap(await api.get<SessionsAnswer>('/getSessions', { signal })),
  });

export interface UpdateProfileBody {
  name?: string;
  email?: string;
  password?: string;
  currentPassword?: string;
}

export interface UpdateProfileAnswer {
  success?: boolean;
  emailVerificationSent?: boolean;
  endedSessions?: number;
}

/** The failure text of api.md 8.1, then the server's reason. */
export function failureText(key: MessageKey, error: unknown): string {
  const reason = errorText(error);
  return reason ? `${message(key)}: ${reason}` : message(key);
}

/**
 * api.md 7.2 updateProfile: one mutation per form, each with its failure toast (api.md 8.1: Profil
 * güncellenemedi, E-mail güncellenemedi, Şifre güncellenemedi). The profile is read again afterwards.
 */
export function useUpdateProfile(failure: MessageKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) =>
      unwrap(await api.post<UpdateProfileAnswer>('/updateProfile', body)) ?? {},
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.profile() });
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
    onError: (error) => enqueueSnackbar(failureText(failure, error), { variant: 'error' }),
  });
}

/** api.md 7.2: ending one of one's own sessions is logout {sessionId}; api.md 8.1 failure text. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { sessionId: string; currentPassword: string }) =>
      unwrap(await api.post('/logout', v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
      enqueueSnackbar('Oturum sonlandırıldı', { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(failureText('account.sessionEndFailed', error), { variant: 'error' }),
  });
}

/** api.md 7.3 editOrganization {name}; api.md 8.1: Kurum adı güncellenemedi. */
export function useRenameOrganization(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.post(`/orgs/${orgId}/editOrganization`, { name })),
    onSuccess: async () => {
      // the name shows in the top bar and the organisation picker (api.md 7.7: user organisations)
      await queryClient.refetchQueries({ queryKey: authKeys.organizations() });
      await queryClient.invalidateQueries({ queryKey: authKeys.allOrganizations() });
      enqueueSnackbar('Kurum adı güncellendi', { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(failureText('account.organizationRenameFailed', error), { variant: 'error' }),
  });
}
