import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import type { OccurrenceView as Occurrence, ScheduleView as Schedule } from '@okul/domain';

export const scheduleKeys = {
  all: (orgId: string) => orgKey(orgId, 'schedules'),
  list: (orgId: string) => orgKey(orgId, 'schedules', 'list'),
  occurrences: (orgId: string, from: string, to: string, extra = '') =>
    orgKey(orgId, 'schedules', 'occurrences', from, to, extra),
};

export const schedulesQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: scheduleKeys.list(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Schedule[]>(`/orgs/${orgId}/getSchedules`, { signal })) ?? [],
  });

export const occurrencesQueryOptions = (
  orgId: string,
  from: string,
  to: string,
  filter: Record<string, string> = {},
) => {
  const query = new URLSearchParams({ from, to, ...filter }).toString();
  return queryOptions({
    queryKey: scheduleKeys.occurrences(orgId, from, to, query),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Occurrence[]>(`/orgs/${orgId}/getScheduleOccurrences?${query}`, { signal })) ?? [],
  });
};

/** api.md 8.5: failures read "<action>: <reason>"; a success fetches the schedules and lessons again. */
export function useScheduleWrite<TInput, TResult = { id: string }>(
  orgId: string,
  call: string,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => unwrap(await api.post<TResult>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(orgId) }),
    onError: (error) => {
      const text = failure.endsWith(': ')
        ? `${failure}${errorText(error)}`
        : `${failure}: ${errorText(error)}`;
      enqueueSnackbar(text, { variant: 'error' });
    },
  });
}

export const useAddSchedule = (orgId: string) =>
  useScheduleWrite<unknown>(orgId, 'addSchedule', message('schedule.addFailed'));
export const useUpdateScheduleDetails = (orgId: string) =>
  useScheduleWrite<unknown, { id: string; changed: boolean; info?: string }>(
    orgId,
    'updateScheduleDetails',
    message('schedule.detailsFailed'),
  );
export const useUpdateScheduleMembers = (orgId: string) =>
  useScheduleWrite<unknown>(orgId, 'updateScheduleMembers', message('schedule.membersFailed'));
export const useDeleteSchedule = (orgId: string) =>
  useScheduleWrite<{ id: string }>(orgId, 'deleteSchedule', message('schedule.deleteFailed'));
