import { z } from 'zod';
import { message } from '../shared/messages';
import { parseTl, tl, type Kurus } from '../shared/money';
import { parseDateInput } from '../shared/time';

/** api.md 9.3: payment methods; `correction` is the one that may be negative. */
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'credit_card', 'other', 'correction'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** api.md 9.3: amount (as typed) and notes at most 500 characters, reference code 100. */
export const PAYMENT_LIMITS = { amountLength: 500, notes: 500, referenceCode: 100 } as const;
/** A ceiling on the size of one payment, so sums stay far inside exact integers. */
export const MAX_PAYMENT_AMOUNT: Kurus = tl(999_999_999);

const amountMissing = message('payment.amountMissing');
const amountInvalid = message('payment.amountInvalid');

const amountField = z
  .union([z.string().max(PAYMENT_LIMITS.amountLength, { error: amountInvalid }), z.number()], {
    error: amountInvalid,
  })
  .nullish()
  .transform((v, ctx): Kurus => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: amountMissing });
      return z.NEVER;
    }
    const kurus = parseTl(v);
    if (kurus === null || Math.abs(kurus) > MAX_PAYMENT_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: amountInvalid });
      return z.NEVER;
    }
    return kurus;
  });

/** product.md 5: notes, method and referenceCode are trimmed and omitted when blank. */
const omittedWhenBlank = (max: number, error: string) =>
  z
    .string({ error })
    .nullish()
    .transform((v) => {
      const t = v?.trim() ?? '';
      return t === '' ? undefined : t;
    })
    .refine((v) => v === undefined || v.length <= max, { error });

const method = z
  .string({ error: message('payment.methodInvalid') })
  .nullish()
  .transform((v) => {
    const t = v?.trim() ?? '';
    return t === '' ? undefined : t;
  })
  .refine(
    (v): v is PaymentMethod | undefined =>
      v === undefined || (PAYMENT_METHODS as readonly string[]).includes(v),
    {
      error: message('payment.methodInvalid'),
    },
  );

// Key order follows the warnings of product.md 5 (Miktar eksik, Miktar hatalı, kurs eksik).
const editableShape = {
  amount: amountField,
  method,
  referenceCode: omittedWhenBlank(PAYMENT_LIMITS.referenceCode, message('payment.referenceTooLong')),
  notes: omittedWhenBlank(PAYMENT_LIMITS.notes, message('payment.notesTooLong')),
  isCorrection: z.boolean({ error: message('common.badRequest') }).optional(),
};

export interface PaymentTerms {
  /** kuruş; negative only for a correction. */
  amount: Kurus;
  method?: PaymentMethod;
  referenceCode?: string;
  notes?: string;
  isCorrection: boolean;
}

type EditableRaw = {
  amount: Kurus;
  method?: PaymentMethod;
  referenceCode?: string;
  notes?: string;
  isCorrection?: boolean;
};

/**
 * api.md 9.3: the amount is > 0 unless the payment is a correction, which may be negative or positive (not 0).
 * A payment is a correction when its method is `correction` or `isCorrection` is true; a correction without a
 * method gets the method `correction`.
 */
function terms(v: EditableRaw, ctx: z.RefinementCtx): PaymentTerms | null {
  const isCorrection = v.method === 'correction' || v.isCorrection === true;
  const ok = isCorrection ? v.amount !== 0 : v.amount > 0;
  if (!ok) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: amountInvalid });
    return null;
  }
  const methodValue: PaymentMethod | undefined = v.method ?? (isCorrection ? 'correction' : undefined);
  return {
    amount: v.amount,
    ...(methodValue !== undefined ? { method: methodValue } : {}),
    ...(v.referenceCode !== undefined ? { referenceCode: v.referenceCode } : {}),
    ...(v.notes !== undefined ? { notes: v.notes } : {}),
    isCorrection,
  };
}

const dateField = z
  .string({ error: message('payment.dateInvalid') })
  .max(40, { error: message('payment.dateInvalid') })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    const iso = parseDateInput(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: message('payment.dateInvalid') });
      return z.NEVER;
    }
    return iso;
  });

/** POST addPayment (api.md 7.3). `date` is the day the money was paid (defaults to the time of recording). */
export const addPaymentSchema = z
  .strictObject({
    ...editableShape,
    courseId: z.uuid({ error: message('payment.courseMissing') }),
    studentId: z.uuid({ error: message('payment.studentMissing') }),
    date: dateField,
  })
  .transform((v, ctx) => {
    const t = terms(v, ctx);
    if (t === null) return z.NEVER;
    return { studentId: v.studentId, courseId: v.courseId, date: v.date, ...t };
  });

/** POST editPayment: product.md 5 "Edit allows amount, method, reference code, notes" (all four replaced). */
export const editPaymentSchema = z
  .strictObject({ id: z.uuid({ error: message('payment.idMissing') }), ...editableShape })
  .transform((v, ctx) => {
    const t = terms(v, ctx);
    if (t === null) return z.NEVER;
    return { id: v.id, ...t };
  });

/** POST deletePayment / resurrectPayment and the permanent delete: {id}. */
export const paymentIdSchema = z.strictObject({ id: z.uuid({ error: message('payment.idMissing') }) });

export type AddPaymentInput = z.output<typeof addPaymentSchema>;
export type EditPaymentInput = z.output<typeof editPaymentSchema>;
