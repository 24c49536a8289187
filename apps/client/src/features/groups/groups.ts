import { deletedGroupLabel } from '@okul/domain';
import type { StudentListRow } from '@okul/domain';
import type { ClassView as Group } from '@okul/domain';

/**
 * A group's name in a list: its title, or `[Silinmiş Grup ID: {id}]` once deleted or unknown (api.md 8.5).
 */
export function groupLabel(groups: readonly Group[], id: string): string {
  const g = groups.find((x) => x.id === id);
  return g && g.deletedAt === null ? g.title : deletedGroupLabel(id);
}

/**
 * Students a group of this course may take (product.md 5): an enrolment of the course that has not ended
 * at `now` (running, or starting later), deleted students left out; by name in Turkish order.
 */
export function eligibleMembers(
  students: readonly StudentListRow[],
  courseId: string,
  now: number,
): StudentListRow[] {
  return students
    .filter(
      (s) =>
        s.deletedAt === null &&
        s.enrollments.some(
          (e) => e.courseId === courseId && (e.endDate === null || Date.parse(e.endDate) > now),
        ),
    )
    .sort((a, b) => `${a.name} ${a.surname}`.localeCompare(`${b.name} ${b.surname}`, 'tr'));
}

export const studentOptionLabel = (s: Pick<StudentListRow, 'studentNumber' | 'name' | 'surname'>) =>
  `${String(s.studentNumber).padStart(5, '0')} ${s.name} ${s.surname}`;
