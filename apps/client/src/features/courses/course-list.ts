import type { Course } from '@okul/domain';

const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });

/** product.md 3: courses are sorted ascending by index (name breaks ties, in Turkish order). */
export function sortCourses(courses: Course[]): Course[] {
  return [...courses].sort((a, b) => (a.index ?? 0) - (b.index ?? 0) || collator.compare(a.name, b.name));
}

/** product.md 4: soft-deleted courses are shown in a separate list. */
export function splitCourses(courses: Course[]): { active: Course[]; deleted: Course[] } {
  const sorted = sortCourses(courses);
  return { active: sorted.filter((c) => !c.deletedAt), deleted: sorted.filter((c) => !!c.deletedAt) };
}

/**
 * The instructors of each course (Kurslar shows them): active instructors by their branches, names in
 * Turkish order.
 */
export function instructorsByCourse(
  instructors: ReadonlyArray<{
    name: string;
    surname: string;
    branches: string[];
    deletedAt?: string | null;
  }>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const i of instructors) {
    if (i.deletedAt) continue;
    for (const courseId of i.branches)
      out.set(courseId, [...(out.get(courseId) ?? []), `${i.name} ${i.surname}`]);
  }
  for (const names of out.values()) names.sort((a, b) => collator.compare(a, b));
  return out;
}
