import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { OrgLogsPage } from '@okul/domain';

export type { OrgLog } from '@okul/domain';

/** api.md 9.4: logs 50 a page. */
export const LOG_PAGE_SIZE = 50;

/**
 * api.md 7.3: {action, limit, lastDoc, reset}. The first page sends reset (start over from the newest);
 * every next page continues from the id of the last entry received.
 */
export function orgLogsRequest(action: string | null, lastDoc: string | null) {
  return { action, limit: LOG_PAGE_SIZE, lastDoc, reset: lastDoc === null };
}

/** The cursor of the page after this one, or undefined at the start of the log. */
export function nextLogCursor(page: OrgLogsPage): string | undefined {
  const last = page.logs[page.logs.length - 1];
  return page.hasMore && last ? last.id : undefined;
}

export const orgLogsQueryOptions = (orgId: string, action: string | null) =>
  infiniteQueryOptions({
    queryKey: orgKey(orgId, 'logs', action ?? 'all'),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const page = unwrap(
        await api.post<OrgLogsPage>(`/orgs/${orgId}/requestOrgLogs`, orgLogsRequest(action, pageParam), {
          signal,
        }),
      );
      return { logs: Array.isArray(page?.logs) ? page.logs : [], hasMore: !!page?.hasMore };
    },
    getNextPageParam: nextLogCursor,
    // a failed log fetch is reported once (api.md 8.6), not retried behind the user's back
    retry: false,
  });
