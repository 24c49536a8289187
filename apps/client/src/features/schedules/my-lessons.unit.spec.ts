import { describe, expect, it } from 'vitest';
import { myLessonsWindow } from './my-lessons';

describe('my lessons window', () => {
  it('runs from the start of the Istanbul day to the end of the seventh day after', () => {
    // 23:30 in Istanbul on 31 March 2025 is 20:30 UTC; the day starts at 21:00 UTC of the day before.
    expect(myLessonsWindow(Date.parse('2025-03-31T20:30:00.000Z'))).toEqual({
      from: '2025-03-30T21:00:00.000Z',
      to: '2025-04-07T21:00:00.000Z',
      todayEnd: '2025-03-31T21:00:00.000Z',
    });
    // 00:30 in Istanbul on 1 April is already the next day
    expect(myLessonsWindow(Date.parse('2025-03-31T21:30:00.000Z'), 1)).toEqual({
      from: '2025-03-31T21:00:00.000Z',
      to: '2025-04-02T21:00:00.000Z',
      todayEnd: '2025-04-01T21:00:00.000Z',
    });
  });
});
