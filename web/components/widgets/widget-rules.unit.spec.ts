import { describe, expect, it } from 'vitest';
import { pageSelectionState, saveStateOf, shownNames, toggleKey, togglePage } from './widget-rules.ts';

describe('name list: 5 names, then expand (spec 1 section 9)', () => {
  const names = ['Aino', 'Eino', 'Helmi', 'Toivo', 'Lempi', 'Väinö', 'Saima'];

  it('should show the first 5 and count the rest behind the link', () => {
    expect(shownNames(names, false)).toEqual({ shown: names.slice(0, 5), hidden: 2 });
  });

  it('should show every name once expanded, and a short list whole with no link', () => {
    expect(shownNames(names, true)).toEqual({ shown: names, hidden: 0 });
    expect(shownNames(names.slice(0, 5), false)).toEqual({ shown: names.slice(0, 5), hidden: 0 });
    expect(shownNames([], false)).toEqual({ shown: [], hidden: 0 });
  });
});

describe('checkbox selection of the paged table', () => {
  it('should toggle one row in and out', () => {
    const once = toggleKey(new Set([1]), 2);
    expect([...once]).toEqual([1, 2]);
    expect([...toggleKey(once, 1)]).toEqual([2]);
  });

  it('should tell all, some or none of a page chosen', () => {
    expect(pageSelectionState([1, 2], new Set([1, 2, 9]))).toBe('all');
    expect(pageSelectionState([1, 2], new Set([2]))).toBe('some');
    expect(pageSelectionState([1, 2], new Set([9]))).toBe('none');
  });

  it('should choose the whole page from the header, then let it go, keeping other pages', () => {
    const chosen = togglePage(new Set([9, 1]), [1, 2, 3]);
    expect([...chosen].sort()).toEqual([1, 2, 3, 9]);
    expect([...togglePage(chosen, [1, 2, 3])]).toEqual([9]);
  });
});

describe('the save status of fields typed in place (spec 1 section 4)', () => {
  const flags = (busy: boolean, modified: boolean, error: string | null = null) => ({ busy, modified, error });

  it('should say nothing was typed yet, whatever the flags', () => {
    expect(saveStateOf(flags(false, false), false)).toBe('idle');
    expect(saveStateOf(flags(true, true), false)).toBe('idle');
  });

  it('should say saving while a change waits or travels, and saved once the server took it', () => {
    expect(saveStateOf(flags(false, true), true)).toBe('saving');
    expect(saveStateOf(flags(true, false), true)).toBe('saving');
    expect(saveStateOf(flags(false, false), true)).toBe('saved');
  });

  it('should keep saying the save failed until a later one succeeds, except while one travels', () => {
    expect(saveStateOf(flags(false, true, 'Request failed'), true)).toBe('failed');
    expect(saveStateOf(flags(true, true, 'Request failed'), true)).toBe('saving');
  });
});
