import { describe, expect, it } from 'vitest';
import { formatLessonTime, roleLabel } from './format';

describe('roleLabel', () => {
  it('labels roles, unknown ids included', () => {
    expect(roleLabel(2)).toBe('Kurum Sahibi');
    expect(roleLabel(42)).toBe('Bilinmeyen rol');
    expect(roleLabel(null)).toBe('Bilinmeyen rol');
  });
});

describe('formatLessonTime', () => {
  it('writes the stored local parts as dd.MM.yyyy HH:mm', () => {
    expect(formatLessonTime({ day: 3, month: 4, year: 2025, hour: 8, minute: 5 })).toBe('03.04.2025 08:05');
    expect(formatLessonTime({ day: 31, month: 12, year: 2025, hour: 23, minute: 59 })).toBe(
      '31.12.2025 23:59',
    );
  });
});
