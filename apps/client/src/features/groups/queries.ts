import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  message,
  type CreateClassInput,
  type EditClassInput,
  type EditClassMembersInput,
} from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { ClassView as Group } from '@okul/domain';

export const groupKeys = { list: (orgId: string) => orgKey(orgId, 'classes') };

export const groupsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: groupKeys.list(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Group[]>(`/orgs/${orgId}/getClasses`, { signal })) ?? [],
  });

/** api.md 7.7: a successful write fetches the groups again; api.md 8.5 toasts for success and failure. */
function useGroupWrite<TInput>(orgId: string, call: string, texts: { success: string; failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) =>
      unwrap(await api.post<{ id: string }>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.list(orgId) });
      if (texts.success) enqueueSnackbar(texts.success, { variant: 'success' });
    },
    onError: (error) => {
      enqueueSnackbar(`${texts.failure}: ${errorText(error)}`, { variant: 'error' });
    },
  });
}

export const useCreateGroup = (orgId: string) =>
  useGroupWrite<CreateClassInput>(orgId, 'createClass', {
    success: message('class.added'),
    failure: message('class.addFailed'),
  });

export const useEditGroup = (orgId: string) =>
  useGroupWrite<EditClassInput>(orgId, 'editClass', {
    success: message('class.updated'),
    failure: message('class.updateFailed'),
  });

export const useEditGroupMembers = (orgId: string) =>
  useGroupWrite<EditClassMembersInput>(orgId, 'editClassMembers', {
    success: message('class.updated'),
    failure: message('class.updateFailed'),
  });

export const useDeleteGroup = (orgId: string) =>
  useGroupWrite<{ id: string }>(orgId, 'deleteClass', {
    success: message('class.deleted'),
    failure: message('class.deleteFailed'),
  });
