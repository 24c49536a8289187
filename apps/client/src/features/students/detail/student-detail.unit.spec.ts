import { describe, expect, it } from 'vitest';
import { consentText, isBirthday } from './student-detail';

describe('student detail', () => {
  it('shows the birthday banner on the day, 29 February on 28 February in common years', () => {
    expect(isBirthday({ dobD: 5, dobM: 3 }, { year: 2025, month: 3, day: 5 })).toBe(true);
    expect(isBirthday({ dobD: 5, dobM: 3 }, { year: 2025, month: 3, day: 6 })).toBe(false);
    expect(isBirthday({ dobD: 29, dobM: 2 }, { year: 2025, month: 2, day: 28 })).toBe(true);
    expect(isBirthday({ dobD: 29, dobM: 2 }, { year: 2024, month: 2, day: 28 })).toBe(false);
    expect(isBirthday({ dobD: 29, dobM: 2 }, { year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isBirthday({ dobD: null, dobM: 2 }, { year: 2024, month: 2, day: 29 })).toBe(false);
  });

  it('names the SMS consent status', () => {
    expect(consentText(null, null)).toBe('SMS izni alınmadı');
    expect(consentText('ONAY', '2025-03-10T09:00:00.000Z')).toMatch(
      /^SMS izni var \(ONAY\), \d\d\.03\.2025$/,
    );
    expect(consentText('RET', null)).toBe('SMS izni yok (RET)');
  });
});
