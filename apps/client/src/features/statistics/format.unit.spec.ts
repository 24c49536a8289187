import { describe, expect, it } from 'vitest';
import { formatCount, formatRate, monthLabel } from './format';

describe('statistics formats', () => {
  it('writes months, counts and rates the Turkish way', () => {
    expect(monthLabel('2025-02')).toBe('Şubat 2025');
    expect(monthLabel('2026-12')).toBe('Aralık 2026');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatRate(94)).toBe('%94,0');
    expect(formatRate(25.4)).toBe('%25,4');
    expect(formatRate(null)).toBe('—');
  });
});
