import {
  addEmployeeSchema,
  addInstructorSchema,
  EMPLOYEE_TYPES,
  INSTRUCTOR_TYPE_ID,
  isWagePeriodActive,
  toDecimalTl,
  toEpoch,
  toLocal,
  type EmployeeAnswer,
  type EmployeeTypeId,
  type WagePeriod,
} from '@okul/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface WageDraft {
  type: WagePeriod['type'];
  /** Calendar days as an <input type="date"> holds them (yyyy-mm-dd); the end may be empty. */
  startDate: string;
  endDate: string;
  /** TL as typed ("1.500,50"). */
  amount: string;
  periodLength: string;
  periodUnit: 'day' | 'week' | 'month';
  payAtBeginning: boolean;
}

export interface EmployeeDraft {
  name: string;
  surname: string;
  employeeTypeId: EmployeeTypeId;
  phone: string;
  notes: string;
  cv: string;
  branches: string[];
  userId: string;
  avatar: string;
  wages: WageDraft[];
}

/** 'instructor' edits through the instructor calls (name, surname, user, branches, CV, avatar only). */
export type EmployeeFormMode = 'employee' | 'instructor';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the Istanbul calendar day it falls on (yyyy-mm-dd). */
export function isoToDay(iso: string | null): string {
  if (!iso) return '';
  const l = toLocal(toEpoch(iso));
  return `${l.year}-${pad(l.month)}-${pad(l.day)}`;
}

export function todayDay(now: Date = new Date()): string {
  return isoToDay(now.toISOString());
}

export const emptyWage = (today: string): WageDraft => ({
  type: 'periodic',
  startDate: today,
  endDate: '',
  amount: '',
  periodLength: '1',
  periodUnit: 'month',
  payAtBeginning: false,
});

export function draftOf(employee: EmployeeAnswer | null, typeId: EmployeeTypeId): EmployeeDraft {
  if (!employee)
    return {
      name: '',
      surname: '',
      employeeTypeId: typeId,
      phone: '',
      notes: '',
      cv: '',
      branches: [],
      userId: '',
      avatar: '',
      wages: [],
    };
  return {
    name: employee.name,
    surname: employee.surname,
    employeeTypeId: employee.employeeTypeId,
    phone: employee.phone ?? '',
    notes: employee.notes ?? '',
    cv: employee.cv ?? '',
    branches: employee.branches,
    userId: employee.userId ?? '',
    avatar: employee.avatar ?? '',
    wages: employee.wages.map((w) => ({
      type: w.type,
      startDate: isoToDay(w.startDate),
      endDate: isoToDay(w.endDate),
      amount: toDecimalTl(w.amount),
      periodLength: String(w.periodLength ?? 1),
      periodUnit: w.periodUnit ?? 'month',
      payAtBeginning: w.payAtBeginning ?? false,
    })),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** product.md 5: strings trimmed, blank optional text sent as null; CV and branches only for instructors. */
export function bodyOf(draft: EmployeeDraft, mode: EmployeeFormMode): Record<string, unknown> {
  const instructor = mode === 'instructor' || draft.employeeTypeId === INSTRUCTOR_TYPE_ID;
  const common = {
    name: draft.name.trim(),
    surname: draft.surname.trim(),
    userId: orNull(draft.userId),
    cv: instructor ? orNull(draft.cv) : null,
    branches: instructor ? draft.branches : [],
    avatar: orNull(draft.avatar),
  };
  if (mode === 'instructor') return common;
  return {
    ...common,
    employeeTypeId: draft.employeeTypeId,
    phone: orNull(draft.phone),
    notes: orNull(draft.notes),
    wages: draft.wages.map((w) => ({
      type: w.type,
      startDate: w.startDate,
      endDate: w.endDate === '' ? null : w.endDate,
      amount: w.amount.trim(),
      ...(w.type === 'periodic'
        ? { periodLength: w.periodLength.trim(), periodUnit: w.periodUnit, payAtBeginning: w.payAtBeginning }
        : {}),
    })),
  };
}

/** The first message per field (`wages` for any wage problem), with the server's own schema and texts. */
export function checkDraft(draft: EmployeeDraft, mode: EmployeeFormMode): Record<string, string> {
  const schema = mode === 'instructor' ? addInstructorSchema : addEmployeeSchema;
  const r = schema.safeParse(bodyOf(draft, mode));
  const out: Record<string, string> = {};
  if (!r.success)
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      out[key] ??= issue.message;
    }
  return out;
}

/** product.md 5 Employee: save disabled while nothing changed. */
export function isChanged(draft: EmployeeDraft, initial: EmployeeDraft, mode: EmployeeFormMode): boolean {
  return JSON.stringify(bodyOf(draft, mode)) !== JSON.stringify(bodyOf(initial, mode));
}

export const employeeTypeLabel = (id: EmployeeTypeId) => EMPLOYEE_TYPES[id];

/** The Employees page's two tabs (product.md 2): Eğitmenler and Diğer Çalışanlar, each with its deleted list. */
export function splitEmployees(list: readonly EmployeeAnswer[]) {
  const tab = (rows: EmployeeAnswer[]) => ({
    active: rows.filter((e) => e.deletedAt === null),
    deleted: rows.filter((e) => e.deletedAt !== null),
  });
  return {
    instructors: tab(list.filter((e) => e.employeeTypeId === INSTRUCTOR_TYPE_ID)),
    others: tab(list.filter((e) => e.employeeTypeId !== INSTRUCTOR_TYPE_ID)),
  };
}

/** product.md 4: a wage period is shown as active while now lies between start and (optional) end. */
export const isActiveWage = (w: WagePeriod, now: Date = new Date()) =>
  isWagePeriodActive(w, now.toISOString());

const UNIT_LABELS = { day: 'günde', week: 'haftada', month: 'ayda' } as const;

/** "Her 1 ayda, dönem sonunda" / "Ders başına". */
export function wageTermsLabel(w: WagePeriod): string {
  if (w.type === 'per_class') return 'Ders başına';
  const when = w.payAtBeginning ? 'dönem başında' : 'dönem sonunda';
  return `Her ${w.periodLength ?? 1} ${UNIT_LABELS[w.periodUnit ?? 'month']} bir, ${when}`;
}

/**
 * The form's resolver: the draft is checked with the server's own schema (checkDraft), each field showing its
 * first message; a valid draft is handed on as typed (bodyOf builds what is sent).
 */
export function employeeResolver(mode: EmployeeFormMode): Resolver<EmployeeDraft> {
  return (values) => {
    const errors = checkDraft(values, mode);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: Record<string, { type: string; message: string }> = {};
    for (const [key, text] of Object.entries(errors)) fieldErrors[key] = { type: 'validate', message: text };
    return { values: {}, errors: fieldErrors as FieldErrors<EmployeeDraft> };
  };
}
