import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { DomainEvent } from '../shared/events';
import type { Kurus } from '../shared/money';
import type { AccountingMethod, AccountingSubtype, AccountingTerms, AccountingType } from './schemas';

/**
 * Each accounting entry is its own stream, `accounting-entry-<id>` (like a payment: no rule spans entries).
 * An entry is corrected by editing or reversing it, both recorded with who and when; it is never deleted, so
 * the books of any past day can be read back from the events.
 *
 * Other read models (the wages owed to employees) read these events: every event carries the entry's
 * `employeeId` (null when none), `type`, `subtype`, `amount` (kuruş) and `date` as they are after the event.
 */
export interface AccountingEntryFields {
  type: AccountingType;
  subtype: AccountingSubtype;
  method: AccountingMethod;
  amount: Kurus;
  date: string;
  notes: string | null;
  receiptNumber: string | null;
  employeeId: string | null;
}

interface Ids {
  entryId: string;
  organizationId: string;
}

export type AccountingEvent =
  | DomainEvent<
      'AccountingEntryAdded',
      Ids & AccountingEntryFields & { createdBy: string | null; createdAt: string }
    >
  | DomainEvent<
      'AccountingEntryEdited',
      Ids &
        AccountingEntryFields & {
          /** What the entry was before the edit (the log's oldAmount; a wage moved between employees). */
          previous: Pick<AccountingEntryFields, 'type' | 'subtype' | 'amount' | 'date' | 'employeeId'>;
          editedBy: string | null;
          editedAt: string;
        }
    >
  | DomainEvent<
      'AccountingEntryReversed',
      Ids &
        Pick<AccountingEntryFields, 'type' | 'subtype' | 'method' | 'amount' | 'date' | 'employeeId'> & {
          reason: string | null;
          reversedBy: string | null;
          reversedAt: string;
        }
    >;

interface CommandBase extends Ids {
  userId: string | null;
  now: string;
}

export type AccountingCommand =
  | (CommandBase & { type: 'AddAccountingEntry'; input: AccountingTerms })
  | (CommandBase & { type: 'EditAccountingEntry'; input: AccountingTerms })
  | (CommandBase & { type: 'ReverseAccountingEntry'; reason?: string });

export interface ExistingAccountingEntry extends Ids, AccountingEntryFields {
  status: 'active' | 'reversed';
  createdBy: string | null;
  createdAt: string;
  editedBy: string | null;
  editedAt: string | null;
  reversedBy: string | null;
  reversedAt: string | null;
}

export type AccountingEntryState = { status: 'none' } | ExistingAccountingEntry;

export const initialAccountingEntryState: AccountingEntryState = { status: 'none' };

export const accountingEntryStream = (entryId: string) => `accounting-entry-${entryId}`;

function fieldsOf(t: AccountingTerms): AccountingEntryFields {
  return {
    type: t.type,
    subtype: t.subtype,
    method: t.method,
    amount: t.amount,
    date: t.date,
    notes: t.notes ?? null,
    receiptNumber: t.receiptNumber ?? null,
    // Only a wage names an employee (product.md 3 Accounting entry employeeId).
    employeeId: t.subtype === 'wage' ? (t.employeeId ?? null) : null,
  };
}

function checkTerms(f: AccountingEntryFields): void {
  if (!Number.isSafeInteger(f.amount) || f.amount <= 0) throw new DomainError('accounting.amountInvalid');
  if (f.subtype === 'wage' && f.employeeId === null) throw new DomainError('accounting.employeeMissing');
  if (f.type === 'revenue' && f.subtype !== 'other') throw new DomainError('accounting.subtypeMissing');
}

function ownEntry(state: AccountingEntryState, organizationId: string): ExistingAccountingEntry {
  // Another organisation's entry is as good as absent.
  if (state.status === 'none' || state.organizationId !== organizationId) {
    throw new DomainError('accounting.notFound');
  }
  return state;
}

const KEYS: Array<keyof AccountingEntryFields> = [
  'type',
  'subtype',
  'method',
  'amount',
  'date',
  'notes',
  'receiptNumber',
  'employeeId',
];

export function decideAccounting(command: AccountingCommand, state: AccountingEntryState): AccountingEvent[] {
  const ids = { entryId: command.entryId, organizationId: command.organizationId };
  switch (command.type) {
    case 'AddAccountingEntry': {
      if (state.status !== 'none') throw new DomainError('accounting.alreadyExists');
      const f = fieldsOf(command.input);
      checkTerms(f);
      return [
        {
          type: 'AccountingEntryAdded',
          data: { ...ids, ...f, createdBy: command.userId, createdAt: command.now },
        },
      ];
    }
    case 'EditAccountingEntry': {
      const s = ownEntry(state, command.organizationId);
      if (s.status === 'reversed') throw new DomainError('accounting.reversed');
      const f = fieldsOf(command.input);
      checkTerms(f);
      if (KEYS.every((k) => f[k] === s[k])) return [];
      return [
        {
          type: 'AccountingEntryEdited',
          data: {
            ...ids,
            ...f,
            previous: {
              type: s.type,
              subtype: s.subtype,
              amount: s.amount,
              date: s.date,
              employeeId: s.employeeId,
            },
            editedBy: command.userId,
            editedAt: command.now,
          },
        },
      ];
    }
    case 'ReverseAccountingEntry': {
      const s = ownEntry(state, command.organizationId);
      if (s.status === 'reversed') throw new DomainError('accounting.reversed');
      return [
        {
          type: 'AccountingEntryReversed',
          data: {
            ...ids,
            type: s.type,
            subtype: s.subtype,
            method: s.method,
            amount: s.amount,
            date: s.date,
            employeeId: s.employeeId,
            reason: command.reason ?? null,
            reversedBy: command.userId,
            reversedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveAccounting(state: AccountingEntryState, event: AccountingEvent): AccountingEntryState {
  switch (event.type) {
    case 'AccountingEntryAdded': {
      const { createdBy, createdAt, ...rest } = event.data;
      return {
        status: 'active',
        ...rest,
        createdBy,
        createdAt,
        editedBy: null,
        editedAt: null,
        reversedBy: null,
        reversedAt: null,
      };
    }
    case 'AccountingEntryEdited': {
      if (state.status === 'none') return state;
      const { previous: _p, entryId: _e, organizationId: _o, ...rest } = event.data;
      return { ...state, ...rest };
    }
    case 'AccountingEntryReversed':
      return state.status === 'none'
        ? state
        : {
            ...state,
            status: 'reversed',
            reversedBy: event.data.reversedBy,
            reversedAt: event.data.reversedAt,
          };
    default: {
      const _exhaustive: never = event;
      void _exhaustive;
      return state;
    }
  }
}

export const accountingDecider: Decider<AccountingCommand, AccountingEvent, AccountingEntryState> = {
  decide: decideAccounting,
  evolve: evolveAccounting,
  initialState: initialAccountingEntryState,
};
