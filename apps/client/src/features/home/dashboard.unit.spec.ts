import { describe, expect, it } from 'vitest';
import { LESSON_COUNT_DAYS, birthdayText, lessonCountRange } from './dashboard';

describe('lesson count ranges', () => {
  it('counts the last 30 and 365 days up to now', () => {
    expect(LESSON_COUNT_DAYS).toEqual([30, 365]);
    const now = new Date('2025-03-31T12:00:00.000Z');
    expect(lessonCountRange(now, 30)).toEqual({
      from: '2025-03-01T12:00:00.000Z',
      to: '2025-03-31T12:00:00.000Z',
    });
    expect(lessonCountRange(now, 365)).toEqual({
      from: '2024-03-31T12:00:00.000Z',
      to: '2025-03-31T12:00:00.000Z',
    });
  });
});

describe('birthday text', () => {
  it('writes the day and the Turkish month', () => {
    expect(birthdayText({ dobD: 5, dobM: 3 })).toBe('5 Mart');
    expect(birthdayText({ dobD: 29, dobM: 2 })).toBe('29 Şubat');
    expect(birthdayText({ dobD: null, dobM: 3 })).toBe('');
    expect(birthdayText({ dobD: 1, dobM: 13 })).toBe('');
  });
});
