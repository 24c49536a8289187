import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { authKeys } from '../auth/queries';
import { useAccessToken } from '../auth/useSession';
import { unreadCount } from './inbox';
import type { InboxItem } from '@okul/domain';

/** The inbox belongs to the user, not to an organisation: it lives with the user's data (dropped on logout). */
export const inboxKeys = {
  messages: () => [...authKeys.all, 'messages'] as const,
};

export const messagesQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.messages(),
    queryFn: async ({ signal }) => unwrap(await api.get<InboxItem[]>('/getMessages', { signal })) ?? [],
  });

/** The unread count for the menu badge (product.md 4: messages load at application start). */
export function useUnreadCount(): number {
  const token = useAccessToken();
  const { data } = useQuery({ ...messagesQueryOptions(), enabled: !!token });
  return unreadCount(data);
}

/** api.md 7.2 markMessageAsRead {messageId}; api.md 8.6: failure "Mesaj okundu olarak işaretlenemedi" + reason. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => unwrap(await api.post('/markMessageAsRead', { messageId })),
    onMutate: (messageId) => {
      // shown as read at once; the refetch after the answer settles it either way
      queryClient.setQueryData<InboxItem[]>(inboxKeys.messages(), (old) =>
        old?.map((m) => (m.id === messageId ? { ...m, isRead: true } : m)),
      );
    },
    onError: (error) => {
      enqueueSnackbar(`${message('inbox.markReadFailed')}: ${errorText(error)}`, { variant: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.messages() }),
  });
}

/**
 * api.md 7.2 respondToOrgInvitation {messageId, accept}; api.md 8.6 texts. After an acceptance the user's
 * organisations are read again, so the new organisation can be picked (api.md 7.7: user organisations).
 */
export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { messageId: string; accept: boolean }) =>
      unwrap(await api.post<{ organizationId?: string }>('/respondToOrgInvitation', input)),
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({ queryKey: inboxKeys.messages() });
      if (input.accept) await queryClient.refetchQueries({ queryKey: authKeys.organizations() });
      enqueueSnackbar(message('inbox.responded'), { variant: 'success' });
    },
    onError: (error) => {
      enqueueSnackbar(message('inbox.respondFailed', { error: errorText(error) }), { variant: 'error' });
    },
  });
}
