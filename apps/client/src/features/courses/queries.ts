import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCourseInput, EditCourseInput } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { Course } from '@okul/domain';

export const courseKeys = {
  list: (orgId: string) => orgKey(orgId, 'courses'),
};

export const coursesQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: courseKeys.list(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Course[]>(`/orgs/${orgId}/getCourses`, { signal })) ?? [],
  });

/**
 * One write on the courses of an organisation. api.md 7.7: after a successful write the list is fetched
 * again, and the mutation stays pending until it is, so a closed dialog never shows the old list.
 * api.md 8.4: the failure toasts of courses include the server's error message.
 */
function useCourseWrite<TInput>(orgId: string, call: string, texts: { success: string; failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) =>
      unwrap(await api.post<{ id: string }>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: courseKeys.list(orgId) });
      enqueueSnackbar(texts.success, { variant: 'success' });
    },
    onError: (error) => {
      enqueueSnackbar(`${texts.failure}: ${errorText(error)}`, { variant: 'error' });
    },
  });
}

export const useAddCourse = (orgId: string) =>
  useCourseWrite<AddCourseInput>(orgId, 'addCourse', { success: 'Kurs eklendi', failure: 'Kurs eklenemedi' });

export const useEditCourse = (orgId: string) =>
  useCourseWrite<EditCourseInput>(orgId, 'editCourse', {
    success: 'Kurs güncellendi',
    failure: 'Kurs güncellenemedi',
  });

export const useDeleteCourse = (orgId: string) =>
  useCourseWrite<{ id: string }>(orgId, 'deleteCourse', {
    success: 'Kurs silindi',
    failure: 'Kurs silinemedi',
  });

export const useResurrectCourse = (orgId: string) =>
  useCourseWrite<{ id: string }>(orgId, 'resurrectCourse', {
    success: 'Kurs geri getirildi',
    failure: 'Kurs geri getirilemedi',
  });
