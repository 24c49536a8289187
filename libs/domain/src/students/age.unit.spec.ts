import { describe, expect, it } from 'vitest';
import { isBirthday, studentAge } from './age';

describe('student age (product.md 2 Yaş)', () => {
  const today = { year: 2025, month: 6, day: 15 };

  it('computes the age in whole years, counting the birthday itself', () => {
    expect(studentAge({ dobD: 15, dobM: 6, dobY: 2010 }, today)).toBe(15);
    expect(studentAge({ dobD: 16, dobM: 6, dobY: 2010 }, today)).toBe(14);
    expect(studentAge({ dobD: 1, dobM: 12, dobY: 2010 }, today)).toBe(14);
    expect(studentAge({ dobD: null, dobM: 6, dobY: 2010 }, today)).toBeNull();
    expect(studentAge({ dobD: 1, dobM: 1, dobY: 2030 }, today)).toBeNull();
  });
});

describe('birthday banner (product.md 2)', () => {
  it('shows on the day, 29 February on 28 February in common years', () => {
    expect(isBirthday({ dobD: 5, dobM: 3 }, { year: 2025, month: 3, day: 5 })).toBe(true);
    expect(isBirthday({ dobD: 5, dobM: 3 }, { year: 2025, month: 3, day: 6 })).toBe(false);
    expect(isBirthday({ dobD: 29, dobM: 2 }, { year: 2025, month: 2, day: 28 })).toBe(true);
    expect(isBirthday({ dobD: 29, dobM: 2 }, { year: 2024, month: 2, day: 28 })).toBe(false);
    expect(isBirthday({ dobD: 29, dobM: 2 }, { year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isBirthday({ dobD: null, dobM: 2 }, { year: 2024, month: 2, day: 29 })).toBe(false);
  });
});
