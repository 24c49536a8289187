import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { coursesQueryOptions } from '../courses/queries';
import { organizationUsersQueryOptions } from '../users/queries';
import type { Option } from './EmployeeFormDialog';

/** The choices of the people forms: live courses (branches) and the organisation's active members (userId). */
export function usePeopleOptions(orgId: string) {
  const courses = useQuery(coursesQueryOptions(orgId));
  const users = useQuery(organizationUsersQueryOptions(orgId));
  const courseOptions = useMemo<Option[]>(
    () => (courses.data ?? []).filter((c) => !c.deletedAt).map((c) => ({ id: c.id, label: c.name })),
    [courses.data],
  );
  const courseName = useMemo(() => new Map((courses.data ?? []).map((c) => [c.id, c.name])), [courses.data]);
  const userOptions = useMemo<Option[]>(
    () =>
      (users.data ?? [])
        .filter((m) => m.isActive !== false)
        .map((m) => ({ id: m.user.id, label: `${m.user.displayName ?? m.user.name} (${m.user.email})` })),
    [users.data],
  );
  return { courseOptions, courseName, userOptions };
}
