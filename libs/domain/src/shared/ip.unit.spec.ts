import { describe, expect, it } from 'vitest';
import { plainIp } from './ip';

describe('plainIp', () => {
  it('shows an IPv4-mapped address as IPv4 and leaves others as they are', () => {
    expect(plainIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainIp('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(plainIp('203.0.113.7')).toBe('203.0.113.7');
    expect(plainIp('2001:db8::1')).toBe('2001:db8::1');
    expect(plainIp('::ffff:7f00:1')).toBe('::ffff:7f00:1');
    expect(plainIp(null)).toBeNull();
    expect(plainIp('')).toBeNull();
  });
});
