import { z } from 'zod';
import { message, type MessageKey } from '../shared/messages';
import { parseTl, tl, type Kurus } from '../shared/money';
import { parseDateInput } from '../shared/time';

/** product.md 3 Accounting entry: type, subtype by type, method (api.md 9.3 accounting methods). */
export const ACCOUNTING_TYPES = ['cost', 'revenue'] as const;
export type AccountingType = (typeof ACCOUNTING_TYPES)[number];

export const ACCOUNTING_SUBTYPES = { cost: ['wage', 'other'], revenue: ['other'] } as const satisfies Record<
  AccountingType,
  readonly string[]
>;
export type AccountingSubtype = (typeof ACCOUNTING_SUBTYPES)[AccountingType][number];

export const ACCOUNTING_METHODS = ['cash', 'bank_transfer', 'credit_card', 'other'] as const;
export type AccountingMethod = (typeof ACCOUNTING_METHODS)[number];

/** Turkish labels shared by the Muhasebe page, the exports and the log. */
export const ACCOUNTING_TYPE_LABELS: Record<AccountingType, string> = { cost: 'Gider', revenue: 'Gelir' };
export const ACCOUNTING_SUBTYPE_LABELS: Record<AccountingSubtype, string> = { wage: 'Maaş', other: 'Diğer' };
export const ACCOUNTING_METHOD_LABELS: Record<AccountingMethod, string> = {
  cash: 'Nakit',
  bank_transfer: 'Banka havalesi / EFT',
  credit_card: 'Kredi kartı',
  other: 'Diğer',
};

export const ACCOUNTING_LIMITS = { amountLength: 20, notes: 1000, receiptNumber: 100, reason: 500 } as const;
/** The same ceiling as one payment, so sums stay far inside exact integers. */
export const MAX_ACCOUNTING_AMOUNT: Kurus = tl(999_999_999);

export function subtypesOf(type: AccountingType): readonly AccountingSubtype[] {
  return ACCOUNTING_SUBTYPES[type];
}

const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/** What a person typed or a client sent; every field may be missing until the checks below. */
export interface AccountingEntryDraft {
  type?: string | null;
  subtype?: string | null;
  method?: string | null;
  amount?: string | number | null;
  date?: string | null;
  notes?: string | null;
  receiptNumber?: string | null;
  employeeId?: string | null;
}

/** The checked terms of an entry: amount in kuruş (always > 0; the type says which way money went). */
export interface AccountingTerms {
  type: AccountingType;
  subtype: AccountingSubtype;
  method: AccountingMethod;
  amount: Kurus;
  /** An ISO instant: the day (Istanbul midnight) or the moment the money moved. */
  date: string;
  notes?: string;
  receiptNumber?: string;
  /** Only on a wage entry: whose wage it is. */
  employeeId?: string;
}

type Field = keyof AccountingEntryDraft;

const blank = (v: string | null | undefined) => {
  const t = v?.trim() ?? '';
  return t === '' ? undefined : t;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * product.md 5 Accounting entry: checks a draft and answers the terms, or the problems in the order of the
 * spec's warning (Tutar, Tarih, Tür, Alt tür, Yöntem, then ours). The form and the server both call it, so
 * the save button and the server's "Hata: ..." agree.
 */
export function checkAccountingEntry(
  draft: AccountingEntryDraft,
): { ok: true; terms: AccountingTerms } | { ok: false; problems: Array<{ field: Field; key: MessageKey }> } {
  const problems: Array<{ field: Field; key: MessageKey }> = [];
  const amountText = typeof draft.amount === 'string' ? draft.amount.trim() : draft.amount;
  const amount =
    amountText === null || amountText === undefined || amountText === '' ? null : parseTl(amountText);
  if (
    amount === null ||
    amount <= 0 ||
    amount > MAX_ACCOUNTING_AMOUNT ||
    (typeof amountText === 'string' && amountText.length > ACCOUNTING_LIMITS.amountLength)
  ) {
    problems.push({ field: 'amount', key: 'accounting.amountInvalid' });
  }
  const dateText = blank(draft.date);
  const date = dateText === undefined || dateText.length > 40 ? null : parseDateInput(dateText);
  if (date === null) problems.push({ field: 'date', key: 'accounting.dateMissing' });
  const type = isOneOf(ACCOUNTING_TYPES, draft.type) ? draft.type : null;
  if (type === null) problems.push({ field: 'type', key: 'accounting.typeMissing' });
  // product.md 5: the subtype list depends on the type, so without a valid type no subtype is valid.
  const subtype = type !== null && isOneOf(subtypesOf(type), draft.subtype) ? draft.subtype : null;
  if (subtype === null) problems.push({ field: 'subtype', key: 'accounting.subtypeMissing' });
  const method = isOneOf(ACCOUNTING_METHODS, draft.method) ? draft.method : null;
  if (method === null) problems.push({ field: 'method', key: 'accounting.methodMissing' });
  const employeeId = blank(draft.employeeId);
  if (subtype === 'wage' && (employeeId === undefined || !UUID.test(employeeId))) {
    problems.push({ field: 'employeeId', key: 'accounting.employeeMissing' });
  }
  if (subtype !== null && subtype !== 'wage' && employeeId !== undefined) {
    problems.push({ field: 'employeeId', key: 'accounting.employeeNotWage' });
  }
  const notes = blank(draft.notes);
  if (notes !== undefined && notes.length > ACCOUNTING_LIMITS.notes) {
    problems.push({ field: 'notes', key: 'accounting.notesTooLong' });
  }
  const receiptNumber = blank(draft.receiptNumber);
  if (receiptNumber !== undefined && receiptNumber.length > ACCOUNTING_LIMITS.receiptNumber) {
    problems.push({ field: 'receiptNumber', key: 'accounting.receiptTooLong' });
  }
  if (problems.length > 0 || amount === null || date === null || !type || !subtype || !method) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    terms: {
      type,
      subtype,
      method,
      amount,
      date,
      ...(notes !== undefined ? { notes } : {}),
      ...(receiptNumber !== undefined ? { receiptNumber } : {}),
      ...(subtype === 'wage' && employeeId !== undefined ? { employeeId: employeeId.toLowerCase() } : {}),
    },
  };
}

