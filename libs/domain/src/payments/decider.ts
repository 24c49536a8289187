import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { Kurus } from '../shared/money';
import type { AddPaymentInput, PaymentTerms } from './schemas';

/**
 * Each payment is its own stream, `payment-<id>`. No rule spans a student's payments: what is owed is derived
 * by the balance calculator, and every payment rule (amount sign, soft delete, restore, permanent delete) is
 * about the one payment. Separate streams keep the student stream short (a large institution has 40,000
 * payments) and let a payment be recorded while the student's record is being edited, without a conflict.
 * The server checks that the student exists in the organisation before adding.
 */
export interface PaymentFields extends PaymentTerms {
  studentId: string;
  courseId: string;
  /** When the money was paid (the balance sheet's time for it). */
  date: string;
  /** When it was recorded. */
  timestamp: string;
}

interface Ids {
  paymentId: string;
  organizationId: string;
}

interface Who {
  studentId: string;
  courseId: string;
  amount: Kurus;
}

export type PaymentEvent =
  | DomainEvent<'PaymentAdded', Ids & PaymentFields & { createdBy: string | null; createdAt: string }>
  | DomainEvent<
      'PaymentEdited',
      // Old and new amounts for the log (product.md 3 Log entry: amount, oldAmount, newAmount).
      Ids &
        Omit<PaymentFields, 'date' | 'timestamp'> & {
          oldAmount: Kurus;
          editedBy: string | null;
          editedAt: string;
        }
    >
  | DomainEvent<'PaymentSoftDeleted', Ids & Who & { deletedBy: string | null; deletedAt: string }>
  | DomainEvent<'PaymentResurrected', Ids & Who & { resurrectedBy: string | null; resurrectedAt: string }>
  | DomainEvent<'PaymentPermanentlyDeleted', Ids & Who & { deletedBy: string | null; deletedAt: string }>;

interface CommandBase extends Ids {
  userId: string | null;
  now: string;
}

export type PaymentCommand =
  | (CommandBase & { type: 'AddPayment'; input: AddPaymentInput })
  | (CommandBase & { type: 'EditPayment'; input: PaymentTerms })
  | (CommandBase & { type: 'SoftDeletePayment' })
  | (CommandBase & { type: 'ResurrectPayment' })
  | (CommandBase & { type: 'PermanentlyDeletePayment' });

export interface ExistingPayment extends Ids, PaymentFields {
  /** product.md 4: active, deleted (in the deleted list, restorable) or purged (permanently deleted). */
  status: 'active' | 'deleted' | 'purged';
  createdBy: string | null;
  createdAt: string;
  editedBy: string | null;
  editedAt: string | null;
  deletedAt: string | null;
}

export type PaymentState = { status: 'none' } | ExistingPayment;

export const initialPaymentState: PaymentState = { status: 'none' };

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

/** Drops the optional texts that are absent (product.md 5: omitted when blank). */
function termsOf(t: PaymentTerms): PaymentTerms {
  return {
    amount: t.amount,
    ...(t.method !== undefined ? { method: t.method } : {}),
    ...(t.referenceCode !== undefined ? { referenceCode: t.referenceCode } : {}),
    ...(t.notes !== undefined ? { notes: t.notes } : {}),
    isCorrection: t.isCorrection,
  };
}

function checkAmount(t: PaymentTerms): void {
  // api.md 9.3: > 0 unless a correction (which may be either sign, but not zero).
  const ok = t.isCorrection ? t.amount !== 0 : t.amount > 0;
  if (!ok || !Number.isSafeInteger(t.amount)) throw new DomainError('payment.amountInvalid');
}

function ownPayment(state: PaymentState, organizationId: string): ExistingPayment {
  if (state.status === 'none' || state.status === 'purged' || state.organizationId !== organizationId) {
    throw new DomainError('payment.notFound');
  }
  return state;
}

