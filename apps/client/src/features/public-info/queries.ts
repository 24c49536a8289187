import type { PublicInfo } from '@okul/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';

export type { PublicInfo };

/** GET /api/v1/publicInfo: company details for the legal texts; testAids outside production only. */
export const publicInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['publicInfo'],
    queryFn: async ({ signal }) => unwrap(await api.get<PublicInfo>('/publicInfo', { signal })),
    // configuration of the running server: it does not change while the page is open
    staleTime: Infinity,
  });

/** The public info; `data` is undefined while loading (test aids stay hidden until it is known). */
export const usePublicInfo = () => useQuery(publicInfoQueryOptions());