/** api.md 8.5: "Hata: Tutar eksik veya hatalı, Tarih eksik", or null when the draft is complete. */
export function accountingWarning(problems: ReadonlyArray<{ key: MessageKey }>): string | null {
  if (problems.length === 0) return null;
  return message('accounting.invalid', { fields: problems.map((p) => message(p.key)).join(', ') });
}

const text = (key: MessageKey) => z.string({ error: message(key) }).nullish();

const draftShape = {
  type: text('accounting.typeMissing'),
  subtype: text('accounting.subtypeMissing'),
  method: text('accounting.methodMissing'),
  amount: z.union([z.string(), z.number()], { error: message('accounting.amountInvalid') }).nullish(),
  date: text('accounting.dateMissing'),
  notes: text('accounting.notesTooLong'),
  receiptNumber: text('accounting.receiptTooLong'),
  employeeId: text('accounting.employeeMissing'),
};

/**
 * The whole warning first (path []: the server answers with the first issue, api.md 8.5 "Hata: ..."), then
 * one issue per field for the form's helper texts.
 */
function termsOrIssues(v: AccountingEntryDraft, ctx: z.RefinementCtx): AccountingTerms {
  const r = checkAccountingEntry(v);
  if (r.ok) return r.terms;
  ctx.addIssue({ code: 'custom', path: [], message: accountingWarning(r.problems)! });
  for (const p of r.problems) ctx.addIssue({ code: 'custom', path: [p.field], message: message(p.key) });
  return z.NEVER;
}

/** POST addAccountingEntry (api.md 7.3): {type, subtype, method, amount, date, notes, receiptNumber, employeeId}. */
export const addAccountingEntrySchema = z.strictObject(draftShape).transform(termsOrIssues);

const entryId = z.uuid({ error: message('accounting.idMissing') });

/** POST editAccountingEntry: the entry's id and all its terms again (a full replacement). */
export const editAccountingEntrySchema = z
  .strictObject({ id: entryId, ...draftShape })
  .transform((v, ctx) => {
    const { id, ...draft } = v;
    const terms = termsOrIssues(draft, ctx);
    return { id, ...terms };
  });

/** POST reverseAccountingEntry {id, reason?}: the entry stays in the books, marked reversed. */
export const reverseAccountingEntrySchema = z.strictObject({
  id: entryId,
  reason: z
    .string({ error: message('accounting.reasonTooLong') })
    .nullish()
    .transform((v) => blank(v))
    .refine((v) => v === undefined || v.length <= ACCOUNTING_LIMITS.reason, {
      error: message('accounting.reasonTooLong'),
    }),
});

export type AddAccountingEntryInput = z.output<typeof addAccountingEntrySchema>;
export type EditAccountingEntryInput = z.output<typeof editAccountingEntrySchema>;
export type ReverseAccountingEntryInput = z.output<typeof reverseAccountingEntrySchema>;
export type AccountingEntryFormValues = z.input<typeof addAccountingEntrySchema>;
