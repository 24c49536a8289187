import {
  accountingWarning,
  checkAccountingEntry,
  message,
  subtypesOf,
  type AccountingEntryView,
  type AccountingMethod,
  type AccountingSubtype,
  type AccountingTerms,
  type AccountingType,
} from '@okul/domain';
import { format, isValid, parseISO } from 'date-fns';

/** The add/edit dialog's fields as typed (product.md 5 Accounting entry). */
export interface AccountingForm {
  type: AccountingType | '';
  subtype: AccountingSubtype | '';
  method: AccountingMethod | '';
  amount: string;
  date: Date | null;
  notes: string;
  receiptNumber: string;
  employeeId: string;
}

export const emptyAccountingForm = (today: Date = new Date()): AccountingForm => ({
  type: '',
  subtype: '',
  method: '',
  amount: '',
  date: today,
  notes: '',
  receiptNumber: '',
  employeeId: '',
});

/** An entry back into the form, amounts as Turkish text (12500,50). */
export function accountingFormOf(e: AccountingEntryView): AccountingForm {
  const lira = Math.trunc(e.amount / 100);
  const kurus = e.amount % 100;
  return {
    type: e.type,
    subtype: e.subtype,
    method: e.method,
    amount: kurus === 0 ? String(lira) : `${lira},${String(kurus).padStart(2, '0')}`,
    date: parseISO(e.date),
    notes: e.notes ?? '',
    receiptNumber: e.receiptNumber ?? '',
    employeeId: e.employeeId ?? '',
  };
}

/** product.md 5: changing the type clears the subtype (its list depends on the type), and with it the employee. */
export function withType(form: AccountingForm, type: AccountingType | ''): AccountingForm {
  if (type === form.type) return form;
  return { ...form, type, subtype: '', employeeId: '' };
}

/** Only a wage names an employee: leaving the wage subtype clears it. */
export function withSubtype(form: AccountingForm, subtype: AccountingSubtype | ''): AccountingForm {
  return { ...form, subtype, employeeId: subtype === 'wage' ? form.employeeId : '' };
}

export function subtypeOptions(form: AccountingForm): readonly AccountingSubtype[] {
  return form.type === '' ? [] : subtypesOf(form.type);
}

/** The payload the server takes: the day as yyyy-MM-dd (an Istanbul calendar day). */
export function accountingDraft(form: AccountingForm) {
  return {
    type: form.type,
    subtype: form.subtype,
    method: form.method,
    amount: form.amount,
    date: form.date && isValid(form.date) ? format(form.date, 'yyyy-MM-dd') : '',
    notes: form.notes,
    receiptNumber: form.receiptNumber,
    employeeId: form.subtype === 'wage' ? form.employeeId : '',
  };
}

/**
 * The same check as the server's (api.md 8.5): the save button stays disabled while `warning` is set, and
 * the warning names every missing field ("Hata: Tutar eksik veya hatalı, Tarih eksik").
 */
export function checkAccountingForm(
  form: AccountingForm,
):
  | { ok: true; terms: AccountingTerms; payload: ReturnType<typeof accountingDraft> }
  | { ok: false; warning: string; fields: Partial<Record<keyof AccountingForm, string>> } {
  const payload = accountingDraft(form);
  const r = checkAccountingEntry(payload);
  if (r.ok) return { ok: true, terms: r.terms, payload };
  const fields: Partial<Record<keyof AccountingForm, string>> = {};
  for (const p of r.problems) fields[p.field] ??= message(p.key);
  return { ok: false, warning: accountingWarning(r.problems)!, fields };
}
