import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message, type AccountingMonth, type AccountingPage } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { failureText } from '../../lib/failure-text';
import { orgKey } from '../../lib/query-keys';

/** The filters of the entries table (getAccounting); empty strings are left out of the query. */
export interface AccountingFilters {
  period: string;
  type: string;
  subtype: string;
  method: string;
  employeeId: string;
  includeReversed: boolean;
  limit: number;
  offset: number;
}

export const accountingKeys = {
  all: (orgId: string) => orgKey(orgId, 'accounting'),
  page: (orgId: string, f: AccountingFilters) => orgKey(orgId, 'accounting', 'page', f),
  month: (orgId: string, period: string) => orgKey(orgId, 'accounting', 'month', period),
  employees: (orgId: string) => orgKey(orgId, 'employees'),
};

function queryOf(f: AccountingFilters): string {
  const q = new URLSearchParams();
  for (const k of ['period', 'type', 'subtype', 'method', 'employeeId'] as const) if (f[k]) q.set(k, f[k]);
  if (f.includeReversed) q.set('includeReversed', 'true');
  q.set('limit', String(f.limit));
  q.set('offset', String(f.offset));
  return q.toString();
}

export const accountingPageQueryOptions = (orgId: string, f: AccountingFilters) =>
  queryOptions({
    queryKey: accountingKeys.page(orgId, f),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<AccountingPage>(`/orgs/${orgId}/getAccounting?${queryOf(f)}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const accountingMonthQueryOptions = (orgId: string, period: string) =>
  queryOptions({
    queryKey: accountingKeys.month(orgId, period),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<AccountingMonth>(`/orgs/${orgId}/getAccountingMonth?period=${period}`, { signal }),
      ),
    placeholderData: keepPreviousData,
  });

export interface EmployeeOption {
  id: string;
  name: string;
  surname: string;
  deletedAt?: string | null;
}

/** The employees a wage may be for (getEmployees of the employees area). */
export const employeesQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: accountingKeys.employees(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<EmployeeOption[]>(`/orgs/${orgId}/getEmployees`, { signal })) ?? [],
    retry: false,
  });

/**
 * One write on the books. api.md 7.7: after it the accounting lists are fetched again; api.md 8.5: a failed
 * add reads "Kayıt eklenemedi." with the server's reason.
 */
function useAccountingWrite<TInput>(
  orgId: string,
  call: string,
  texts: { success: string; failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) =>
      unwrap(await api.post<{ id: string }>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountingKeys.all(orgId) });
      enqueueSnackbar(texts.success, { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(failureText(texts, error), { variant: 'error' }),
  });
}

export const useAddAccountingEntry = (orgId: string) =>
  useAccountingWrite<Record<string, unknown>>(orgId, 'addAccountingEntry', {
    success: 'Kayıt eklendi.',
    failure: message('accounting.addFailed'),
  });

export const useEditAccountingEntry = (orgId: string) =>
  useAccountingWrite<Record<string, unknown>>(orgId, 'editAccountingEntry', {
    success: 'Kayıt düzenlendi.',
    failure: message('accounting.editFailed'),
  });

export const useReverseAccountingEntry = (orgId: string) =>
  useAccountingWrite<{ id: string; reason?: string }>(orgId, 'reverseAccountingEntry', {
    success: 'Kayıt iptal edildi.',
    failure: message('accounting.reverseFailed'),
  });
