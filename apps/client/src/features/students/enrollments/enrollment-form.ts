import {
  addEnrollmentSchema,
  editEnrollmentSchema,
  parseTl,
  trCompare,
  type EnrollmentPeriodUnit,
  type EnrollmentType,
  type Kurus,
  message,
} from '@okul/domain';
import { format, isValid, parseISO } from 'date-fns';
import type { Course } from '@okul/domain';
import { withPrefix } from '../../../lib/failure-text';
import type { EnrollmentView as Enrollment } from '@okul/domain';

export const ENROLLMENT_TYPE_LABELS: Record<EnrollmentType, string> = {
  per_class: 'Ders başı',
  periodic: 'Dönemlik',
};

export const PERIOD_UNIT_LABELS: Record<EnrollmentPeriodUnit, string> = {
  day: 'Gün',
  week: 'Hafta',
  month: 'Ay',
};

/** "Her 1 ay, dönem başına 4 ders" for periodic enrolments; '' for per_class. */
export function periodText(
  e: Pick<Enrollment, 'enrollmentType' | 'periodUnit' | 'periodLength' | 'classesPerPeriod'>,
) {
  if (e.enrollmentType !== 'periodic' || !e.periodUnit) return '';
  const unit = PERIOD_UNIT_LABELS[e.periodUnit].toLocaleLowerCase('tr-TR');
  const base = `Her ${e.periodLength ?? 1} ${unit}`;
  return e.classesPerPeriod ? `${base}, dönem başına ${e.classesPerPeriod} ders` : base;
}

