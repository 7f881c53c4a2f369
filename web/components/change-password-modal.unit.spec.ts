import { describe, expect, it } from 'vitest';
import { canSubmitPassword } from './change-password-modal.tsx';

// CHANGE_PASSWORD (spec 1 section 5, spec 2 section 8): at least 4 characters, typed twice alike.
describe('change password', () => {
  it('should take a password of 4 characters typed twice alike', () => {
    expect(canSubmitPassword('abcd', 'abcd')).toBe(true);
    expect(canSubmitPassword('a longer one', 'a longer one')).toBe(true);
  });

  it('should refuse 3 characters, and two entries that differ', () => {
    expect(canSubmitPassword('abc', 'abc')).toBe(false);
    expect(canSubmitPassword('abcd', 'abce')).toBe(false);
    expect(canSubmitPassword('abcd', '')).toBe(false);
  });
});
