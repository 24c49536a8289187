import { describe, expect, it } from 'vitest';
import { balanceSheetExportQuerySchema, balanceSheetRows } from '../exports/tables';
import { balanceStatementRequestSchema } from './decider';
import { statementPeriod } from './statement';

// Istanbul is UTC+3: 31 January 21:30 UTC is already 1 February there.
const sheet = [
  {
    type: 'payment',
    courseID: 'c',
    amount: 10_000,
    timestamp: '2025-01-31T20:30:00.000Z',
    rollingBalance: 10_000,
  },
  {
    type: 'attendance',
    courseID: 'c',
    amount: -4_000,
    timestamp: '2025-01-31T21:30:00.000Z',
    rollingBalance: 6_000,
  },
  {
    type: 'payment',
    courseID: 'c',
    amount: 500,
    timestamp: '2025-02-28T20:59:00.000Z',
    rollingBalance: 6_500,
  },
  {
    type: 'payment',
    courseID: 'c',
    amount: 700,
    timestamp: '2025-02-28T21:00:00.000Z',
    rollingBalance: 7_200,
  },
];

describe('Hesap Ekstresi period', () => {
  it('given a period of Istanbul calendar days, then it keeps those days and carries the balance in', () => {
    const p = statementPeriod(sheet, { from: '2025-02-01', to: '2025-02-28' });
    expect(p.opening).toBe(10_000);
    expect(p.entries.map((e) => e.amount)).toEqual([-4_000, 500]);
    expect(p.closing).toBe(6_500);
  });

  it('given open ends, then it starts from nothing or runs to the last entry', () => {
    expect(statementPeriod(sheet, {})).toMatchObject({ opening: 0, closing: 7_200 });
    expect(statementPeriod(sheet, { to: '2025-01-31' })).toMatchObject({ opening: 0, closing: 10_000 });
    // A period without entries ends where it began.
    expect(statementPeriod(sheet, { from: '2025-05-01' })).toEqual({
      opening: 7_200,
      entries: [],
      closing: 7_200,
    });
  });

  it('exports the balance carried in first, then the entries with their running balance', () => {
    expect(balanceSheetRows(sheet, { from: '2025-03-01' }, () => 'Keman')).toEqual([
      ['2025-02-28T21:00:00.000Z', 'Devreden bakiye', null, null, 6_500],
      ['2025-02-28T21:00:00.000Z', 'Ödeme', 'Keman', 700, 7_200],
    ]);
  });

  it('refuses a reversed period and a day that does not exist', () => {
    const id = '3f0c6a1e-8a53-4c0e-9a55-0e6f1f7a2b11';
    expect(
      balanceStatementRequestSchema.safeParse({ studentId: id, from: '2025-02-01', to: '2025-02-01' })
        .success,
    ).toBe(true);
    const reversed = balanceStatementRequestSchema.safeParse({
      studentId: id,
      from: '2025-02-02',
      to: '2025-02-01',
    });
    expect(reversed.error?.issues[0].message).toBe('Başlangıç tarihi bitiş tarihinden sonra olamaz.');
    const bad = balanceSheetExportQuerySchema.safeParse({ studentId: id, to: '2025-02-29' });
    expect(bad.error?.issues[0].message).toBe('Tarih hatalı (YYYY-AA-GG).');
  });
});
