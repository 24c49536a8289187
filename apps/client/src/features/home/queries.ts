import { queryOptions } from '@tanstack/react-query';
import type { AgeGroupsAnswer } from '@okul/domain';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import { attendanceKeys } from '../attendance/queries';
import { attendancesQueryString } from '../attendance/attendance-helpers';
import type { AttendancesPage } from '../attendance/types';
import { lessonCountRange, type Dashboard } from './dashboard';

/** GET getDashboard (docs/DECISIONS.md): Ana Sayfa's lists. */
export const dashboardQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'dashboard'),
    queryFn: async ({ signal }) => {
      const d = unwrap(await api.get<Dashboard>(`/orgs/${orgId}/getDashboard`, { signal }));
      return {
        ...d,
        duePayments: Array.isArray(d?.duePayments) ? d.duePayments : null,
        birthdaysToday: Array.isArray(d?.birthdaysToday) ? d.birthdaysToday : [],
        birthdaysThisWeek: Array.isArray(d?.birthdaysThisWeek) ? d.birthdaysThisWeek : [],
        studentsWithoutEnrollment: Array.isArray(d?.studentsWithoutEnrollment)
          ? d.studentsWithoutEnrollment
          : [],
      } satisfies Dashboard;
    },
  });

/**
 * The number of lessons in a time range: getAttendances with from/to and limit=1 answers the total
 * without reading the rows (api.md 9.4 statistics). Under the attendances key, so writes refresh it.
 */
export const lessonCountQueryOptions = (orgId: string, days: number) =>
  queryOptions({
    queryKey: [...attendanceKeys.all(orgId), 'count', days] as const,
    queryFn: async ({ signal }) => {
      const range = lessonCountRange(new Date(), days);
      const page = unwrap(
        await api.get<AttendancesPage>(
          `/orgs/${orgId}/getAttendances?${attendancesQueryString({ ...range, limit: 1 })}`,
          { signal },
        ),
      );
      return Number(page?.total ?? 0);
    },
  });

/** GET getAgeGroups: the active students by age group (api.md 9.4), under the students key so writes refresh it. */
export const ageGroupsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'students', 'ageGroups'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<AgeGroupsAnswer>(`/orgs/${orgId}/getAgeGroups`, { signal })),
  });