/** A kuruş amount as a person types it back in a TL field: "1500,50" (parseTl reads it exactly). */
export function tlInput(kurus: Kurus): string {
  const abs = Math.abs(kurus);
  const cents = abs % 100;
  const text = `${(abs - cents) / 100}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`}`;
  return kurus < 0 ? `-${text}` : text;
}

/** product.md 5 Add enrolment: only courses with no active enrolment of the student (and not deleted). */
export function availableCourses(courses: readonly Course[], enrollments: readonly Enrollment[]): Course[] {
  const active = new Set(enrollments.filter((e) => e.active).map((e) => e.courseId));
  return courses
    .filter((c) => !c.deletedAt && !active.has(c.id))
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0) || trCompare(a.name, b.name));
}

export interface AddEnrollmentForm {
  courseId: string;
  enrollmentType: EnrollmentType;
  price: string;
  discount: string;
  isOfficial: boolean;
  periodUnit: EnrollmentPeriodUnit;
  periodLength: string;
  classesPerPeriod: string;
  /** periodic only; null starts now (product.md 5). */
  startDate: Date | null;
  endDate: Date | null;
}

export const emptyAddEnrollmentForm = (): AddEnrollmentForm => ({
  courseId: '',
  enrollmentType: 'per_class',
  price: '',
  discount: '',
  isOfficial: false,
  periodUnit: 'month',
  periodLength: '1',
  classesPerPeriod: '',
  startDate: null,
  endDate: null,
});

/** A calendar day as the server reads it: local midnight of yyyy-MM-dd (parseDateInput). */
export function dayText(date: Date | null): string | null {
  return date && isValid(date) ? format(date, 'yyyy-MM-dd') : null;
}

export type Checked<T> = { ok: true; payload: T } | { ok: false; message: string };

/**
 * product.md 5 Add enrolment: a course and a price above zero are required ("Kurs kaydı eklenemedi: Bilgi
 * eksik"); then the shared schema checks the rest (discount, period numbers, dates) as the server will.
 */
export function addEnrollmentPayload(
  studentId: string,
  form: AddEnrollmentForm,
): Checked<Record<string, unknown>> {
  const price = parseTl(form.price);
  if (!form.courseId || price === null || price <= 0)
    return { ok: false, message: message('enrollment.missingInfo') };
  const periodic = form.enrollmentType === 'periodic';
  const payload: Record<string, unknown> = {
    studentId,
    courseId: form.courseId,
    price: form.price.trim(),
    enrollmentType: form.enrollmentType,
    isOfficial: form.isOfficial,
  };
  if (form.discount.trim() !== '') payload.discount = form.discount.trim();
  if (periodic) {
    payload.periodUnit = form.periodUnit;
    payload.periodLength = form.periodLength.trim() === '' ? 1 : form.periodLength.trim();
    if (form.classesPerPeriod.trim() !== '') payload.classesPerPeriod = form.classesPerPeriod.trim();
    const start = dayText(form.startDate);
    const end = dayText(form.endDate);
    if (start) payload.startDate = start;
    if (end) payload.endDate = end;
  }
  const parsed = addEnrollmentSchema.safeParse(payload);
  if (!parsed.success) {
    return {
      ok: false,
      message: withPrefix(message('enrollment.addFailed'), parsed.error.issues[0].message),
    };
  }
  return { ok: true, payload };
}

/** product.md 3 Registration edit draft. */
export interface EnrollmentDraft {
  newPrice: string;
  newStartDate: Date | null;
  newEndDate: Date | null;
  newPeriodUnit: EnrollmentPeriodUnit;
  newPeriodLength: string;
  newClassesPerPeriod: string;
  newIsOfficial: boolean;
}

const dateOf = (iso: string | null) => (iso ? parseISO(iso) : null);

export function enrollmentDraft(e: Enrollment): EnrollmentDraft {
  return {
    newPrice: tlInput(e.price),
    newStartDate: dateOf(e.startDate),
    newEndDate: dateOf(e.endDate),
    newPeriodUnit: e.periodUnit ?? 'month',
    newPeriodLength: e.periodLength === null ? '' : String(e.periodLength),
    newClassesPerPeriod: e.classesPerPeriod === null ? '' : String(e.classesPerPeriod),
    newIsOfficial: e.isOfficial,
  };
}

/**
 * The editEnrollment body: the id and only what the draft changed (the update button stays disabled while
 * this holds nothing else). Dates compare by calendar day, so re-picking the same day changes nothing.
 */
export function enrollmentChanges(e: Enrollment, draft: EnrollmentDraft): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const price = parseTl(draft.newPrice);
  if (price !== e.price) changes.price = draft.newPrice.trim();
  const start = dayText(draft.newStartDate);
  if (start !== null && start !== dayText(dateOf(e.startDate))) changes.startDate = start;
  const end = dayText(draft.newEndDate);
  if (end !== dayText(dateOf(e.endDate))) changes.endDate = end;
  if (draft.newIsOfficial !== e.isOfficial) changes.isOfficial = draft.newIsOfficial;
  if (e.enrollmentType === 'periodic') {
    if (draft.newPeriodUnit !== (e.periodUnit ?? 'month')) changes.periodUnit = draft.newPeriodUnit;
    if (draft.newPeriodLength.trim() !== String(e.periodLength ?? ''))
      changes.periodLength = draft.newPeriodLength.trim();
    if (draft.newClassesPerPeriod.trim() !== String(e.classesPerPeriod ?? ''))
      changes.classesPerPeriod =
        draft.newClassesPerPeriod.trim() === '' ? null : draft.newClassesPerPeriod.trim();
  }
  return changes;
}

/**
 * product.md 5 Retroactive enrolment edit: the draft's own limits (price 1 to 999999999, period numbers 1 to
 * 999), checked with the shared schema; the date rules are the server's (they need the other enrolments).
 */
export function checkEnrollmentChanges(id: string, changes: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const parsed = editEnrollmentSchema.safeParse({ id, ...changes });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      if (!problems.includes(issue.message)) problems.push(issue.message);
  }
  return problems;
}

/** The reasons under the title "Güncelleme yapılamadı." (api.md 8.3), one per line. */
export function refusalReasons(error: string): string[] {
  const title = message('enrollment.updateRefused');
  const rest = error.startsWith(title) ? error.slice(title.length) : error;
  return rest
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
