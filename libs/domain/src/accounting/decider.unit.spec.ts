import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { logSentence } from '../logs/sentences';
import { ORG, OTHER_ORG, USER } from '../students/fixtures';
import { accountingDecider, type AccountingCommand, type AccountingEvent } from './decider';
import {
  addAccountingEntrySchema,
  checkAccountingEntry,
  editAccountingEntrySchema,
  reverseAccountingEntrySchema,
  type AccountingTerms,
} from './schemas';

const ENTRY = '00000000-0000-4000-8000-0000000000e1';
const EMPLOYEE = '00000000-0000-4000-8000-0000000000f1';
const EMPLOYEE_2 = '00000000-0000-4000-8000-0000000000f2';
const NOW = '2026-02-03T09:00:00.000Z';
const LATER = '2026-02-04T09:00:00.000Z';
// 1 February 2026, Istanbul midnight.
const FEB_1 = '2026-01-31T21:00:00.000Z';
const ids = { entryId: ENTRY, organizationId: ORG };

const wage: AccountingTerms = {
  type: 'cost',
  subtype: 'wage',
  method: 'bank_transfer',
  amount: 1_250_050,
  date: FEB_1,
  notes: 'Ocak maaşı',
  employeeId: EMPLOYEE,
};

const add = (input: AccountingTerms = wage): AccountingCommand => ({
  type: 'AddAccountingEntry',
  ...ids,
  userId: USER,
  now: NOW,
  input,
});
const edit = (input: AccountingTerms, organizationId = ORG): AccountingCommand => ({
  type: 'EditAccountingEntry',
  entryId: ENTRY,
  organizationId,
  userId: USER,
  now: LATER,
  input,
});
const reverse = (reason?: string): AccountingCommand => ({
  type: 'ReverseAccountingEntry',
  ...ids,
  userId: USER,
  now: LATER,
  ...(reason !== undefined ? { reason } : {}),
});

const added: AccountingEvent = {
  type: 'AccountingEntryAdded',
  data: {
    ...ids,
    type: 'cost',
    subtype: 'wage',
    method: 'bank_transfer',
    amount: 1_250_050,
    date: FEB_1,
    notes: 'Ocak maaşı',
    receiptNumber: null,
    employeeId: EMPLOYEE,
    createdBy: USER,
    createdAt: NOW,
  },
};

describe('accounting decider', () => {
  it('adds a wage entry naming the employee, amount in kuruş', () => {
    given(accountingDecider, []).when(add()).then([added]);
  });

  it('keeps no employee on an entry that is not a wage', () => {
    const [e] = given(accountingDecider, [])
      .when(add({ type: 'revenue', subtype: 'other', method: 'cash', amount: 5000, date: FEB_1 }))
      .run();
    expect(e.data).toMatchObject({ employeeId: null, notes: null, receiptNumber: null });
  });

  it('refuses a wage without an employee, a zero amount and a second add of the same entry', () => {
    const { employeeId: _e, ...noEmployee } = wage;
    given(accountingDecider, []).when(add(noEmployee)).thenThrows('accounting.employeeMissing');
    given(accountingDecider, [])
      .when(add({ ...wage, amount: 0 }))
      .thenThrows('accounting.amountInvalid');
    given(accountingDecider, [added]).when(add()).thenThrows('accounting.alreadyExists');
  });

  it('edits, keeping what the entry was (a wage moved to another employee)', () => {
    const { createdBy: _b, createdAt: _a, ...fields } = added.data;
    given(accountingDecider, [added])
      .when(edit({ ...wage, amount: 1_300_000, employeeId: EMPLOYEE_2 }))
      .then([
        {
          type: 'AccountingEntryEdited',
          data: {
            ...fields,
            amount: 1_300_000,
            employeeId: EMPLOYEE_2,
            previous: { type: 'cost', subtype: 'wage', amount: 1_250_050, date: FEB_1, employeeId: EMPLOYEE },
            editedBy: USER,
            editedAt: LATER,
          },
        },
      ]);
  });

  it('writes nothing for an unchanged edit', () => {
    given(accountingDecider, [added]).when(edit(wage)).then([]);
  });

  it('reverses once, keeping the entry; a reversed entry cannot be edited or reversed again', () => {
    const reversed: AccountingEvent = {
      type: 'AccountingEntryReversed',
      data: {
        ...ids,
        type: 'cost',
        subtype: 'wage',
        method: 'bank_transfer',
        amount: 1_250_050,
        date: FEB_1,
        employeeId: EMPLOYEE,
        reason: 'Yanlış kayıt',
        reversedBy: USER,
        reversedAt: LATER,
      },
    };
    given(accountingDecider, [added]).when(reverse('Yanlış kayıt')).then([reversed]);
    const after = given(accountingDecider, [added, reversed]);
    expect(after.state).toMatchObject({ status: 'reversed', reversedBy: USER, amount: 1_250_050 });
    after.when(reverse()).thenThrows('accounting.reversed');
    after.when(edit(wage)).thenThrows('accounting.reversed');
  });

  it("treats another organisation's entry, or none, as not found", () => {
    given(accountingDecider, [added]).when(edit(wage, OTHER_ORG)).thenThrows('accounting.notFound');
    given(accountingDecider, []).when(reverse()).thenThrows('accounting.notFound');
  });
});

