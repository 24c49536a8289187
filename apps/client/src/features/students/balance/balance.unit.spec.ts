import { describe, expect, it } from 'vitest';
import type { BalanceSheetRow } from '@okul/domain';
import { entriesByDay, formatSignedTl, monthGrid, whatsappLink, whatsappReminderText } from './balance';

describe('balance figures (product.md 4, api.md 9.3)', () => {
  it('signs the balance: positive is prepaid', () => {
    expect(formatSignedTl(15000)).toBe('+150,00 TL');
    expect(formatSignedTl(-15000)).toBe('-150,00 TL');
    expect(formatSignedTl(0)).toBe('0,00 TL');
  });
});

describe('WhatsApp reminder (api.md 7.4)', () => {
  it('prefills the student and the amount in Turkish', () => {
    const text = whatsappReminderText({
      studentName: 'Ayşe Işık',
      amount: 15000,
      organizationName: 'Deneme Kursu',
      owes: true,
    });
    expect(text).toContain('Ayşe Işık');
    expect(text).toContain('150,00 TL');
    expect(text).toContain('ödenmemiş');
    expect(text).toContain('Deneme Kursu');
    expect(
      whatsappReminderText({ studentName: 'A', amount: 40000, organizationName: 'K', owes: false }),
    ).toContain('önümüzdeki 4 ders için 400,00 TL');
  });

  it('links wa.me with the country code and the encoded text, for Turkish mobile numbers only', () => {
    expect(whatsappLink('5321234567', 'Merhaba, 150,00 TL & ş')).toBe(
      'https://wa.me/905321234567?text=Merhaba%2C%20150%2C00%20TL%20%26%20%C5%9F',
    );
    expect(whatsappLink('(532) 123 45 67', 'x')).toBe('https://wa.me/905321234567?text=x');
    expect(whatsappLink('05321234567', 'x')).toBe('https://wa.me/905321234567?text=x');
    expect(whatsappLink('+90 532 123 45 67', 'x')).toBe('https://wa.me/905321234567?text=x');
    expect(whatsappLink('2121234567', 'x')).toBeNull();
    expect(whatsappLink(null, 'x')).toBeNull();
  });
});

describe('balance calendar (api.md 9.4)', () => {
  it('lays a month out in whole Monday-first weeks', () => {
    const weeks = monthGrid(new Date(2025, 2, 15)); // March 2025 starts on a Saturday
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0][0].date.getDay()).toBe(1);
    expect(weeks[0][0].key).toBe('2025-02-24');
    expect(weeks[0][5]).toMatchObject({ key: '2025-03-01', inMonth: true });
    expect(weeks.at(-1)!.at(-1)!.key).toBe('2025-04-06');
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(31);
  });

  it('groups the balance events by their local day in sheet order', () => {
    const at = (d: Date) => d.toISOString();
    const e = (timestamp: string, type: BalanceSheetRow['type']): BalanceSheetRow => ({
      type,
      courseID: 'c',
      amount: type === 'payment' ? 100 : -100,
      timestamp,
      rollingBalance: 0,
      sourceId: timestamp + type,
      enrollmentId: null,
    });
    const days = entriesByDay([
      e(at(new Date(2025, 2, 5, 9)), 'payment'),
      e(at(new Date(2025, 2, 5, 18)), 'attendance'),
      e(at(new Date(2025, 2, 6, 18)), 'attendance'),
    ]);
    expect([...days.keys()]).toEqual(['2025-03-05', '2025-03-06']);
    expect(days.get('2025-03-05')!.map((x) => x.type)).toEqual(['payment', 'attendance']);
  });
});
