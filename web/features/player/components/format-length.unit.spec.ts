import { describe, expect, it } from 'vitest';
import { formatLength } from './format-length.ts';

describe('formatLength', () => {
  it('shows mm:ss, and hh:mm:ss only with hours', () => {
    expect(formatLength(0)).toBe('00:00');
    expect(formatLength(65.9)).toBe('01:05');
    expect(formatLength(3600 + 61)).toBe('01:01:01');
    expect(formatLength(Number.NaN)).toBe('00:00');
  });
});
