import { GRADE_LIMITS, message, type Grade } from '@okul/domain';

/** Texts of the grade screens (api.md 8.3 "Not kaydedilemedi.", "Not silinemedi.", "Not güncellenemedi"). */
export const GRADE_TEXTS = {
  added: 'Not eklendi',
  addFailed: 'Not kaydedilemedi',
  edited: 'Not güncellendi',
  editFailed: 'Not güncellenemedi',
  deleted: 'Not silindi',
  deleteFailed: 'Not silinemedi',
  sheetSaved: (n: number) => `${n} not kaydedildi`,
  sheetUnchanged: 'Değişiklik yok',
  periodRequired: 'Dönem girin.',
} as const;

/** The groups a grade may name (product.md 5): of the grade's course, not deleted, holding the student. */
export interface GradeGroup {
  id: string;
  courseId: string;
  title: string;
  members: string[];
  deletedAt: string | null;
}

export function gradeClassOptions<G extends GradeGroup>(
  groups: readonly G[],
  courseId: string,
  studentId: string,
): G[] {
  return groups.filter(
    (g) => g.courseId === courseId && g.deletedAt === null && g.members.includes(studentId),
  );
}

/** The student detail lists grades per course (by name, Turkish order), then period, then when entered. */
export function sortGrades(grades: readonly Grade[], courseName: (id: string) => string): Grade[] {
  return [...grades].sort(
    (a, b) =>
      courseName(a.courseId).localeCompare(courseName(b.courseId), 'tr') ||
      (a.gradePeriod ?? '').localeCompare(b.gradePeriod ?? '', 'tr') ||
      a.createdAt.localeCompare(b.createdAt),
  );
}

export interface GradeForm {
  courseId: string;
  classId: string;
  gradeValue: string;
  gradePeriod: string;
  notes: string;
}

export const emptyGradeForm = (courseId = ''): GradeForm => ({
  courseId,
  classId: '',
  gradeValue: '',
  gradePeriod: '',
  notes: '',
});

export const gradeFormOf = (g: Grade): GradeForm => ({
  courseId: g.courseId,
  classId: g.classId ?? '',
  gradeValue: g.gradeValue,
  gradePeriod: g.gradePeriod ?? '',
  notes: g.notes ?? '',
});

type Checked = { ok: true; payload: Record<string, unknown> } | { ok: false; message: string };

const nullIfBlank = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The body of addGrade (grade null) or editGrade. product.md 5: the course is required on add
 * ("Kurs seçimi zorunludur."); a grade value is required (ours, the server's own text).
 */
export function gradePayload(studentId: string, grade: Grade | null, form: GradeForm): Checked {
  if (grade === null && form.courseId === '') return { ok: false, message: message('grade.courseRequired') };
  const value = form.gradeValue.trim();
  if (value === '' || value.length > GRADE_LIMITS.value)
    return { ok: false, message: message('grade.invalid') };
  const common = {
    classId: nullIfBlank(form.classId),
    gradeValue: value,
    gradePeriod: nullIfBlank(form.gradePeriod),
    notes: nullIfBlank(form.notes),
  };
  return grade === null
    ? { ok: true, payload: { courseId: form.courseId, studentId, ...common } }
    : { ok: true, payload: { id: grade.id, ...common } };
}

/** One line of a group's grade sheet: the member and the grade already entered for that period, if any. */
export interface SheetRow {
  studentId: string;
  grade: Grade | null;
}

/** The sheet of one group and period: every member, with their grade of that group and period (first one). */
export function sheetRows(
  members: readonly string[],
  grades: readonly Grade[],
  groupId: string,
  period: string,
) {
  const p = period.trim();
  return members.map((studentId): SheetRow => ({
    studentId,
    grade:
      grades.find((g) => g.studentId === studentId && g.classId === groupId && (g.gradePeriod ?? '') === p) ??
      null,
  }));
}

export type SheetWrite =
  | { call: 'addGrade'; body: Record<string, unknown> }
  | { call: 'editGrade'; body: Record<string, unknown> }
  | { call: 'deleteGrade'; body: { id: string } };

/**
 * What saving the sheet sends: a new value adds a grade of the group's course and the group, a changed one
 * edits it (keeping its notes), a cleared one deletes it; untouched rows send nothing.
 */
export function sheetWrites(
  rows: readonly SheetRow[],
  values: Readonly<Record<string, string>>,
  group: { id: string; courseId: string },
  period: string,
): SheetWrite[] {
  const gradePeriod = nullIfBlank(period);
  const writes: SheetWrite[] = [];
  for (const row of rows) {
    const typed = values[row.studentId];
    if (typed === undefined) continue;
    const value = typed.trim();
    const before = row.grade?.gradeValue ?? '';
    if (value === before) continue;
    if (row.grade === null)
      writes.push({
        call: 'addGrade',
        body: {
          courseId: group.courseId,
          studentId: row.studentId,
          classId: group.id,
          gradeValue: value,
          gradePeriod,
        },
      });
    else if (value === '') writes.push({ call: 'deleteGrade', body: { id: row.grade.id } });
    else
      writes.push({
        call: 'editGrade',
        body: {
          id: row.grade.id,
          classId: row.grade.classId,
          gradeValue: value,
          gradePeriod: row.grade.gradePeriod,
          notes: row.grade.notes,
        },
      });
  }
  return writes;
}

/** The sheet refuses a value the server would refuse, before anything is sent. */
export const sheetValueInvalid = (v: string) => v.trim().length > GRADE_LIMITS.value;

/** The periods already used in a group's grades, for the sheet's choice (most recent first). */
export function periodsOf(grades: readonly Grade[], groupId: string): string[] {
  const seen = new Map<string, string>();
  for (const g of grades)
    if (g.classId === groupId && g.gradePeriod) {
      const last = seen.get(g.gradePeriod);
      if (!last || last < g.createdAt) seen.set(g.gradePeriod, g.createdAt);
    }
  return [...seen.entries()].sort((a, b) => b[1].localeCompare(a[1])).map(([p]) => p);
}
