import {
  PAYMENT_LIMITS,
  addPaymentSchema,
  editPaymentSchema,
  message,
  parseTl,
  type PaymentMethod,
} from '@okul/domain';
import { isSameDay, isValid, parseISO } from 'date-fns';
import { dayText, tlInput, type Checked } from '../enrollments/enrollment-form';
import type { Payment } from '@okul/domain';

/** api.md 9.3 payment methods with their Turkish labels. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Nakit',
  bank_transfer: 'Banka havalesi / EFT',
  credit_card: 'Kredi kartı',
  other: 'Diğer',
  correction: 'Düzeltme',
};

export function methodLabel(method: PaymentMethod | null | undefined): string {
  return method ? PAYMENT_METHOD_LABELS[method] : '—';
}

export interface PaymentForm {
  amount: string;
  courseId: string;
  method: PaymentMethod | '';
  /** The day the money was paid; today (or empty) means the time of recording. */
  date: Date | null;
  referenceCode: string;
  notes: string;
}

export const emptyPaymentForm = (courseId = ''): PaymentForm => ({
  amount: '',
  courseId,
  method: 'cash',
  date: new Date(),
  referenceCode: '',
  notes: '',
});

/** The edit form of a payment: amount, method, reference code and notes (product.md 5). */
export function paymentFormOf(p: Payment): PaymentForm {
  return {
    amount: tlInput(p.amount),
    courseId: p.courseId,
    method: p.method ?? '',
    date: parseISO(p.date),
    referenceCode: p.referenceCode ?? '',
    notes: p.notes ?? '',
  };
}

/**
 * product.md 5 Payment: Miktar eksik; Miktar hatalı (numeric and above zero, a correction any sign but not
 * zero); kurs eksik (on add). The first warning that applies, in that order, or null.
 */
export function paymentWarning(form: PaymentForm, options: { requireCourse: boolean }): string | null {
  const text = form.amount.trim();
  if (text === '') return message('payment.amountMissing');
  const kurus = text.length > PAYMENT_LIMITS.amountLength ? null : parseTl(text);
  const correction = form.method === 'correction';
  if (kurus === null || (correction ? kurus === 0 : kurus <= 0)) return message('payment.amountInvalid');
  if (options.requireCourse && !form.courseId) return message('payment.courseMissing');
  return null;
}

/** product.md 5: notes, method and referenceCode are trimmed and omitted when blank. */
function editable(form: PaymentForm): Record<string, unknown> {
  const out: Record<string, unknown> = { amount: form.amount.trim() };
  if (form.method) out.method = form.method;
  if (form.referenceCode.trim()) out.referenceCode = form.referenceCode.trim();
  if (form.notes.trim()) out.notes = form.notes.trim();
  return out;
}

export function addPaymentPayload(
  studentId: string,
  form: PaymentForm,
  today: Date = new Date(),
): Checked<Record<string, unknown>> {
  const warning = paymentWarning(form, { requireCourse: true });
  if (warning) return { ok: false, message: warning };
  const payload: Record<string, unknown> = { studentId, courseId: form.courseId, ...editable(form) };
  // A payment made today is dated when it is recorded; an earlier (or later) day is that day.
  if (form.date && isValid(form.date) && !isSameDay(form.date, today)) payload.date = dayText(form.date);
  const parsed = addPaymentSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  return { ok: true, payload };
}

export function editPaymentPayload(id: string, form: PaymentForm): Checked<Record<string, unknown>> {
  const warning = paymentWarning(form, { requireCourse: false });
  if (warning) return { ok: false, message: warning };
  const payload = { id, ...editable(form) };
  const parsed = editPaymentSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  return { ok: true, payload };
}

/** Payments apart from the deleted list (product.md 3: deleted payments are kept in a separate list). */
export function splitPayments(payments: readonly Payment[]): { active: Payment[]; deleted: Payment[] } {
  const newestFirst = [...payments].sort(
    (a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.id < b.id ? 1 : -1),
  );
  return {
    active: newestFirst.filter((p) => !p.deletedAt),
    deleted: newestFirst.filter((p) => !!p.deletedAt),
  };
}
