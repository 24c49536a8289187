import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { MyInstructors } from '@okul/domain';
import type { EmployeeAnswer } from '@okul/domain';

export const employeeKeys = {
  // the same key the Muhasebe page reads its employee picker with, so both refresh together
  employees: (orgId: string) => orgKey(orgId, 'employees'),
  instructors: (orgId: string) => orgKey(orgId, 'instructors'),
};

export const employeesListQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: employeeKeys.employees(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<EmployeeAnswer[]>(`/orgs/${orgId}/getEmployees`, { signal })) ?? [],
  });

export const instructorsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: employeeKeys.instructors(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<EmployeeAnswer[]>(`/orgs/${orgId}/getInstructors`, { signal })) ?? [],
  });

/**
 * GET getMyInstructors: the instructor record(s) the signed-in user teaches under here; empty when none.
 * Under the instructors key, so linking or unlinking a user refreshes it with the lists.
 */
export const myInstructorsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: [...employeeKeys.instructors(orgId), 'mine'] as const,
    queryFn: async ({ signal }) => {
      const list = unwrap(await api.get<MyInstructors>(`/orgs/${orgId}/getMyInstructors`, { signal }));
      return Array.isArray(list) ? list : [];
    },
  });

/**
 * One write on the people of an organisation. api.md 7.7: both lists (an instructor is an employee) are
 * fetched again before the mutation settles; api.md 8.4: the failure toast carries the server's reason.
 */
function usePeopleWrite<TInput>(orgId: string, call: string, texts: { success: string; failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) =>
      unwrap(await api.post<{ id: string }>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: employeeKeys.employees(orgId) }),
        queryClient.invalidateQueries({ queryKey: employeeKeys.instructors(orgId) }),
      ]);
      enqueueSnackbar(texts.success, { variant: 'success' });
    },
    onError: (error) => {
      const head = texts.failure.trimEnd();
      const sep = /[.:]$/.test(head) ? ' ' : ': ';
      enqueueSnackbar(`${head}${sep}${errorText(error)}`, { variant: 'error' });
    },
  });
}

type Body = Record<string, unknown>;

// api.md 8.4 failure texts (Çalışan eklenemedi., Eğitmen eklenemedi, ...); the success texts are ours.
export const useAddEmployee = (orgId: string) =>
  usePeopleWrite<Body>(orgId, 'addEmployee', { success: 'Çalışan eklendi', failure: 'Çalışan eklenemedi.' });
export const useEditEmployee = (orgId: string) =>
  usePeopleWrite<Body>(orgId, 'editEmployee', {
    success: 'Çalışan güncellendi',
    failure: 'Çalışan bilgileri güncellenemedi:',
  });
export const useDeleteEmployee = (orgId: string) =>
  usePeopleWrite<{ id: string }>(orgId, 'deleteEmployee', {
    success: 'Çalışan silindi',
    failure: 'Çalışan silinemedi.',
  });
export const useResurrectEmployee = (orgId: string) =>
  usePeopleWrite<{ id: string }>(orgId, 'resurrectEmployee', {
    success: 'Çalışan geri getirildi',
    failure: 'Çalışan geri getirilemedi:',
  });
export const usePermanentlyDeleteEmployee = (orgId: string) =>
  usePeopleWrite<{ id: string }>(orgId, 'permanentlyDeleteEmployee', {
    success: 'Çalışan kalıcı olarak silindi',
    failure: 'Çalışan kalıcı olarak silinemedi.',
  });
export const useAddInstructor = (orgId: string) =>
  usePeopleWrite<Body>(orgId, 'addInstructor', { success: 'Eğitmen eklendi', failure: 'Eğitmen eklenemedi' });
export const useEditInstructor = (orgId: string) =>
  usePeopleWrite<Body>(orgId, 'editInstructor', {
    success: 'Eğitmen güncellendi',
    failure: 'Eğitmen güncellenemedi',
  });
export const useDeleteInstructor = (orgId: string) =>
  usePeopleWrite<{ id: string }>(orgId, 'deleteInstructor', {
    success: 'Eğitmen silindi',
    failure: 'Eğitmen silinemedi',
  });
export const useResurrectInstructor = (orgId: string) =>
  usePeopleWrite<{ id: string }>(orgId, 'resurrectInstructor', {
    success: 'Eğitmen geri getirildi',
    failure: 'Eğitmen geri getirilemedi',
  });
