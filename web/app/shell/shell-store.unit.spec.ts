import { beforeEach, describe, expect, it } from 'vitest';
import { registerLogoClick, shell } from './shell-store.ts';

describe('triple logo click', () => {
  beforeEach(() => {
    shell.instructorMode = false;
    shell.logoClicks = [];
  });
  it('should toggle instructor mode on three clicks within 1000 ms', () => {
    registerLogoClick(0);
    registerLogoClick(400);
    registerLogoClick(999);
    expect(shell.instructorMode).toBe(true);
  });
  it('should not toggle when the clicks spread over more than 1000 ms', () => {
    registerLogoClick(0);
    registerLogoClick(600);
    registerLogoClick(1000);
    expect(shell.instructorMode).toBe(false);
    registerLogoClick(1200);
    expect(shell.instructorMode).toBe(true);
  });
});
