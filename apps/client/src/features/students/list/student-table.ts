import {
  formatStudentNumber,
  formatTl,
  studentAge,
  trCompare,
  trLower,
  type CalendarDay,
} from '@okul/domain';
import type { ActiveCourse, StudentListRow } from '@okul/domain';

/** Today on the browser's calendar (the institutions' screens run in Turkey). */
export function todayOf(date: Date = new Date()): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** dd.MM.yyyy of day, month and year fields (api.md 9.4); '' when one is missing. */
export function formatDateParts(d: number | null, m: number | null, y: number | null): string {
  if (!d || !m || !y) return '';
  return `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${String(y).padStart(4, '0')}`;
}

/** product.md 2 Aktif kurslar: the course name with its price in TL (no price below school-admin). */
export function activeCourseLabel(c: Pick<ActiveCourse, 'courseName' | 'price'>): string {
  const name = c.courseName ?? 'Silinmiş kurs';
  return c.price === null ? name : `${name} (${formatTl(c.price)})`;
}

export const SORT_KEYS = [
  'studentNumber',
  'id',
  'name',
  'surname',
  'age',
  'active',
  'activeCourses',
  'registrationDate',
  'createdAt',
  'createdByName',
  'editedAt',
  'editedByName',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export type SortState = { key: SortKey; direction: SortDirection } | null;

/**
 * api.md 9.4: clicking a header cycles ascending, descending, none; another column starts ascending.
 */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

type SortValue = string | number | null;

function sortValue(row: StudentListRow, key: SortKey, today: CalendarDay): SortValue {
  switch (key) {
    case 'studentNumber':
      return row.studentNumber;
    case 'id':
      return row.id;
    case 'name':
      return row.name;
    case 'surname':
      return row.surname;
    case 'age':
      return studentAge(row, today);
    case 'active':
      return row.active ? 1 : 0;
    case 'activeCourses':
      return row.activeCourses.map((c) => c.courseName ?? '').join(', ') || null;
    case 'registrationDate':
      return row.regY && row.regM && row.regD ? row.regY * 10_000 + row.regM * 100 + row.regD : null;
    case 'createdAt':
      return row.createdAt ? Date.parse(row.createdAt) : null;
    case 'createdByName':
      return row.createdByName;
    case 'editedAt':
      return row.editedAt ? Date.parse(row.editedAt) : null;
    case 'editedByName':
      return row.editedByName;
  }
}

const isEmpty = (v: SortValue) => v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Empty values go last in both directions; texts by Turkish collation (api.md 9.4), numbers by value. */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  if (isEmpty(a)) return isEmpty(b) ? 0 : 1;
  if (isEmpty(b)) return -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : trCompare(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

/** The rows in the chosen order; without a sort, by student number (the server's order). */
export function sortStudents<T extends StudentListRow>(
  rows: readonly T[],
  sort: SortState,
  today: CalendarDay,
): T[] {
  const byNumber = (a: T, b: T) => a.studentNumber - b.studentNumber;
  if (!sort) return [...rows].sort(byNumber);
  // Each row's value once, not once per comparison (dates parsed, ages counted): thousands of rows re-sort
  // as the user types.
  const keyed = rows.map((row) => ({ row, value: sortValue(row, sort.key, today) }));
  keyed.sort((a, b) => compareValues(a.value, b.value, sort.direction) || byNumber(a.row, b.row));
  return keyed.map((k) => k.row);
}

/** The words of a search as matchesSearch reads them: Turkish lower case, blanks between. */
function searchWords(query: string): string[] {
  return trLower(query)
    .split(/\s+/)
    .filter((w) => w !== '');
}

/**
 * A row's searchable text, lowered once per row the list holds (a WeakMap on the row the query answered): the
 * search runs on every keystroke over thousands of rows, and lowering by Turkish rules is most of its cost.
 */
const haystacks = new WeakMap<StudentListRow, string>();

function haystackOf(row: StudentListRow): string {
  let text = haystacks.get(row);
  if (text === undefined) {
    text = trLower(
      [
        formatStudentNumber(row.studentNumber),
        row.id,
        `${row.name} ${row.surname}`,
        row.TCKN,
        ...row.activeCourses.map((c) => c.courseName),
      ]
        .filter((p) => p !== null && p !== undefined)
        .join(' '),
    );
    haystacks.set(row, text);
  }
  return text;
}

/**
 * product.md 5 Student search: Turkish case rules (as matchesSearch: toLocaleLowerCase('tr-TR')) over the
 * number, id, name plus surname, national ID and course names; every word must match.
 */
export function studentMatches(row: StudentListRow, query: string): boolean {
  const words = searchWords(query);
  const text = haystackOf(row);
  return words.every((w) => text.includes(w));
}

/**
 * product.md 4: inactive students (no active enrolment) are hidden unless the checkbox is ticked; a
 * soft-deleted student counts as inactive, so it shows up there (and is restored from its detail page).
 */
export function visibleStudents<T extends StudentListRow>(
  rows: readonly T[],
  options: { query: string; showInactive: boolean },
): T[] {
  const words = searchWords(options.query);
  return rows.filter((r) => {
    if (!options.showInactive && (!r.active || r.deletedAt)) return false;
    if (words.length === 0) return true;
    const text = haystackOf(r);
    return words.every((w) => text.includes(w));
  });
}

export { parseStudentNumber } from '../student-number';
