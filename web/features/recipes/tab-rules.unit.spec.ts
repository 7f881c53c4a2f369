import { describe, expect, it } from 'vitest';
import { isButtonEnabled, parseButton, recipePlayerId, shortDescription, tabClick, tabLength, visibleButtons } from './tab-rules.ts';

describe('recipe tabs', () => {
  it('should show Music only with the music config', () => {
    expect(visibleButtons('enabled')).toEqual(['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio', 'PlayAll']);
    expect(visibleButtons('withInstructor')).toContain('Music');
    expect(visibleButtons('none')).toEqual(['News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio', 'PlayAll']);
    expect(visibleButtons(null)).not.toContain('Music');
  });

  it('should disable a tab without items', () => {
    expect(isButtonEnabled('News', 0)).toBe(false);
    expect(isButtonEnabled('PlayAll', 0)).toBe(false);
    expect(isButtonEnabled('News', 2)).toBe(true);
  });

  it('should activate an inactive tab, and play the active one', () => {
    expect(tabClick('Music', null, true)).toBe('activate');
    expect(tabClick('Music', 'News', true)).toBe('activate');
    expect(tabClick('Music', 'Music', true)).toBe('play');
    expect(tabClick('Music', 'Music', false)).toBe('none');
    expect(tabClick('Story', null, false)).toBe('none');
  });

  it('should start Radio and PlayAll with one click, unless one-click auto-play is off', () => {
    expect(tabClick('Radio', 'Music', true)).toBe('activateAndPlay');
    expect(tabClick('PlayAll', null, true)).toBe('activateAndPlay');
    expect(tabClick('PlayAll', 'PlayAll', true)).toBe('play');
    expect(tabClick('Radio', 'Music', true, false)).toBe('activate');
  });

  it('should read the button from the path, in any case, and nothing else', () => {
    expect(parseButton('Music')).toBe('Music');
    expect(parseButton('playall')).toBe('PlayAll');
    expect(parseButton(undefined)).toBeNull();
    expect(parseButton('Video')).toBeNull();
    expect(parseButton('%E0%A4%A')).toBeNull();
  });

  it('should show the total length, or what is left while one of the tab plays', () => {
    expect(tabLength([60, 45, 30], null, 0)).toEqual({ seconds: 135, remaining: false });
    expect(tabLength([60, 45, 30], 1, 10)).toEqual({ seconds: 65, remaining: true });
    expect(tabLength([60, 45, 30], 2, 40)).toEqual({ seconds: 0, remaining: true });
    expect(tabLength([60], 5, 0)).toEqual({ seconds: 60, remaining: false });
    expect(tabLength([], null, 0)).toEqual({ seconds: 0, remaining: false });
  });

  it('should cut an inactive description at 100 characters with "..."', () => {
    const long = `<p>${'a'.repeat(60)} &amp; ${'b'.repeat(60)}</p>`;
    const cut = shortDescription(long);
    expect(cut).toBe(`${'a'.repeat(60)} & ${'b'.repeat(37)}...`);
    expect(cut.length).toBe(103);
    expect(shortDescription('<p>Short <b>one</b>.</p>')).toBe('Short one.');
    expect(shortDescription('<p>One</p><p>two</p>')).toBe('One two');
    expect(shortDescription(null)).toBe('');
  });

  it('should name the player of a tab', () => {
    expect(recipePlayerId(5, 'Music')).toBe('recipe/5/Music');
  });
});
