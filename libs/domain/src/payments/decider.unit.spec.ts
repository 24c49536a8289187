import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { given } from '../shared/given';
import { COURSE, ORG, OTHER_ORG, STUDENT, USER } from '../students/fixtures';
import { paymentDecider, paymentStream, type PaymentCommand, type PaymentEvent } from './decider';
import { addPaymentSchema, editPaymentSchema, paymentIdSchema, type AddPaymentInput } from './schemas';

const P = '00000000-0000-4000-8000-0000000000f1';
const NOW = '2026-01-20T10:00:00.000Z';
const LATER = '2026-01-21T10:00:00.000Z';
const ids = { paymentId: P, organizationId: ORG };
const input: AddPaymentInput = {
  studentId: STUDENT,
  courseId: COURSE,
  amount: 150000,
  date: '2026-01-19T21:00:00.000Z',
  method: 'cash',
  isCorrection: false,
};
const cmd = <T extends PaymentCommand['type']>(type: T, extra: object = {}) =>
  ({ type, ...ids, userId: USER, now: LATER, ...extra }) as Extract<PaymentCommand, { type: T }>;

const added: PaymentEvent = {
  type: 'PaymentAdded',
  data: {
    ...ids,
    studentId: STUDENT,
    courseId: COURSE,
    amount: 150000,
    method: 'cash',
    isCorrection: false,
    date: '2026-01-19T21:00:00.000Z',
    timestamp: NOW,
    createdBy: USER,
    createdAt: NOW,
  },
};
const who = { studentId: STUDENT, courseId: COURSE, amount: 150000 };
const softDeleted: PaymentEvent = {
  type: 'PaymentSoftDeleted',
  data: { ...ids, ...who, deletedBy: USER, deletedAt: LATER },
};

describe('payment decider', () => {
  it('adds a payment; the optional texts left blank are omitted', () => {
    given(paymentDecider, [])
      .when({ type: 'AddPayment', ...ids, userId: USER, now: NOW, input })
      .then([added]);
  });

  it('dates a payment without a date at the time it is recorded', () => {
    const [e] = given(paymentDecider, [])
      .when({ type: 'AddPayment', ...ids, userId: USER, now: NOW, input: { ...input, date: null } })
      .run();
    expect(e.data).toMatchObject({ date: NOW, timestamp: NOW });
  });

  it('refuses a repeated id and a non-positive amount that is not a correction', () => {
    given(paymentDecider, [added])
      .when({ type: 'AddPayment', ...ids, userId: USER, now: NOW, input })
      .thenThrows('payment.alreadyExists');
    given(paymentDecider, [])
      .when({ type: 'AddPayment', ...ids, userId: USER, now: NOW, input: { ...input, amount: -100 } })
      .thenThrows('payment.amountInvalid', 'Miktar hatalı');
  });

  it('accepts a negative correction', () => {
    const [e] = given(paymentDecider, [])
      .when({
        type: 'AddPayment',
        ...ids,
        userId: USER,
        now: NOW,
        input: { ...input, amount: -2500, method: 'correction', isCorrection: true },
      })
      .run();
    expect(e.data).toMatchObject({ amount: -2500, isCorrection: true, method: 'correction' });
  });

  it('edits amount, method, reference and notes, keeping the old amount for the log', () => {
    given(paymentDecider, [added])
      .when(
        cmd('EditPayment', {
          input: { amount: 120000, method: 'bank_transfer', referenceCode: 'EFT-1', isCorrection: false },
        }),
      )
      .then([
        {
          type: 'PaymentEdited',
          data: {
            ...ids,
            studentId: STUDENT,
            courseId: COURSE,
            amount: 120000,
            method: 'bank_transfer',
            referenceCode: 'EFT-1',
            isCorrection: false,
            oldAmount: 150000,
            editedBy: USER,
            editedAt: LATER,
          },
        },
      ]);
  });

  it('an edit replaces the texts: one left out is removed', () => {
    const withNotes: PaymentEvent = { ...added, data: { ...added.data, notes: 'Ocak' } } as PaymentEvent;
    const [e] = given(paymentDecider, [withNotes])
      .when(cmd('EditPayment', { input: { amount: 150000, method: 'cash', isCorrection: false } }))
      .run();
    expect(e.data).not.toHaveProperty('notes');
    const state = given(paymentDecider, [withNotes, e]).state;
    expect(state).not.toHaveProperty('notes');
  });

  it('writes nothing for an unchanged edit', () => {
    given(paymentDecider, [added])
      .when(cmd('EditPayment', { input: { amount: 150000, method: 'cash', isCorrection: false } }))
      .then([]);
  });

  it('soft deletes into the deleted list, restores, and deletes permanently from the list only', () => {
    given(paymentDecider, [added]).when(cmd('SoftDeletePayment')).then([softDeleted]);
    given(paymentDecider, [added, softDeleted])
      .when(cmd('SoftDeletePayment'))
      .thenThrows('payment.alreadyDeleted');
    given(paymentDecider, [added, softDeleted])
      .when(cmd('EditPayment', { input: { amount: 1, isCorrection: false } }))
      .thenThrows('payment.alreadyDeleted');
    given(paymentDecider, [added, softDeleted])
      .when(cmd('ResurrectPayment'))
      .then([
        { type: 'PaymentResurrected', data: { ...ids, ...who, resurrectedBy: USER, resurrectedAt: LATER } },
      ]);
    given(paymentDecider, [added]).when(cmd('ResurrectPayment')).thenThrows('payment.notDeleted');
    given(paymentDecider, [added])
      .when(cmd('PermanentlyDeletePayment'))
      .thenThrows('payment.purgeNotDeleted');
    const purged: PaymentEvent = {
      type: 'PaymentPermanentlyDeleted',
      data: { ...ids, ...who, deletedBy: USER, deletedAt: LATER },
    };
    given(paymentDecider, [added, softDeleted]).when(cmd('PermanentlyDeletePayment')).then([purged]);
    given(paymentDecider, [added, softDeleted, purged])
      .when(cmd('ResurrectPayment'))
      .thenThrows('payment.notFound');
  });

  it('treats a payment of another organisation as not found', () => {
    given(paymentDecider, [added])
      .when({ ...cmd('SoftDeletePayment'), organizationId: OTHER_ORG })
      .thenThrows('payment.notFound');
    expect(paymentStream(P)).toBe(`payment-${P}`);
  });
});