describe('accounting entry schema (product.md 5, api.md 8.5)', () => {
  it('answers "Hata:" with every missing field, in the order of the spec', () => {
    const r = addAccountingEntrySchema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(
      'Hata: Tutar eksik veya hatalı, Tarih eksik, Tür eksik, Alt tür eksik, Yöntem eksik',
    );
    expect(r.error?.issues.slice(1).map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', 'Tutar eksik veya hatalı'],
      ['date', 'Tarih eksik'],
      ['type', 'Tür eksik'],
      ['subtype', 'Alt tür eksik'],
      ['method', 'Yöntem eksik'],
    ]);
  });

  it('reads a TL amount and a day into kuruş and an Istanbul midnight', () => {
    const r = addAccountingEntrySchema.parse({
      type: 'revenue',
      subtype: 'other',
      method: 'cash',
      amount: '1.234,50',
      date: '2026-02-01',
      notes: '  ',
      receiptNumber: ' M-12 ',
    });
    expect(r).toEqual({
      type: 'revenue',
      subtype: 'other',
      method: 'cash',
      amount: 123_450,
      date: FEB_1,
      receiptNumber: 'M-12',
    });
    expect(addAccountingEntrySchema.parse({ ...r, amount: 99.9, date: FEB_1 }).amount).toBe(9990);
  });

  it('takes the subtype from the list of the type, and an employee only on a wage', () => {
    const base = { type: 'revenue', method: 'cash', amount: 10, date: '2026-02-01' };
    expect(checkAccountingEntry({ ...base, subtype: 'wage' })).toMatchObject({
      ok: false,
      problems: [{ field: 'subtype', key: 'accounting.subtypeMissing' }],
    });
    expect(checkAccountingEntry({ ...base, type: 'cost', subtype: 'wage' })).toMatchObject({
      ok: false,
      problems: [{ field: 'employeeId', key: 'accounting.employeeMissing' }],
    });
    expect(checkAccountingEntry({ ...base, subtype: 'other', employeeId: EMPLOYEE })).toMatchObject({
      ok: false,
      problems: [{ field: 'employeeId', key: 'accounting.employeeNotWage' }],
    });
  });

  it('refuses negative, zero, over-precise amounts and unknown fields', () => {
    const base = { type: 'cost', subtype: 'other', method: 'other', date: '2026-02-01' };
    for (const amount of [-5, 0, '1,234', 'abc', 1e12]) {
      expect(addAccountingEntrySchema.safeParse({ ...base, amount }).error?.issues[0].message).toBe(
        'Hata: Tutar eksik veya hatalı',
      );
    }
    expect(addAccountingEntrySchema.safeParse({ ...base, amount: 1, extra: 1 }).error?.issues[0].code).toBe(
      'unrecognized_keys',
    );
  });

  it('edits take the id and the terms; a reversal takes the id and an optional reason', () => {
    expect(
      editAccountingEntrySchema.parse({
        id: ENTRY,
        type: 'cost',
        subtype: 'wage',
        method: 'cash',
        amount: 100,
        date: '2026-02-01',
        employeeId: EMPLOYEE,
      }),
    ).toMatchObject({ id: ENTRY, amount: 10_000, employeeId: EMPLOYEE });
    expect(reverseAccountingEntrySchema.parse({ id: ENTRY, reason: ' ' })).toEqual({ id: ENTRY });
  });
});

describe('accounting log sentences', () => {
  it('reads each action in Turkish', () => {
    expect(logSentence('add_accounting_entry', { type: 'cost', subtype: 'wage', amount: 1_250_050 })).toBe(
      'Gider (maaş) kaydı ekledi (tutar: 12.500,50 TL).',
    );
    expect(logSentence('edit_accounting_entry', { type: 'revenue', oldAmount: 1000, newAmount: 2000 })).toBe(
      'Gelir kaydını düzenledi (tutar: 10,00 TL → 20,00 TL).',
    );
    expect(
      logSentence('reverse_accounting_entry', { type: 'revenue', amount: 1000, reason: 'Mükerrer' }),
    ).toBe('Gelir kaydını iptal etti (tutar: 10,00 TL; neden: Mükerrer).');
    expect(logSentence('add_accounting_entry_failed', { reason: 'Hata: Tarih eksik' })).toBe(
      'Muhasebe kaydı ekleme denemesi başarısız oldu: Hata: Tarih eksik.',
    );
  });
});
