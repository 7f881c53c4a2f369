import { describe, expect, it } from 'vitest';
import { UserConfig } from '../../../schemas/api/user.ts';
import { navLinks } from './nav-links.ts';

const defaults = UserConfig.parse({});
const labels = (config: UserConfig, games = 0) => navLinks(config, games).map((link) => link.label);

describe('navLinks', () => {
  it('should show the default flags in the spec order, without msgs', () => {
    expect(labels(defaults)).toEqual(['Todays messages', 'Recipes', 'Favorites', 'Music channels', 'Search']);
  });
  it('should show Games only with game messages, the flag not off and not in easy mode', () => {
    expect(labels(defaults, 2)).toContain('Games');
    expect(labels({ ...defaults, games: false }, 2)).not.toContain('Games');
    expect(labels({ ...defaults, mode: 'easy' }, 2)).not.toContain('Games');
  });
  it('should hide each link whose flag is off', () => {
    const config = { ...defaults, recipes: false, search: false, msgs: true };
    expect(labels(config)).toEqual(['Todays messages', 'Favorites', 'Music channels', 'Msgs']);
  });
});
