import { describe, expect, it } from 'vitest';
import { roleLabel } from './format';

describe('roleLabel', () => {
  it('labels roles, unknown ids included', () => {
    expect(roleLabel(2)).toBe('Kurum Sahibi');
    expect(roleLabel(42)).toBe('Bilinmeyen rol');
    expect(roleLabel(null)).toBe('Bilinmeyen rol');
  });
});