describe('payment schemas (product.md 5, api.md 9.3)', () => {
  const body = { studentId: STUDENT, courseId: COURSE, amount: '1.500,00' };
  const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

  it('reads kuruş and trims; blank texts are omitted', () => {
    expect(
      addPaymentSchema.parse({ ...body, notes: '  ', method: ' cash ', referenceCode: ' R-1 ' }),
    ).toEqual({
      studentId: STUDENT,
      courseId: COURSE,
      amount: 150000,
      date: null,
      method: 'cash',
      referenceCode: 'R-1',
      isCorrection: false,
    });
  });

  it.each([
    [{ amount: undefined }, 'Miktar eksik'],
    [{ amount: '  ' }, 'Miktar eksik'],
    [{ amount: 'on beş' }, 'Miktar hatalı'],
    [{ amount: '12,345' }, 'Miktar hatalı'],
    [{ amount: 0 }, 'Miktar hatalı'],
    [{ amount: '-10' }, 'Miktar hatalı'],
    [{ amount: '1000000000' }, 'Miktar hatalı'],
    [{ amount: '0', method: 'correction' }, 'Miktar hatalı'],
    [{ amount: '1'.repeat(501) }, 'Miktar hatalı'],
    [{ courseId: undefined }, 'kurs eksik'],
    [{ amount: undefined, courseId: undefined }, 'Miktar eksik'],
    [{ method: 'cheque' }, 'Ödeme yöntemi geçersiz.'],
    [{ notes: 'n'.repeat(501) }, 'Not en fazla 500 karakter olabilir.'],
    [{ referenceCode: 'r'.repeat(101) }, 'Referans kodu en fazla 100 karakter olabilir.'],
    [{ date: '2026-13-01' }, 'Ödeme tarihi geçersiz.'],
  ])('refuses %j with "%s"', (patch, text) => {
    expect(first(addPaymentSchema.safeParse({ ...body, ...patch }))).toBe(text);
  });

  it('allows corrections of either sign', () => {
    expect(addPaymentSchema.parse({ ...body, amount: '-25,50', method: 'correction' })).toMatchObject({
      amount: -2550,
      isCorrection: true,
      method: 'correction',
    });
    expect(addPaymentSchema.parse({ ...body, amount: 10, isCorrection: true })).toMatchObject({
      amount: 1000,
      method: 'correction',
      isCorrection: true,
    });
  });

  it('accepts every positive amount of at most two decimals, refuses every non-positive one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (kurus) => {
        const text = `${kurus < 0 ? '-' : ''}${Math.floor(Math.abs(kurus) / 100)},${String(Math.abs(kurus) % 100).padStart(2, '0')}`;
        const r = addPaymentSchema.safeParse({ ...body, amount: text });
        return kurus > 0 ? r.success && r.data.amount === kurus : !r.success;
      }),
    );
  });

  it('reads an edit of the four editable fields only', () => {
    expect(editPaymentSchema.parse({ id: P, amount: 50, notes: ' not ' })).toEqual({
      id: P,
      amount: 5000,
      notes: 'not',
      isCorrection: false,
    });
    expect(editPaymentSchema.safeParse({ id: P, amount: 50, courseId: COURSE }).success).toBe(false);
    expect(paymentIdSchema.safeParse({ id: 'x' }).error?.issues[0].message).toBe('Ödeme seçilmemiş.');
  });
});
