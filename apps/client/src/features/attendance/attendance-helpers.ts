import {
  MESSAGES,
  attendeesWithoutEnrollment as domainAttendeesWithoutEnrollment,
  formatStudentNumber,
  isEnrolledInCourseAt,
  localToIso,
  trCompare,
  type AttendanceInput,
  type EditAttendanceInput,
} from '@okul/domain';
import type { z } from 'zod';
import { detailList, refusal } from '../../api/client';
import { formatLessonTime } from '../../lib/format';
import { MAX_QUERY_LENGTH, type AttendanceListSearch } from './attendance-search';
import type { AttendanceStudent, StudentListRow } from '@okul/domain';

/** A student of getStudents?view=list, as far as the attendee picker needs it. */
export type PickerStudent = Pick<
  StudentListRow,
  'id' | 'studentNumber' | 'name' | 'surname' | 'enrollments'
> & {
  deletedAt?: string | null;
};

/** api.md 9.4: attendances 100 a page (paged on the server). */
export const ATTENDANCE_PAGE_SIZE = 100;

export { parseAttendanceListSearch, type AttendanceListSearch } from './attendance-search';

/**
 * Whether the list shows only the caller's lessons (docs/DECISIONS.md, my lessons): on by default for a
 * user linked to an instructor of the organisation, never for anyone else (they have no lessons of their own).
 */
export function showsMyLessons(search: AttendanceListSearch, linked: boolean): boolean {
  return linked && (search.mine ?? true);
}

/** What getAttendances is asked: one page of a search, one attendance (`id`), or a count in a time range. */
export interface AttendanceQuery {
  q?: string;
  /** 1-based. */
  page?: number;
  limit?: number;
  id?: string;
  /** ISO instants; `to` is exclusive. */
  from?: string;
  to?: string;
  /** Only the lessons of the instructor linked to the signed-in user (`mine=1`). */
  mine?: boolean;
  /** Only the lessons of one course (the course detail's recent lessons). */
  courseId?: string;
}

/** The query string of GET getAttendances (docs/DECISIONS.md): `limit`/`offset` from the page, and filters. */
export function attendancesQueryString(query: AttendanceQuery): string {
  const limit = query.limit ?? ATTENDANCE_PAGE_SIZE;
  const page = query.page && query.page > 1 ? Math.floor(query.page) : 1;
  const params = new URLSearchParams({ limit: String(limit), offset: String((page - 1) * limit) });
  const q = query.q?.trim();
  if (q) params.set('q', q.slice(0, MAX_QUERY_LENGTH));
  if (query.id) params.set('id', query.id);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.mine) params.set('mine', '1');
  if (query.courseId) params.set('courseId', query.courseId);
  return params.toString();
}

export interface DateTimeParts {
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
}

const isValidDate = (d: Date | null | undefined): d is Date =>
  d instanceof Date && !Number.isNaN(d.getTime());

/**
 * The attendance's day, month, year, hour and minute (product.md 3) from the two pickers: the wall-clock
 * values the user sees, taken from the picker's Date as local fields. null when either is empty or invalid.
 */
export function dateTimeParts(date: Date | null, time: Date | null): DateTimeParts | null {
  if (!isValidDate(date) || !isValidDate(time)) return null;
  return {
    day: date.getDate(),
    month: date.getMonth() + 1,
    year: date.getFullYear(),
    hour: time.getHours(),
    minute: time.getMinutes(),
  };
}

/** The pickers' values showing an attendance's stored parts (the edit form's start). */
export function partsToDate(parts: DateTimeParts): Date {
  const d = new Date(2000, 0, 1, parts.hour, parts.minute, 0, 0);
  // setFullYear keeps years below 100 as written (the Date constructor would read them as 19xx).
  d.setFullYear(parts.year, parts.month - 1, parts.day);
  return d;
}

/** The instant of local parts in the institutions' time zone, as the server computes it (null if not real). */
export function attendanceInstant(parts: DateTimeParts | null): string | null {
  if (!parts) return null;
  try {
    const iso = localToIso(parts);
    return Number.isNaN(Date.parse(iso)) ? null : iso;
  } catch {
    return null;
  }
}

/** The values of the attendance form (react-hook-form). */
export interface AttendanceFormValues {
  courseId: string;
  /** null means Diğer (product.md 3). */
  instructorId: string | null;
  attendants: string[];
  date: Date | null;
  time: Date | null;
}

/** The request body from the form: the schemas of libs/domain decide what is missing. */
export function toAttendancePayload(values: AttendanceFormValues): Record<string, unknown> {
  const parts = dateTimeParts(values.date, values.time);
  return {
    courseId: values.courseId === '' ? undefined : values.courseId,
    attendants: values.attendants,
    day: parts?.day ?? null,
    month: parts?.month ?? null,
    year: parts?.year ?? null,
    hour: parts?.hour ?? null,
    minute: parts?.minute ?? null,
    instructorId: values.instructorId,
  };
}

/** Where the form shows a refusal: the course, the attendees, the date/time pair, or above the form. */
export type AttendanceFormField = 'courseId' | 'attendants' | 'dateTime' | 'instructorId' | 'root';

const DATE_KEYS = new Set(['day', 'month', 'year', 'hour', 'minute']);

/** The schema's issues by form field, the first message of each (product.md 5 warnings). */
export function issuesByField(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<AttendanceFormField, string>> {
  const out: Partial<Record<AttendanceFormField, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    // The real-day check has no path: 31 April is a date/time error too.
    const field: AttendanceFormField =
      key === undefined || (typeof key === 'string' && DATE_KEYS.has(key))
        ? 'dateTime'
        : key === 'courseId' || key === 'attendants' || key === 'instructorId'
          ? key
          : 'root';
    out[field] ??= issue.message;
  }
  return out;
}

