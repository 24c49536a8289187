import { describe, expect, it } from 'vitest';
import type { Payment } from '@okul/domain';
import {
  PAYMENT_METHOD_LABELS,
  addPaymentPayload,
  editPaymentPayload,
  emptyPaymentForm,
  paymentFormOf,
  paymentWarning,
  splitPayments,
} from './payment-form';

const STUDENT = '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69';
const COURSE = '6a0c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a61';
const PAYMENT = '8c0c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a63';
const today = new Date(2025, 5, 15, 12);

describe('payment form (product.md 5)', () => {
  it('warns Miktar eksik, Miktar hatalı and kurs eksik in that order', () => {
    const form = { ...emptyPaymentForm(), date: today };
    expect(paymentWarning({ ...form, amount: ' ' }, { requireCourse: true })).toBe('Miktar eksik');
    expect(paymentWarning({ ...form, amount: 'abc' }, { requireCourse: true })).toBe('Miktar hatalı');
    expect(paymentWarning({ ...form, amount: '0' }, { requireCourse: true })).toBe('Miktar hatalı');
    expect(paymentWarning({ ...form, amount: '-50' }, { requireCourse: true })).toBe('Miktar hatalı');
    expect(paymentWarning({ ...form, amount: '1,234' }, { requireCourse: true })).toBe('Miktar hatalı');
    expect(paymentWarning({ ...form, amount: '150' }, { requireCourse: true })).toBe('kurs eksik');
    expect(paymentWarning({ ...form, amount: '150' }, { requireCourse: false })).toBeNull();
    // corrections may be negative, never zero
    expect(
      paymentWarning(
        { ...form, amount: '-50', method: 'correction', courseId: COURSE },
        { requireCourse: true },
      ),
    ).toBeNull();
    expect(
      paymentWarning(
        { ...form, amount: '0', method: 'correction', courseId: COURSE },
        { requireCourse: true },
      ),
    ).toBe('Miktar hatalı');
  });

  it('trims and omits blank texts, and dates only a payment not made today', () => {
    const form = {
      ...emptyPaymentForm(COURSE),
      amount: ' 150 ',
      referenceCode: '  ',
      notes: ' Mart ',
      date: today,
    };
    expect(addPaymentPayload(STUDENT, form, today)).toEqual({
      ok: true,
      payload: { studentId: STUDENT, courseId: COURSE, amount: '150', method: 'cash', notes: 'Mart' },
    });
    const earlier = addPaymentPayload(STUDENT, { ...form, date: new Date(2025, 5, 1) }, today);
    expect(earlier).toMatchObject({ ok: true, payload: { date: '2025-06-01' } });
    expect(addPaymentPayload(STUDENT, { ...form, method: '' }, today)).toMatchObject({
      ok: true,
      payload: { amount: '150' },
    });
  });

  it('edits amount, method, reference code and notes of a payment', () => {
    const p = {
      id: PAYMENT,
      courseId: COURSE,
      amount: 15050,
      method: 'bank_transfer',
      referenceCode: 'EFT-1',
      notes: null,
      date: '2025-06-01T09:00:00.000Z',
    } as Payment;
    const form = paymentFormOf(p);
    expect(form).toMatchObject({
      amount: '150,50',
      method: 'bank_transfer',
      referenceCode: 'EFT-1',
      notes: '',
    });
    expect(editPaymentPayload(PAYMENT, { ...form, amount: '175' })).toEqual({
      ok: true,
      payload: { id: PAYMENT, amount: '175', method: 'bank_transfer', referenceCode: 'EFT-1' },
    });
    expect(editPaymentPayload(PAYMENT, { ...form, amount: '' })).toEqual({
      ok: false,
      message: 'Miktar eksik',
    });
  });

  it('labels every method in Turkish and keeps deleted payments apart, newest first', () => {
    expect(Object.keys(PAYMENT_METHOD_LABELS)).toEqual([
      'cash',
      'bank_transfer',
      'credit_card',
      'other',
      'correction',
    ]);
    const pay = (id: string, date: string, deletedAt: string | null = null) =>
      ({ id, date, deletedAt }) as Payment;
    const { active, deleted } = splitPayments([
      pay('a', '2025-01-01T00:00:00.000Z'),
      pay('b', '2025-03-01T00:00:00.000Z'),
      pay('c', '2025-02-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z'),
    ]);
    expect(active.map((p) => p.id)).toEqual(['b', 'a']);
    expect(deleted.map((p) => p.id)).toEqual(['c']);
  });
});
