import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideAccounting,
  evolveAccounting,
  initialAccountingEntryState,
  type AccountingEntryState,
  type AccountingEvent,
  type AccountingCommand,
} from '../accounting/decider';
import type { AccountingTerms } from '../accounting/schemas';
import { DomainError } from '../shared/errors';
import { foldWagePayments, wagePaymentRow, wagesOwed, wagesPaid } from './wage-payments';

const ORG = '00000000-0000-4000-8000-000000000000';
const EMPLOYEES = [
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  '00000000-0000-4000-8000-00000000000c',
];
const ENTRIES = ['e1', 'e2', 'e3', 'e4'];
const NOW = '2026-03-15T12:00:00.000Z';
const DAYS = ['2026-01-10T21:00:00.000Z', '2026-03-14T21:00:00.000Z', '2026-04-01T21:00:00.000Z'];

const terms: fc.Arbitrary<AccountingTerms> = fc
  .record({
    kind: fc.constantFrom('wage', 'otherCost', 'revenue'),
    employee: fc.constantFrom(...EMPLOYEES),
    amount: fc.integer({ min: 1, max: 5_000_000 }),
    date: fc.constantFrom(...DAYS),
  })
  .map(({ kind, employee, amount, date }) =>
    kind === 'wage'
      ? { type: 'cost', subtype: 'wage', method: 'cash', amount, date, employeeId: employee }
      : { type: kind === 'revenue' ? 'revenue' : 'cost', subtype: 'other', method: 'cash', amount, date },
  );

const step = fc.record({
  entry: fc.constantFrom(...ENTRIES),
  op: fc.constantFrom('add', 'edit', 'reverse'),
  terms,
});

/** Runs the accounting decider on a history of steps, skipping refusals; answers the events and states. */
function run(steps: Array<{ entry: string; op: string; terms: AccountingTerms }>) {
  const states = new Map<string, AccountingEntryState>();
  const events: AccountingEvent[] = [];
  for (const s of steps) {
    const state = states.get(s.entry) ?? initialAccountingEntryState;
    const base = { entryId: s.entry, organizationId: ORG, userId: null, now: NOW };
    const command: AccountingCommand =
      s.op === 'add'
        ? { ...base, type: 'AddAccountingEntry', input: s.terms }
        : s.op === 'edit'
          ? { ...base, type: 'EditAccountingEntry', input: s.terms }
          : { ...base, type: 'ReverseAccountingEntry' };
    try {
      const out = decideAccounting(command, state);
      events.push(...out);
      states.set(s.entry, out.reduce(evolveAccounting, state));
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
    }
  }
  return { events, states };
}

describe('wages paid', () => {
  it('counts a wage entry for its employee, moves it on edit and drops it on reversal', () => {
    const wage = (employeeId: string, amount: number): AccountingTerms => ({
      type: 'cost',
      subtype: 'wage',
      method: 'cash',
      amount,
      date: DAYS[0],
      employeeId,
    });
    const [a, b] = EMPLOYEES;
    const { events } = run([
      { entry: 'e1', op: 'add', terms: wage(a, 100_000) },
      { entry: 'e2', op: 'add', terms: wage(a, 50_050) },
      { entry: 'e2', op: 'edit', terms: wage(b, 70_000) },
      { entry: 'e1', op: 'reverse', terms: wage(a, 1) },
    ]);
    const rows = foldWagePayments(events).values();
    const list = [...rows];
    expect(wagesPaid(list, a, NOW)).toBe(0);
    expect(wagesPaid(list, b, NOW)).toBe(70_000);
    expect(wagesOwed(100_000, 70_000)).toEqual({ earned: 100_000, paid: 70_000, outstanding: 30_000 });
  });

  it('ignores costs and revenue that are no wage', () => {
    const { events } = run([
      {
        entry: 'e1',
        op: 'add',
        terms: { type: 'cost', subtype: 'other', method: 'cash', amount: 100, date: DAYS[0] },
      },
    ]);
    expect(events.map(wagePaymentRow)).toEqual([null]);
  });

  it('equals, on any history of adds, edits and reversals, the sum of live wage entries per employee', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { events, states } = run(steps);
        const rows = [...foldWagePayments(events).values()];
        for (const employee of EMPLOYEES) {
          // reference: the entries' final states, read directly
          let expected = 0;
          for (const s of states.values()) {
            if (s.status !== 'active' || s.type !== 'cost' || s.subtype !== 'wage') continue;
            if (s.employeeId === employee && Date.parse(s.date) <= Date.parse(NOW)) expected += s.amount;
          }
          const paid = wagesPaid(rows, employee, NOW);
          expect(paid).toBe(expected);
          const owed = wagesOwed(1_000_000, paid);
          expect(owed.outstanding + owed.paid).toBe(owed.earned);
        }
      }),
      { numRuns: 300 },
    );
  });
});
