import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGE_GROUPS, ageGroupOf, countAgeGroups } from './age-groups';

const today = { year: 2026, month: 3, day: 15 };

describe('age groups (api.md 9.4)', () => {
  it.each([
    [0, '0-4'],
    [3, '0-4'],
    [4, '4-6'],
    [6, '4-6'],
    [7, '7-10'],
    [14, '11-14'],
    [18, '15-18'],
    [19, '19-24'],
    [30, '25-30'],
    [40, '31-40'],
    [50, '41-50'],
    [60, '51-60'],
    [61, '61+'],
    [97, '61+'],
  ])('puts age %i in %s', (age, label) => {
    expect(ageGroupOf(age)).toBe(label);
  });

  it('counts by the age on the day (a birthday tomorrow is not yet counted), unknown dates apart', () => {
    const r = countAgeGroups(
      [
        { dobD: 15, dobM: 3, dobY: 2019 }, // 7 today
        { dobD: 16, dobM: 3, dobY: 2019 }, // 6 until tomorrow
        { dobD: null, dobM: 3, dobY: 2019 },
        { dobD: 1, dobM: 1, dobY: 1960 },
      ],
      today,
    );
    expect(r.unknownAge).toBe(1);
    expect(r.groups.filter((g) => g.count > 0)).toEqual([
      { label: '4-6', count: 1 },
      { label: '7-10', count: 1 },
      { label: '61+', count: 1 },
    ]);
  });

  it('places every age in exactly one group, and the counts add up', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 120 })), (ages) => {
        for (const a of ages) expect(AGE_GROUPS.filter((g) => a >= g.min && a <= g.max)).toHaveLength(1);
        const r = countAgeGroups(
          ages.map((a) => ({ dobD: 1, dobM: 1, dobY: today.year - a })),
          today,
        );
        expect(r.groups.reduce((s, g) => s + g.count, 0)).toBe(ages.length);
      }),
    );
  });
});
