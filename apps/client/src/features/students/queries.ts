import { message } from '@okul/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import { parseStudentNumber } from './student-number';
import { failureText } from '../../lib/failure-text';
import type {
  AttendancesPage as AttendancePage,
  BalanceSheetRow,
  CourseBalanceRow,
  EnrollmentView as Enrollment,
  Payment,
  Student,
  StudentListRow,
} from '@okul/domain';

/** Every student query sits under ['org', orgId, 'students'], the detail's parts under the student's id. */
export const studentKeys = {
  all: (orgId: string) => orgKey(orgId, 'students'),
  list: (orgId: string) => orgKey(orgId, 'students', 'list'),
  byNumber: (orgId: string, studentNumber: number) => orgKey(orgId, 'students', 'number', studentNumber),
  part: (orgId: string, studentId: string, part: string, ...rest: unknown[]) =>
    orgKey(orgId, 'students', studentId, part, ...rest),
};

/** api.md 9.4: the student's attendances come 100 to a page. */
export const ATTENDANCE_PAGE_SIZE = 100;

/** getStudents?view=list: the lean rows of the Öğrenciler table (docs/DECISIONS.md). */
export const studentListQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: studentKeys.list(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<StudentListRow[]>(`/orgs/${orgId}/getStudents?view=list`, { signal })) ?? [],
  });

/** getStudents?studentNumber=: the one student of the detail and edit pages, or null when there is none. */
export const studentByNumberQueryOptions = (orgId: string, studentNumber: number) =>
  queryOptions({
    queryKey: studentKeys.byNumber(orgId, studentNumber),
    queryFn: async ({ signal }) => {
      const rows = unwrap(
        await api.get<Student[]>(
          `/orgs/${orgId}/getStudents?studentNumber=${encodeURIComponent(String(studentNumber))}`,
          { signal },
        ),
      );
      return rows?.[0] ?? null;
    },
  });

/** The loader of the detail and edit routes: fetches the student of the route's {studentNumber} ahead. */
export function preloadStudentByNumber(queryClient: QueryClient, orgId: string, param: string) {
  const n = parseStudentNumber(param);
  return n === null ? null : queryClient.ensureQueryData(studentByNumberQueryOptions(orgId, n));
}

export const enrollmentsQueryOptions = (orgId: string, studentId: string) =>
  queryOptions({
    queryKey: studentKeys.part(orgId, studentId, 'enrollments'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<Enrollment[]>(
          `/orgs/${orgId}/getEnrollments?studentId=${encodeURIComponent(studentId)}`,
          {
            signal,
          },
        ),
      ) ?? [],
  });

export const paymentsQueryOptions = (orgId: string, studentId: string) =>
  queryOptions({
    queryKey: studentKeys.part(orgId, studentId, 'payments'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<Payment[]>(`/orgs/${orgId}/getPayments?studentId=${encodeURIComponent(studentId)}`, {
          signal,
        }),
      ) ?? [],
  });

/** POST getStudentBalances {id}: per course, in kuruş. */
export const balancesQueryOptions = (orgId: string, studentId: string) =>
  queryOptions({
    queryKey: studentKeys.part(orgId, studentId, 'balances'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.post<CourseBalanceRow[]>(
          `/orgs/${orgId}/getStudentBalances`,
          { id: studentId },
          { signal },
        ),
      ) ?? [],
  });

/** POST getStudentBalanceSheet {id}: the balance events in time order. */
export const balanceSheetQueryOptions = (orgId: string, studentId: string) =>
  queryOptions({
    queryKey: studentKeys.part(orgId, studentId, 'sheet'),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.post<BalanceSheetRow[]>(
          `/orgs/${orgId}/getStudentBalanceSheet`,
          { id: studentId },
          { signal },
        ),
      ) ?? [],
  });

/** GET getAttendances?studentId= (paged on the server, newest lesson first; docs/DECISIONS.md). */
export const studentAttendancesQueryOptions = (orgId: string, studentId: string, page: number) =>
  queryOptions({
    queryKey: studentKeys.part(orgId, studentId, 'attendances', page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        studentId,
        limit: String(ATTENDANCE_PAGE_SIZE),
        offset: String(page * ATTENDANCE_PAGE_SIZE),
      });
      return unwrap(await api.get<AttendancePage>(`/orgs/${orgId}/getAttendances?${query}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });

export interface WriteTexts {
  /** The success toast; none when null. */
  success: string | null;
  /** The action a failure toast starts with (api.md 8.2/8.3); no toast when null (the caller shows it). */
  failure: string | null;
  /** The spec's "<action>: Bağlantı hatası" text, shown when the request got no answer. */
  noAnswer?: string;
}

/**
 * One write of the student screens. api.md 7.7: after a successful write the affected lists are fetched
 * again; a student write touches the list, the detail, balances, Ana Sayfa and attendances, so the whole
 * organisation's queries are marked stale (only the ones on screen are fetched now), and the mutation
 * stays pending until they are, so the screen never shows the old numbers after a toast.
 */
export function useStudentWrite<TInput, TResult = { id: string }>(
  orgId: string,
  call: string,
  texts: WriteTexts,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => unwrap(await api.post<TResult>(`/orgs/${orgId}/${call}`, input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKey(orgId) });
      if (texts.success) enqueueSnackbar(texts.success, { variant: 'success' });
    },
    onError: (error) => {
      if (texts.failure)
        enqueueSnackbar(failureText({ failure: texts.failure, noAnswer: texts.noAnswer }, error), {
          variant: 'error',
        });
    },
  });
}

export interface SavedStudent {
  id: string;
  studentNumber: number;
}

export const useRegisterStudent = (orgId: string) =>
  useStudentWrite<unknown, SavedStudent>(orgId, 'registerStudent', {
    success: message('student.created'),
    failure: message('student.createFailedPrefix'),
    noAnswer: message('student.createNoAnswer'),
  });

export const useEditStudent = (orgId: string) =>
  useStudentWrite<unknown, SavedStudent>(orgId, 'editStudent', {
    success: message('student.updated'),
    failure: message('student.updateFailedPrefix'),
    noAnswer: message('student.updateNoAnswer'),
  });
