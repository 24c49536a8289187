import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StatisticsAnswer } from '@okul/domain';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';

/** The İstatistikler filters; empty strings are left to the server's defaults (twelve months, now). */
export interface StatisticsFilters {
  from: string;
  to: string;
  asOf: string;
}

export function statisticsQueryString(f: StatisticsFilters): string {
  const q = new URLSearchParams();
  for (const k of ['from', 'to', 'asOf'] as const) if (f[k]) q.set(k, f[k]);
  return q.toString();
}

export const statisticsQueryOptions = (orgId: string, f: StatisticsFilters) =>
  queryOptions({
    queryKey: orgKey(orgId, 'statistics', f),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<StatisticsAnswer>(`/orgs/${orgId}/getStatistics?${statisticsQueryString(f)}`, {
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
