import { addScheduleSchema } from '@okul/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ScheduleView as Schedule } from '@okul/domain';

/** Distinct, readable colours; a course keeps its colour by its place in the course list. */
const PALETTE = [
  '#7b3fe4',
  '#2e9d5b',
  '#e07b00',
  '#1f77b4',
  '#d62728',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#6b8e23',
  '#9467bd',
];

export function courseColor(courseIds: readonly string[], courseId: string): string {
  const i = courseIds.indexOf(courseId);
  return PALETTE[(i < 0 ? 0 : i) % PALETTE.length];
}

/** A `datetime-local` value (local wall time of the browser) for an ISO instant, and back. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export interface ScheduleFormValues {
  courseId: string;
  title: string;
  scheduleType: 'periodic' | 'one_off';
  /** datetime-local values; a slot missing either end is dropped on save (product.md 5). */
  slots: Array<{ start: string; end: string }>;
  periodLength: string;
  periodUnit: 'day' | 'week' | 'month';
  repeatCount: string;
  attendanceMandatory: boolean;
  notes: string;
  /** '' is none. */
  instructorId: string;
  students: string[];
  classes: string[];
}

export function formValuesOf(s: Schedule | null): ScheduleFormValues {
  return {
    courseId: s?.courseId ?? '',
    title: s?.title ?? '',
    scheduleType: s?.scheduleType ?? 'periodic',
    slots: s
      ? s.scheduleTimes.map((t) => ({ start: toLocalInput(t.startTime), end: toLocalInput(t.endTime) }))
      : [{ start: '', end: '' }],
    periodLength: String(s?.periodLength ?? 1),
    periodUnit: s?.periodUnit ?? 'week',
    repeatCount: String(s?.repeatCount ?? 10),
    attendanceMandatory: s?.attendanceMandatory ?? false,
    notes: s?.notes ?? '',
    instructorId: s?.instructorId ?? '',
    students: s?.students.map((x) => x.studentId) ?? [],
    classes: s?.classes.map((x) => x.classId) ?? [],
  };
}

/** The schedule's details as the API takes them; period fields only for a periodic schedule (product.md 5). */
export function detailsOf(v: ScheduleFormValues) {
  const periodic = v.scheduleType === 'periodic';
  return {
    courseId: v.courseId,
    title: v.title.trim() || null,
    scheduleType: v.scheduleType,
    scheduleTimes: v.slots.map((s) => ({
      startTime: fromLocalInput(s.start),
      endTime: fromLocalInput(s.end),
    })),
    periodLength: periodic ? Number(v.periodLength) : null,
    periodUnit: periodic ? v.periodUnit : null,
    repeatCount: periodic ? Number(v.repeatCount) : null,
    attendanceMandatory: v.attendanceMandatory,
    notes: v.notes.trim() || null,
    instructorId: v.instructorId || null,
  };
}

/** addSchedule's body: the details and the members (api.md 7.3). */
export function addBodyOf(v: ScheduleFormValues) {
  return {
    ...detailsOf(v),
    students: v.students.map((studentId) => ({ studentId })),
    classes: v.classes.map((classId) => ({ classId })),
  };
}

// The body's fields as the form names them (the slots are sent as scheduleTimes).
const FORM_FIELD: Record<string, keyof ScheduleFormValues> = { scheduleTimes: 'slots' };

/**
 * The form's resolver: the body is checked with the server's own schema (an edit's changed fields follow
 * the same rules), so each field shows the catalogue's text the server would answer.
 */
export const scheduleResolver: Resolver<ScheduleFormValues> = (values) => {
  const r = addScheduleSchema.safeParse(addBodyOf(values));
  if (r.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of r.error.issues) {
    const head = issue.path[0];
    const key = typeof head === 'string' ? (FORM_FIELD[head] ?? head) : 'root';
    errors[key] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ScheduleFormValues> };
};

type Details = ReturnType<typeof detailsOf>;

/** updateScheduleDetails takes the changed fields only (api.md 7.3); an empty patch means "Değişiklik yok". */
export function changedDetails(before: Schedule, v: ScheduleFormValues): Partial<Details> {
  const next = detailsOf(v);
  const prev = detailsOf(formValuesOf(before));
  const out: Partial<Details> = {};
  for (const key of Object.keys(next) as Array<keyof Details>) {
    if (JSON.stringify(next[key]) !== JSON.stringify(prev[key]))
      (out as Record<string, unknown>)[key] = next[key];
  }
  return out;
}

export function membersChanged(before: Schedule, v: ScheduleFormValues): boolean {
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    !same(
      before.students.map((x) => x.studentId),
      v.students,
    ) ||
    !same(
      before.classes.map((x) => x.classId),
      v.classes,
    )
  );
}
