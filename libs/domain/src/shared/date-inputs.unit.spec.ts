import { describe, expect, it } from 'vitest';
import { addEnrollmentSchema, editEnrollmentSchema } from '../enrollments/schemas';
import { addPaymentSchema } from '../payments/schemas';

const ID = '0b9c2f1e-4a57-4c39-8d0e-3f1d2a6b7c80';
const ID2 = '6f1e2d3c-4b5a-4968-8776-655443322110';

const issue = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error!.issues[0].message;

/** Dates outside the spec's years (api.md 9.5: 2000-2999) are refused in Turkish, never coerced. */
describe('dates and periods the calendar cannot represent', () => {
  it.each(['0099-12-31', '1999-12-31', '3000-01-01', '0099-12-31T09:00:00.000Z'])(
    'a payment dated %s is refused',
    (date) => {
      const r = addPaymentSchema.safeParse({ studentId: ID, courseId: ID2, amount: '100', date });
      expect(issue(r)).toBe('Ödeme tarihi geçersiz.');
    },
  );

  it('a payment dated in the spec years is kept as that day', () => {
    const r = addPaymentSchema.safeParse({ studentId: ID, courseId: ID2, amount: '100', date: '2099-12-31' });
    expect(r.success && r.data.date).toBe('2099-12-30T21:00:00.000Z');
  });

  it.each([
    ['startDate', '0026-01-01'],
    ['endDate', '3001-01-01'],
  ])('an enrolment with %s %s is refused', (field, value) => {
    const r = addEnrollmentSchema.safeParse({ studentId: ID, courseId: ID2, price: '100', [field]: value });
    expect(issue(r)).toBe('Tarih geçersiz.');
    expect(issue(editEnrollmentSchema.safeParse({ id: ID, [field]: value }))).toBe('Tarih geçersiz.');
  });

  it('every period the spec allows is accepted, 999 months included; 1000 is refused', () => {
    const base = {
      studentId: ID,
      courseId: ID2,
      price: '100',
      enrollmentType: 'periodic',
      periodUnit: 'month',
    };
    expect(addEnrollmentSchema.safeParse({ ...base, periodLength: 999 }).success).toBe(true);
    expect(issue(addEnrollmentSchema.safeParse({ ...base, periodLength: 1000 }))).toBeTruthy();
  });
});
