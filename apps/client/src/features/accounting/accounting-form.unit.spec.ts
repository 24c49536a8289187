import { describe, expect, it } from 'vitest';
import {
  accountingFormOf,
  checkAccountingForm,
  emptyAccountingForm,
  subtypeOptions,
  withSubtype,
  withType,
} from './accounting-form';

const EMPLOYEE = '00000000-0000-4000-8000-0000000000f1';
const day = new Date(2026, 1, 5);

describe('accounting entry form', () => {
  it('names every missing field and keeps save disabled until the draft is complete', () => {
    const r = checkAccountingForm({ ...emptyAccountingForm(day), date: null });
    expect(r).toMatchObject({
      ok: false,
      warning: 'Hata: Tutar eksik veya hatalı, Tarih eksik, Tür eksik, Alt tür eksik, Yöntem eksik',
      fields: { amount: 'Tutar eksik veya hatalı', type: 'Tür eksik' },
    });
  });

  it('offers the subtypes of the type, and changing the type clears the subtype and the employee', () => {
    const wage = withSubtype(withType(emptyAccountingForm(day), 'cost'), 'wage');
    expect(subtypeOptions(wage)).toEqual(['wage', 'other']);
    const named = { ...wage, employeeId: EMPLOYEE };
    expect(withType(named, 'revenue')).toMatchObject({ type: 'revenue', subtype: '', employeeId: '' });
    expect(subtypeOptions(withType(named, 'revenue'))).toEqual(['other']);
    expect(withType(named, 'cost')).toBe(named);
    expect(withSubtype(named, 'other').employeeId).toBe('');
  });

  it('sends the day as the calendar day and the amount in kuruş', () => {
    const form = {
      ...withSubtype(withType(emptyAccountingForm(day), 'cost'), 'wage'),
      method: 'cash' as const,
      amount: '12.500,50',
      employeeId: EMPLOYEE,
    };
    const r = checkAccountingForm(form);
    expect(r).toMatchObject({
      ok: true,
      payload: { date: '2026-02-05' },
      terms: { amount: 1_250_050, employeeId: EMPLOYEE },
    });
  });

  it('reads an entry back into the form', () => {
    const f = accountingFormOf({
      id: 'x',
      type: 'cost',
      subtype: 'other',
      method: 'cash',
      amount: 1_250_050,
      date: '2026-02-04T21:00:00.000Z',
      notes: null,
      receiptNumber: 'M-1',
      employeeId: null,
      createdAt: '',
      createdBy: null,
      createdByName: null,
      editedAt: null,
      editedBy: null,
      reversedAt: null,
      reversedBy: null,
      reverseReason: null,
    });
    expect(f).toMatchObject({ amount: '12500,50', receiptNumber: 'M-1', notes: '' });
  });
});
