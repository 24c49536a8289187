import { queryOptions } from '@tanstack/react-query';
import type { AgeGroupsAnswer } from '@okul/domain';
import { api } from '../../api/api';
import { unwrap } from '../../api/client';
import { orgKey } from '../../lib/query-keys';
import { attendanceCountQueryOptions } from '../attendance/queries';
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

/** api.md 9.4 statistics: the lessons of the last `days` days. */
export const lessonCountQueryOptions = (orgId: string, days: number) =>
  attendanceCountQueryOptions(orgId, `last-${days}-days`, () => lessonCountRange(new Date(), days));

/** The lessons of the instructor linked to the signed-in user (mine=1) in the last `days` days. */
export const myLessonCountQueryOptions = (orgId: string, days: number) =>
  attendanceCountQueryOptions(orgId, `mine-last-${days}-days`, () => lessonCountRange(new Date(), days), {
    mine: true,
  });

/** GET getAgeGroups: the active students by age group (api.md 9.4), under the students key so writes refresh it. */
export const ageGroupsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKey(orgId, 'students', 'ageGroups'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<AgeGroupsAnswer>(`/orgs/${orgId}/getAgeGroups`, { signal })),
  });
