import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AttendanceInput, type EditAttendanceInput } from '@okul/domain';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { ApiError, unwrap } from '../../api/client';
import { failureText, type FailureTexts } from '../../lib/failure-text';
import { orgKey } from '../../lib/query-keys';
import { attendancesQueryString, type AttendanceQuery } from './attendance-helpers';
import type { Attendance, AttendancesPage } from '@okul/domain';
import type { PickerStudent } from './attendance-helpers';

export const attendanceKeys = {
  all: (orgId: string) => orgKey(orgId, 'attendances'),
  page: (orgId: string, query: AttendanceQuery) => orgKey(orgId, 'attendances', 'page', query),
  one: (orgId: string, id: string) => orgKey(orgId, 'attendances', 'one', id),
  /** Under the students prefix, so a student write refreshes the picker too; its own shape, its own key. */
  pickerStudents: (orgId: string) => orgKey(orgId, 'students', 'attendance-picker'),
};

async function fetchPage(orgId: string, query: AttendanceQuery, signal?: AbortSignal) {
  const page = unwrap(
    await api.get<AttendancesPage>(`/orgs/${orgId}/getAttendances?${attendancesQueryString(query)}`, {
      signal,
    }),
  );
  return {
    attendances: Array.isArray(page?.attendances) ? page.attendances : [],
    total: Number(page?.total ?? 0),
    limit: Number(page?.limit ?? query.limit ?? 0),
    offset: Number(page?.offset ?? 0),
  } satisfies AttendancesPage;
}

/**
 * The number of lessons in a time range: getAttendances with from/to and limit=1 answers the total
 * without reading the rows (api.md 9.4 statistics). Under the attendances key, so writes refresh it.
 * `range` is asked when the query runs, so a range that ends "now" is as of each fetch.
 */
export const attendanceCountQueryOptions = (
  orgId: string,
  name: string,
  range: () => { from: string; to: string },
  /** Only the signed-in user's own lessons (`mine=1`); `name` must tell such a count apart. */
  filter: Pick<AttendanceQuery, 'mine'> = {},
) =>
  queryOptions({
    queryKey: [...attendanceKeys.all(orgId), 'count', name] as const,
    queryFn: async ({ signal }) =>
      (await fetchPage(orgId, { ...filter, ...range(), limit: 1 }, signal)).total,
  });

/** One page of the list (docs/DECISIONS.md: the server pages and searches). */
export const attendancesPageQueryOptions = (orgId: string, query: AttendanceQuery) =>
  queryOptions({
    queryKey: attendanceKeys.page(orgId, query),
    queryFn: ({ signal }) => fetchPage(orgId, query, signal),
    // typing in the search box keeps the last rows on screen until the next page arrives
    placeholderData: keepPreviousData,
  });

/** One attendance (the detail and edit pages), or a 404 with the catalogue's text. */
export const attendanceQueryOptions = (orgId: string, id: string) =>
  queryOptions({
    queryKey: attendanceKeys.one(orgId, id),
    queryFn: async ({ signal }): Promise<Attendance> => {
      const page = await fetchPage(orgId, { id, limit: 1 }, signal);
      const found = page.attendances[0];
      if (!found) throw new ApiError(MESSAGES['attendance.notFound'].text, 404);
      return found;
    },
  });

/** The organisation's students for the attendee picker (getStudents?view=list carries the enrolment dates). */
export const pickerStudentsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: attendanceKeys.pickerStudents(orgId),
    queryFn: async ({ signal }) => {
      const list = unwrap(await api.get<PickerStudent[]>(`/orgs/${orgId}/getStudents?view=list`, { signal }));
      return (Array.isArray(list) ? list : []).map((s) => ({
        ...s,
        enrollments: Array.isArray(s.enrollments) ? s.enrollments : [],
      }));
    },
  });

/**
 * api.md 7.7: after a write the affected lists are fetched again: attendances, and what lessons change
 * (balances on Ana Sayfa and in the student screens, which live under the students prefix).
 */
function useAttendanceWrite<TInput, TAnswer>(
  orgId: string,
  call: string,
  texts: { success: string } & FailureTexts,
  /** An attendance that is gone after the write: its detail is dropped, not fetched again (a 404). */
  gone?: (input: TInput) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => unwrap(await api.post<TAnswer>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async (_answer, input) => {
      enqueueSnackbar(texts.success, { variant: 'success' });
      const goneKey = gone ? JSON.stringify(attendanceKeys.one(orgId, gone(input))) : null;
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: attendanceKeys.all(orgId),
          predicate: (q) => JSON.stringify(q.queryKey) !== goneKey,
        }),
        queryClient.invalidateQueries({ queryKey: orgKey(orgId, 'dashboard') }),
        queryClient.invalidateQueries({ queryKey: orgKey(orgId, 'students') }),
      ]);
    },
    onError: (error) => {
      // api.md 8.3: "Yoklama eklenemedi: …", with Bağlantı hatası when no answer came
      enqueueSnackbar(failureText(texts, error), { variant: 'error' });
    },
  });
}

export const useAddAttendance = (orgId: string) =>
  useAttendanceWrite<AttendanceInput, { id: string; code: string; attendanceNumber: number }>(
    orgId,
    'addAttendance',
    {
      success: 'Yoklama eklendi',
      failure: MESSAGES['attendance.addFailed'].text,
      noAnswer: MESSAGES['attendance.addNoAnswer'].text,
    },
  );

export const useEditAttendance = (orgId: string) =>
  useAttendanceWrite<EditAttendanceInput, unknown>(orgId, 'editAttendance', {
    success: 'Yoklama güncellendi',
    failure: MESSAGES['attendance.editFailed'].text,
    noAnswer: MESSAGES['attendance.editNoAnswer'].text,
  });

export const useDeleteAttendance = (orgId: string) =>
  useAttendanceWrite<{ id: string }, unknown>(
    orgId,
    'deleteAttendance',
    {
      success: 'Yoklama silindi',
      failure: MESSAGES['attendance.deleteFailed'].text,
      noAnswer: MESSAGES['attendance.deleteNoAnswer'].text,
    },
    (input) => input.id,
  );
