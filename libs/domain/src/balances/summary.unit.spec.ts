import { describe, expect, it } from 'vitest';
import { balanceTotals } from './calculator';
import { nextLessonsDebtByCourse, reminderAmount } from './summary';

const NOW = '2025-06-01T09:00:00.000Z';

const course = (charged: number, paid: number) => ({
  owed: charged - paid,
  balancePerCourse: paid - charged,
});

const enrollment = (o: {
  courseId: string;
  price: number;
  discount?: number;
  startDate?: string;
  endDate?: string | null;
}) => ({
  startDate: '2025-01-01T00:00:00.000Z',
  endDate: null,
  discount: 0,
  ...o,
});

describe('balance summary (product.md 4, api.md 9.3)', () => {
  it('sums the balance over courses but the total owed only over courses that owe', () => {
    expect(balanceTotals([course(30000, 15000), course(10000, 40000)])).toEqual({
      balance: 15000,
      totalOwed: 15000,
    });
    expect(balanceTotals([])).toEqual({ balance: 0, totalOwed: 0 });
  });

  it('takes the next-4-lessons debt as the newest active price (less discount) times 4', () => {
    const debts = nextLessonsDebtByCourse(
      [
        enrollment({ courseId: 'p', price: 5000, endDate: '2025-02-01T00:00:00.000Z' }),
        enrollment({ courseId: 'p', price: 12000, discount: 2000, startDate: '2025-03-01T00:00:00.000Z' }),
        enrollment({ courseId: 'p', price: 9000, startDate: '2025-02-01T00:00:00.000Z' }),
        enrollment({ courseId: 'g', price: 25000 }),
        enrollment({ courseId: 'closed', price: 7000, endDate: NOW }),
      ],
      NOW,
    );
    expect(Object.fromEntries(debts)).toEqual({ p: 40000, g: 100000 });
  });

  it('reminds of what is owed, or of the next four lessons when nothing is owed', () => {
    const debts = [40000, 100000];
    expect(reminderAmount({ balance: 0, totalOwed: 0 }, debts)).toBe(140000);
    expect(reminderAmount({ balance: -500, totalOwed: 500 }, debts)).toBe(500);
  });
});