type AttendanceSchema = z.ZodType<AttendanceInput | EditAttendanceInput, unknown>;

/** Checks the form with the shared schema: the body to send, or the messages by field. */
export function validateAttendanceForm<T extends AttendanceInput | EditAttendanceInput>(
  schema: AttendanceSchema,
  values: AttendanceFormValues,
  extra: Record<string, unknown> = {},
): { ok: true; body: T } | { ok: false; errors: Partial<Record<AttendanceFormField, string>> } {
  const result = schema.safeParse({ ...toAttendancePayload(values), ...extra });
  if (result.success) return { ok: true, body: result.data as T };
  return { ok: false, errors: issuesByField(result.error.issues) };
}

/** product.md 5: an attendee needs an enrolment of the course active at the time (the domain's rule). */
export function isEnrolledAt(student: Pick<PickerStudent, 'enrollments'>, courseId: string, time: string) {
  return isEnrolledInCourseAt(student.enrollments, courseId, time);
}

export interface AttendeeOption {
  student: PickerStudent;
  enrolled: boolean;
}

/**
 * The attendee picker's options: students with an enrolment of the course active at the time first, then
 * the others, each by number. Deleted students are offered only when already attendees (an edited lesson
 * keeps them).
 */
export function attendeeOptions(
  students: readonly PickerStudent[],
  courseId: string,
  time: string,
  selected: readonly string[] = [],
): AttendeeOption[] {
  const keep = new Set(selected);
  return students
    .filter((s) => !s.deletedAt || keep.has(s.id))
    .map((student) => ({ student, enrolled: courseId !== '' && isEnrolledAt(student, courseId, time) }))
    .sort(
      (a, b) =>
        Number(b.enrolled) - Number(a.enrolled) ||
        a.student.studentNumber - b.student.studentNumber ||
        trCompare(a.student.name, b.student.name),
    );
}

/** The students among `ids` without an enrolment of the course at the time, as the server would name them. */
export function attendeesWithoutEnrollment(
  students: readonly PickerStudent[],
  ids: readonly string[],
  courseId: string,
  time: string,
): PickerStudent[] {
  const byId = new Map(students.map((s) => [s.id, s]));
  const known = ids.filter((id) => byId.has(id));
  // the server's own check (libs/domain attendance/decider.ts), so the form warns about the same students
  return domainAttendeesWithoutEnrollment(courseId, time, known, Object.fromEntries(byId)).map((id) =>
    byId.get(id)!,
  );
}

const [NO_ENROLLMENT_PREFIX] = MESSAGES['attendance.noEnrollment'].text.split('{students}');

/**
 * api.md 8.3 "plus a list of students without an enrolment at that date": the students the server's refusal
 * names in its details (`studentIds`), labelled from the students the form knows (the id when it knows none),
 * or null when the error is another one.
 */
export function studentsWithoutEnrollment(
  error: unknown,
  students: readonly Pick<PickerStudent, 'id' | 'studentNumber' | 'name' | 'surname'>[],
): string[] | null {
  const ids = detailList(refusal(error, 'attendance.noEnrollment'), 'studentIds');
  if (ids.length === 0) return null;
  const byId = new Map(students.map((s) => [s.id, s]));
  return ids.map((id) => {
    const s = byId.get(id);
    return s ? studentLabel(s) : id;
  });
}

export const NO_ENROLLMENT_TITLE = NO_ENROLLMENT_PREFIX.replace(/:\s*$/, '');

/** api.md 9.4 dd.MM.yyyy HH:mm from the stored local parts (they are the institution's wall clock already). */
export const formatAttendanceTime: (a: DateTimeParts) => string = formatLessonTime;

export const OTHER_INSTRUCTOR = 'Diğer';

/**
 * product.md 3: an absent instructor is Diğer; getAttendances names the instructor (instructorName), and an
 * id that is no instructor of the organisation reads as Diğer too.
 */
export function instructorLabel(a: { instructorId: string | null; instructorName?: string | null }): string {
  if (!a.instructorId) return OTHER_INSTRUCTOR;
  return a.instructorName ?? OTHER_INSTRUCTOR;
}

/** An instructor the Eğitmen field may offer: an active one, with the course ids they teach. */
export interface InstructorChoice {
  id: string;
  name: string;
  surname: string;
  branches: string[];
  deletedAt?: string | null;
}

/**
 * The Eğitmen field's options: Diğer, then the active instructors, those whose branches hold the lesson's
 * course first (Turkish order inside each part); an edited lesson keeps the instructor it was stored with.
 */
export function instructorOptions(
  instructors: readonly InstructorChoice[],
  courseId: string,
  kept: { instructorId: string | null; instructorName?: string | null } | null,
): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator('tr');
  const live = instructors
    .filter((i) => !i.deletedAt)
    .map((i) => ({ i, label: `${i.name} ${i.surname}`, branch: i.branches.includes(courseId) }))
    .sort((a, b) => Number(b.branch) - Number(a.branch) || collator.compare(a.label, b.label));
  const out = [
    { value: '', label: OTHER_INSTRUCTOR },
    ...live.map((x) => ({ value: x.i.id, label: x.label })),
  ];
  if (kept?.instructorId && !out.some((o) => o.value === kept.instructorId))
    out.push({ value: kept.instructorId, label: instructorLabel(kept) });
  return out;
}

/** "26007 Ayşe Yılmaz" (the number padded to five digits, as the server names students). */
export function studentLabel(
  s: Pick<AttendanceStudent, 'studentNumber' | 'name' | 'surname' | 'id'>,
): string {
  if (s.studentNumber === null) return s.id;
  return [formatStudentNumber(s.studentNumber), s.name, s.surname].filter(Boolean).join(' ');
}
