import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import { authKeys } from '../auth/queries';
import type { OrganizationUser, PendingInvitation } from '@okul/domain';
import { invitationSentText } from './users';

export const userKeys = {
  list: (orgId: string) => orgKey(orgId, 'users'),
  pendingInvitations: (orgId: string) => orgKey(orgId, 'pendingInvitations'),
};

export const organizationUsersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: userKeys.list(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<OrganizationUser[]>(`/orgs/${orgId}/getOrganizationUsers`, { signal })) ?? [],
  });

export interface InviteBody {
  email: string;
  name: string;
  orgId: string;
  orgRoleId: number;
}

/** api.md 7.3 inviteUser; api.md 8.4: failure Kullanıcı eklenemedi (with the server's reason). */
export function useInviteUser(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteBody) =>
      unwrap(await api.post<{ delivery?: string }>(`/orgs/${orgId}/inviteUser`, body)),
    onSuccess: async (data, body) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.list(orgId) });
      await queryClient.invalidateQueries({ queryKey: userKeys.pendingInvitations(orgId) });
      enqueueSnackbar(invitationSentText(body.email, data?.delivery), { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(`${message('users.addFailed')}: ${errorText(error)}`, { variant: 'error' }),
  });
}

/** api.md 7.3 updateOrganizationUser {userId, name, orgRoleId}; api.md 8.4: Kullanıcı güncellenemedi. */
export function useUpdateOrganizationUser(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { userId: string; name?: string; orgRoleId: number }) =>
      unwrap(await api.post(`/orgs/${orgId}/updateOrganizationUser`, body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.list(orgId) });
      // one's own name or role may have changed (api.md 7.7: user profile, user organisations)
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
      enqueueSnackbar('Kullanıcı güncellendi', { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(`${message('users.updateFailed')} ${errorText(error)}`, { variant: 'error' }),
  });
}

/** removeOrganizationUser {userId} (ours): ends a membership; the person keeps their account and other organisations. */
export function useRemoveOrganizationUser(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      unwrap(await api.post(`/orgs/${orgId}/removeOrganizationUser`, { userId })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.list(orgId) });
      enqueueSnackbar('Kullanıcı kurumdan çıkarıldı', { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(`Kullanıcı kurumdan çıkarılamadı: ${errorText(error)}`, { variant: 'error' }),
  });
}

/** getPendingInvitations (ours): the invitations waiting for an answer, the most recently sent first. */
export const pendingInvitationsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: userKeys.pendingInvitations(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<PendingInvitation[]>(`/orgs/${orgId}/getPendingInvitations`, { signal })) ?? [],
  });

/** resendInvitation {invitationId} (ours): a new link by e-mail; the earlier one stops working. */
export function useResendInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitation: PendingInvitation) =>
      unwrap(await api.post(`/orgs/${orgId}/resendInvitation`, { invitationId: invitation.id })),
    onSuccess: async (_data, invitation) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.pendingInvitations(orgId) });
      enqueueSnackbar(`Davet e-postası ${invitation.email} adresine yeniden gönderildi.`, {
        variant: 'success',
      });
    },
    onError: (error) =>
      enqueueSnackbar(`Davet yeniden gönderilemedi: ${errorText(error)}`, { variant: 'error' }),
  });
}

/** revokeInvitation {invitationId} (ours): the link then answers that the invitation was revoked. */
export function useRevokeInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitation: PendingInvitation) =>
      unwrap(await api.post(`/orgs/${orgId}/revokeInvitation`, { invitationId: invitation.id })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.pendingInvitations(orgId) });
      enqueueSnackbar('Davet iptal edildi', { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(`Davet iptal edilemedi: ${errorText(error)}`, { variant: 'error' }),
  });
}
