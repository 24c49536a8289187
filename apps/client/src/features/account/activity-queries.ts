import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import type { AccountActivityPage, SystemLogsPage } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { authKeys } from '../auth/queries';

export const ACTIVITY_PAGE_SIZE = 20;

function nextCursor(page: { logs: { id: string }[]; hasMore: boolean }): string | undefined {
  const last = page.logs[page.logs.length - 1];
  return page.hasMore && last ? last.id : undefined;
}

/** The signed-in user's own account activity (logins, logouts, password changes), newest first. */
export const accountActivityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...authKeys.all, 'activity'] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.get<AccountActivityPage>(
          `/getAccountActivity?${new URLSearchParams({
            limit: String(ACTIVITY_PAGE_SIZE),
            ...(pageParam ? { lastDoc: pageParam } : {}),
          })}`,
          { signal },
        ),
      ),
    getNextPageParam: nextCursor,
    retry: false,
  });

/** api.md 7.4 requestSystemLogs {action, limit, lastDoc}: developers only. */
export const systemLogsQueryOptions = (action: string | null) =>
  infiniteQueryOptions({
    queryKey: [...authKeys.all, 'system-logs', action ?? 'all'] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.post<SystemLogsPage>(
          '/requestSystemLogs',
          { action, limit: 50, lastDoc: pageParam },
          { signal },
        ),
      ),
    getNextPageParam: nextCursor,
    retry: false,
  });

/** "Bu ben değildim": every session of the user ends, this one too. */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: async (currentPassword: string) =>
      unwrap(await api.post<{ endedSessions: number }>('/endAllSessions', { currentPassword })),
    onError: (error) => enqueueSnackbar(`Oturumlar kapatılamadı: ${errorText(error)}`, { variant: 'error' }),
  });
}