export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  const ids = { paymentId: command.paymentId, organizationId: command.organizationId };
  switch (command.type) {
    case 'AddPayment': {
      if (state.status !== 'none') throw new DomainError('payment.alreadyExists');
      const t = termsOf(command.input);
      checkAmount(t);
      return [
        {
          type: 'PaymentAdded',
          data: {
            ...ids,
            studentId: command.input.studentId,
            courseId: command.input.courseId,
            ...t,
            date: command.input.date ?? command.now,
            timestamp: command.now,
            createdBy: command.userId,
            createdAt: command.now,
          },
        },
      ];
    }
    case 'EditPayment': {
      const s = ownPayment(state, command.organizationId);
      if (s.status === 'deleted') throw new DomainError('payment.alreadyDeleted');
      const t = termsOf(command.input);
      checkAmount(t);
      const before = termsOf(s);
      const same =
        t.amount === before.amount &&
        t.method === before.method &&
        t.referenceCode === before.referenceCode &&
        t.notes === before.notes &&
        t.isCorrection === before.isCorrection;
      if (same) return [];
      return [
        {
          type: 'PaymentEdited',
          data: {
            ...ids,
            studentId: s.studentId,
            courseId: s.courseId,
            ...t,
            oldAmount: s.amount,
            editedBy: command.userId,
            editedAt: command.now,
          },
        },
      ];
    }
    case 'SoftDeletePayment': {
      const s = ownPayment(state, command.organizationId);
      if (s.status === 'deleted') throw new DomainError('payment.alreadyDeleted');
      const who = { studentId: s.studentId, courseId: s.courseId, amount: s.amount };
      return [
        {
          type: 'PaymentSoftDeleted',
          data: { ...ids, ...who, deletedBy: command.userId, deletedAt: command.now },
        },
      ];
    }
    case 'ResurrectPayment': {
      const s = ownPayment(state, command.organizationId);
      if (s.status !== 'deleted') throw new DomainError('payment.notDeleted');
      const who = { studentId: s.studentId, courseId: s.courseId, amount: s.amount };
      return [
        {
          type: 'PaymentResurrected',
          data: { ...ids, ...who, resurrectedBy: command.userId, resurrectedAt: command.now },
        },
      ];
    }
    case 'PermanentlyDeletePayment': {
      const s = ownPayment(state, command.organizationId);
      // Permanent delete is offered from the deleted list only, so an active payment is never lost by one click.
      if (s.status !== 'deleted') throw new DomainError('payment.purgeNotDeleted');
      const who = { studentId: s.studentId, courseId: s.courseId, amount: s.amount };
      return [
        {
          type: 'PaymentPermanentlyDeleted',
          data: { ...ids, ...who, deletedBy: command.userId, deletedAt: command.now },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentAdded': {
      const { createdBy, createdAt, ...rest } = event.data;
      return {
        status: 'active',
        ...rest,
        createdBy,
        createdAt,
        editedBy: null,
        editedAt: null,
        deletedAt: null,
      };
    }
    case 'PaymentEdited': {
      if (state.status === 'none') return state;
      const d = event.data;
      const { method: _m, referenceCode: _r, notes: _n, ...kept } = state;
      return { ...kept, ...termsOf(d), editedBy: d.editedBy, editedAt: d.editedAt };
    }
    case 'PaymentSoftDeleted':
      return state.status === 'none'
        ? state
        : { ...state, status: 'deleted', deletedAt: event.data.deletedAt };
    case 'PaymentResurrected':
      return state.status === 'none' ? state : { ...state, status: 'active', deletedAt: null };
    case 'PaymentPermanentlyDeleted':
      return state.status === 'none'
        ? state
        : { ...state, status: 'purged', deletedAt: event.data.deletedAt };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const paymentDecider = {
  decide: decidePayment,
  evolve: evolvePayment,
  initialState: initialPaymentState,
} satisfies Decider<PaymentCommand, PaymentEvent, PaymentState>;
