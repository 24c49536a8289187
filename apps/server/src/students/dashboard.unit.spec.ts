import { describe, expect, it } from 'vitest';
import { birthdayKeysOfWeek } from './dashboard.service';

describe('birthdayKeysOfWeek', () => {
  it('covers Monday to Sunday of the local (Istanbul) week', () => {
    // Wednesday 22:30 UTC on 2026-11-18 is already Thursday 19 November in Istanbul.
    expect(birthdayKeysOfWeek(new Date('2026-11-18T22:30:00.000Z'))).toEqual({
      today: [1119],
      week: [1116, 1117, 1118, 1119, 1120, 1121, 1122],
      year: 2026,
      nextDay: Date.parse('2026-11-19T21:00:00.000Z'),
    });
  });
  it('crosses the end of the year', () => {
    expect(birthdayKeysOfWeek(new Date('2026-12-31T09:00:00.000Z')).week).toEqual([
      1228, 1229, 1230, 1231, 101, 102, 103,
    ]);
  });
  it('celebrates 29 February on 28 February in a common year, not in a leap year', () => {
    expect(birthdayKeysOfWeek(new Date('2027-02-28T09:00:00.000Z')).today).toEqual([228, 229]);
    expect(birthdayKeysOfWeek(new Date('2028-02-28T09:00:00.000Z')).today).toEqual([228]);
    expect(birthdayKeysOfWeek(new Date('2028-02-29T09:00:00.000Z')).today).toEqual([229]);
  });
});
