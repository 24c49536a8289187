import { queryOptions } from '@tanstack/react-query';
import type { RecordHistoryAnswer, RecordKind, StudentBalanceAsOfAnswer } from '@okul/domain';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** getRecordHistory: a record's versions and the record at `day` (a YYYY-MM-DD, its end; '' for now). */
export const recordHistoryQueryOptions = (orgId: string, kind: RecordKind, id: string, day: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'history', kind, id, day),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<RecordHistoryAnswer>(
          `/orgs/${orgId}/getRecordHistory?${query({ kind, id, ...(day ? { at: day } : {}) })}`,
          { signal },
        ),
      ),
  });

/** getStudentBalanceAsOf: the student's balances at the end of `day` ('' for now). */
export const balanceAsOfQueryOptions = (orgId: string, studentId: string, day: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'history', 'balance', studentId, day),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<StudentBalanceAsOfAnswer>(
          `/orgs/${orgId}/getStudentBalanceAsOf?${query({ id: studentId, ...(day ? { at: day } : {}) })}`,
          { signal },
        ),
      ),
  });
