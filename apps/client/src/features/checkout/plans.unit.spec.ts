import { MEMBERSHIP_PLANS } from '@okul/domain';
import { describe, expect, it } from 'vitest';
import { cartLine, formatPlanPrice, planByItem, planCards } from './plans';

describe('plan cards (api.md 9.1)', () => {
  const cards = planCards();

  it('shows the four plans in order with prices in TL, Turkish style', () => {
    expect(cards.map((c) => [c.name, c.priceText])).toEqual([
      ['1 Aylık', '400 TL'],
      ['3 Aylık', '1.100 TL'],
      ['6 Aylık', '2.100 TL'],
      ['12 Aylık', '4.000 TL'],
    ]);
  });

  it('takes the discount against the first plan’s monthly price times the months, rounded', () => {
    // 3: 1100 vs 1200 = 8.3%; 6: 2100 vs 2400 = 12.5%; 12: 4000 vs 4800 = 16.7%
    expect(cards.map((c) => c.discountPercent)).toEqual([0, 8, 13, 17]);
    expect(cards.map((c) => c.discountText)).toEqual([null, '%8 indirim', '%13 indirim', '%17 indirim']);
  });

  it('highlights only the 12-month plan', () => {
    expect(cards.filter((c) => c.highlighted).map((c) => c.checkoutItem)).toEqual(['sub-1-year']);
  });

  it('gives the monthly equivalent of the longer plans, never rounding up', () => {
    expect(cards.map((c) => c.monthlyText)).toEqual([
      null,
      'aylık 366,66 TL',
      'aylık 350 TL',
      'aylık 333,33 TL',
    ]);
  });

  it('formats kuruş with grouping and a decimal comma, dropping only ,00', () => {
    expect(formatPlanPrice(400_00)).toBe('400 TL');
    expect(formatPlanPrice(1_234_567_89)).toBe('1.234.567,89 TL');
    expect(formatPlanPrice(50)).toBe('0,50 TL');
  });
});

describe('cart line of /odeme (product.md 2)', () => {
  it('names the chosen plan and its price, or says nothing is chosen', () => {
    expect(cartLine('sub-1-year')).toBe('12 Aylık abonelik: 4.000,00 TL');
    expect(cartLine(null)).toBe('Henüz bir abonelik seçilmedi.');
    expect(cartLine('sms-credits-100')).toBe('Henüz bir abonelik seçilmedi.');
  });

  it('finds plans by checkout item only', () => {
    expect(planByItem('sub-3-month')).toBe(MEMBERSHIP_PLANS[1]);
    expect(planByItem('toString')).toBeNull();
  });
});
