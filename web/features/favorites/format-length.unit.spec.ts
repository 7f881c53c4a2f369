import { describe, expect, it } from 'vitest';
import { formatLength } from './format-length.ts';
import { formatLength as searchFormatLength } from '../search/format-length.ts';

describe('formatLength', () => {
  it.each([formatLength, searchFormatLength])('should show mm:ss, and hh:mm:ss with hours (%#)', (format) => {
    expect(format(0)).toBe('00:00');
    expect(format(65)).toBe('01:05');
    expect(format(3599)).toBe('59:59');
    expect(format(3600)).toBe('01:00:00');
    expect(format(37_230.4)).toBe('10:20:30');
    expect(format(Number.NaN)).toBe('00:00');
  });
});
