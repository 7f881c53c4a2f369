import { describe, expect, it } from 'vitest';
import { byActivityName, isValidActivityName } from './activity-rules.ts';

describe('activity rules', () => {
  it('should accept only a name that is not empty', () => {
    expect(isValidActivityName('Bingo')).toBe(true);
    expect(isValidActivityName('')).toBe(false);
    expect(isValidActivityName('   ')).toBe(false);
  });

  it('should sort by name with unnamed activities last', () => {
    const rows = [{ name: '' }, { name: 'Sing-along' }, { name: 'Bingo' }];
    expect([...rows].sort(byActivityName).map((r) => r.name)).toEqual(['Bingo', 'Sing-along', '']);
  });
});
