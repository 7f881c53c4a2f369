import { describe, expect, it } from 'vitest';
import { canSubmitPassword } from './change-password-modal.tsx';

// CHANGE_PASSWORD (spec 1 section 5, spec 2 section 8): at least 8 characters (issue 37: spec 2 says 4,
// NIST SP 800-63B 8), typed twice alike.
describe('change password', () => {
  it('should take a password of 8 characters typed twice alike', () => {
    expect(canSubmitPassword('abcdefgh', 'abcdefgh')).toBe(true);
    expect(canSubmitPassword('a longer one', 'a longer one')).toBe(true);
  });

  it('should refuse 7 characters, and two entries that differ', () => {
    expect(canSubmitPassword('abcdefg', 'abcdefg')).toBe(false);
    expect(canSubmitPassword('abcdefgh', 'abcdefgi')).toBe(false);
    expect(canSubmitPassword('abcdefgh', '')).toBe(false);
  });
});
