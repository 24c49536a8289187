import { z } from 'zod';
import { isoDateTime } from '../shared/answers';
import { studentAge, type BirthDateParts, type CalendarDay } from '../students/age';

/**
 * api.md 9.4 statistics: the age groups 0-4, 4-6, 7-10, 11-14, 15-18, 19-24, 25-30, 31-40, 41-50, 51-60, 61+.
 * The spec's first two overlap at 4; a four-year-old is in "4-6" (the next group starts at its lower bound),
 * so "0-4" holds ages 0 to 3 (docs/DECISIONS.md).
 */
export const AGE_GROUPS = [
  { label: '0-4', min: 0, max: 3 },
  { label: '4-6', min: 4, max: 6 },
  { label: '7-10', min: 7, max: 10 },
  { label: '11-14', min: 11, max: 14 },
  { label: '15-18', min: 15, max: 18 },
  { label: '19-24', min: 19, max: 24 },
  { label: '25-30', min: 25, max: 30 },
  { label: '31-40', min: 31, max: 40 },
  { label: '41-50', min: 41, max: 50 },
  { label: '51-60', min: 51, max: 60 },
  { label: '61+', min: 61, max: Number.POSITIVE_INFINITY },
] as const;

export type AgeGroupLabel = (typeof AGE_GROUPS)[number]['label'];

export function ageGroupOf(age: number): AgeGroupLabel {
  const g = AGE_GROUPS.find((x) => age >= x.min && age <= x.max);
  return (g ?? AGE_GROUPS[0]).label;
}

/** How many of the given students fall in each group on `today`; those without a full birth date apart. */
export function countAgeGroups(
  students: Iterable<BirthDateParts>,
  today: CalendarDay,
): { groups: Array<{ label: AgeGroupLabel; count: number }>; unknownAge: number } {
  const counts = new Map<AgeGroupLabel, number>(AGE_GROUPS.map((g) => [g.label, 0]));
  let unknownAge = 0;
  for (const s of students) {
    const age = studentAge(s, today);
    if (age === null) unknownAge++;
    else counts.set(ageGroupOf(age), counts.get(ageGroupOf(age))! + 1);
  }
  return { groups: AGE_GROUPS.map((g) => ({ label: g.label, count: counts.get(g.label)! })), unknownAge };
}

/** GET getAgeGroups: the active students by age group (Ana Sayfa statistics panel). */
export const ageGroupsAnswerSchema = z.object({
  asOf: isoDateTime,
  activeStudents: z.number().int(),
  groups: z.array(z.object({ label: z.string(), count: z.number().int() })),
  unknownAge: z.number().int(),
});
export type AgeGroupsAnswer = z.infer<typeof ageGroupsAnswerSchema>;
