import { describe, expect, it } from 'vitest';
import { consentText } from './student-detail';

describe('student detail', () => {
  it('names the SMS consent status', () => {
    expect(consentText(null, null)).toBe('SMS izni alınmadı');
    expect(consentText('ONAY', '2025-03-10T09:00:00.000Z')).toMatch(
      /^SMS izni var \(ONAY\), \d\d\.03\.2025$/,
    );
    expect(consentText('RET', null)).toBe('SMS izni yok (RET)');
  });
});
