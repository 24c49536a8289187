import { describe, expect, it } from 'vitest';
import { istanbulVtimezone, istanbulWallClock } from './ical-feed';

describe('the feed on the Istanbul clock', () => {
  it('writes an instant as its Istanbul wall-clock time, across midnight', () => {
    expect(istanbulWallClock('2026-11-27T22:00:00.000Z')).toBe('2026-11-28T01:00:00');
    expect(istanbulWallClock('2026-03-02T15:00:00.000Z')).toBe('2026-03-02T18:00:00');
  });

  it('describes only the zone it uses', () => {
    expect(istanbulVtimezone('Europe/Istanbul')).toContain('TZOFFSETTO:+0300');
    expect(istanbulVtimezone('Europe/Berlin')).toBeNull();
  });
});
