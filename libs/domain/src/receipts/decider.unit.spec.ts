import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, USER } from '../students/fixtures';
import { given } from '../shared/given';
import {
  evolvePaymentReceipt,
  paymentReceiptDecider,
  receiptCounterDecider,
  evolveReceiptCounter,
  planReceiptIssue,
  receiptNumber,
  type PaymentReceiptState,
  type ReceiptCounterState,
} from './decider';

const P = '00000000-0000-4000-8000-0000000000a9';
// 31 December 2025 22:30 UTC is 1 January 2026 in Istanbul.
const NEW_YEAR = '2025-12-31T22:30:00.000Z';
const request = { organizationId: ORG, paymentId: P, paymentActive: true, userId: USER, now: NEW_YEAR };
const none: PaymentReceiptState = { status: 'none' };

describe('receipt numbers', () => {
  it('issues the next number of the Istanbul year, on the counter and on the payment', () => {
    const plan = planReceiptIssue(request, { counter: { highest: 41 }, receipt: none });
    expect(plan.receiptNumber).toBe('2026-000042');
    expect(plan.counterEvents).toEqual([
      {
        type: 'ReceiptNumberAllocated',
        data: { organizationId: ORG, year: 2026, sequence: 42, paymentId: P, allocatedAt: NEW_YEAR },
      },
    ]);
    expect(plan.receiptEvents[0]).toMatchObject({
      type: 'PaymentReceiptIssued',
      data: { receiptNumber: '2026-000042', issuedBy: USER },
    });
  });

  it('gives a payment the number it already has, and refuses a deleted or foreign payment', () => {
    const issued = plan();
    const receipt = issued.receiptEvents.reduce(evolvePaymentReceipt, none);
    expect(planReceiptIssue(request, { counter: { highest: 1 }, receipt })).toMatchObject({
      receiptNumber: '2026-000001',
      counterEvents: [],
      receiptEvents: [],
    });
    expect(() =>
      planReceiptIssue({ ...request, organizationId: OTHER_ORG }, { counter: { highest: 0 }, receipt }),
    ).toThrow('Ödeme bulunamadı.');
    expect(() =>
      planReceiptIssue({ ...request, paymentActive: false }, { counter: { highest: 0 }, receipt: none }),
    ).toThrow('Ödeme bulunamadı.');
    function plan() {
      return planReceiptIssue(request, { counter: { highest: 0 }, receipt: none });
    }
  });

  it('numbers any sequence of issues 1, 2, 3, ... without a gap or a repeat', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (n) => {
        let counter: ReceiptCounterState = { highest: 0 };
        const numbers: string[] = [];
        for (let i = 0; i < n; i++) {
          const plan = planReceiptIssue({ ...request, paymentId: `p${i}` }, { counter, receipt: none });
          counter = plan.counterEvents.reduce(evolveReceiptCounter, counter);
          numbers.push(plan.receiptNumber);
        }
        expect(numbers).toEqual(Array.from({ length: n }, (_, i) => receiptNumber(2026, i + 1)));
      }),
    );
  });
});

describe('receipt deciders', () => {
  const allocated = (sequence: number) => ({
    type: 'ReceiptNumberAllocated' as const,
    data: { organizationId: ORG, year: 2026, sequence, paymentId: `p${sequence}`, allocatedAt: NEW_YEAR },
  });
  const issue = {
    type: 'IssuePaymentReceipt' as const,
    organizationId: ORG,
    paymentId: P,
    year: 2026,
    sequence: 7,
    userId: USER,
    now: NEW_YEAR,
  };

  it("draws the year's next number after the highest one drawn", () => {
    given(receiptCounterDecider, [allocated(1), allocated(2)])
      .when({ type: 'AllocateReceiptNumber', organizationId: ORG, paymentId: P, now: NEW_YEAR })
      .then([
        {
          type: 'ReceiptNumberAllocated',
          data: { organizationId: ORG, year: 2026, sequence: 3, paymentId: P, allocatedAt: NEW_YEAR },
        },
      ]);
  });

  it('issues a payment its receipt once: issued again, it decides nothing', () => {
    const issued = {
      type: 'PaymentReceiptIssued' as const,
      data: {
        organizationId: ORG,
        paymentId: P,
        year: 2026,
        sequence: 7,
        receiptNumber: '2026-000007',
        issuedBy: USER,
        issuedAt: NEW_YEAR,
      },
    };
    given(paymentReceiptDecider, []).when(issue).then([issued]);
    given(paymentReceiptDecider, [issued])
      .when({ ...issue, sequence: 8 })
      .then([]);
  });
});
