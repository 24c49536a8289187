import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Grade } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { SheetWrite } from './grades';

export const gradeKeys = {
  all: (orgId: string) => orgKey(orgId, 'grades'),
  of: (orgId: string, filter: GradeFilter) => orgKey(orgId, 'grades', filter),
};

export type GradeFilter = { studentId: string } | { classId: string };

/** GET getGrades?studentId= (the student detail) or ?classId= (a group's grade sheet). */
export const gradesQueryOptions = (orgId: string, filter: GradeFilter) =>
  queryOptions({
    queryKey: gradeKeys.of(orgId, filter),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<Grade[]>(`/orgs/${orgId}/getGrades?${new URLSearchParams(filter).toString()}`, {
          signal,
        }),
      ) ?? [],
  });

const prefixed = (prefix: string, reason: string) => (reason ? `${prefix}: ${reason}` : prefix);

/** One grade write; the grades are fetched again after it (api.md 7.7), with the api.md 8.3 toasts. */
export function useGradeWrite<TInput>(
  orgId: string,
  call: string,
  texts: { success: string; failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) =>
      unwrap(await api.post<{ id: string }>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gradeKeys.all(orgId) });
      enqueueSnackbar(texts.success, { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(prefixed(texts.failure, errorText(error)), { variant: 'error' }),
  });
}

/**
 * Saves a grade sheet one write after the other (each grade is its own record); stops at the first refusal
 * and answers how many were saved and the refusal's text.
 */
export function useSaveGradeSheet(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (writes: SheetWrite[]) => {
      let saved = 0;
      try {
        for (const w of writes) {
          unwrap(await api.post<{ id: string }>(`/orgs/${orgId}/${w.call}`, w.body));
          saved += 1;
        }
        return { saved, error: null as string | null };
      } catch (error) {
        return { saved, error: errorText(error) };
      } finally {
        await queryClient.invalidateQueries({ queryKey: gradeKeys.all(orgId) });
      }
    },
  });
}
