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

const fullName = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`;

/** The course detail's instructors: the active instructors whose branches hold the course, in Turkish order. */
export function courseInstructors<
  T extends { name: string; surname: string; branches: string[]; deletedAt?: string | null },
>(instructors: readonly T[], courseId: string): T[] {
  return instructors
    .filter((i) => !i.deletedAt && i.branches.includes(courseId))
    .sort((a, b) => collator.compare(fullName(a), fullName(b)));
}

/**
 * The course detail's students: those with an active enrolment in the course (product.md 4), in Turkish name
 * order, and how many others were enrolled in it earlier (their enrolments are closed). Deleted students are
 * left out.
 */
export function courseStudents<
  T extends {
    name: string;
    surname: string;
    deletedAt: string | null;
    activeCourses: ReadonlyArray<{ courseId: string }>;
    enrollments: ReadonlyArray<{ courseId: string }>;
  },
>(students: readonly T[], courseId: string): { active: T[]; former: number } {
  const active: T[] = [];
  let former = 0;
  for (const s of students) {
    if (s.deletedAt) continue;
    if (s.activeCourses.some((c) => c.courseId === courseId)) active.push(s);
    else if (s.enrollments.some((e) => e.courseId === courseId)) former += 1;
  }
  active.sort((a, b) => collator.compare(fullName(a), fullName(b)));
  return { active, former };
}
