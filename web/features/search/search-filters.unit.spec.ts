import { describe, expect, it } from 'vitest';
import { activeSections, defaultFilters, filtersForSelection, isEmptySearch, offeredFilters, splitSelection, searchTouched } from './search-filters.ts';

const none = { musicCategories: [], programCategories: [] };

describe('filtersForSelection', () => {
  it('should turn programs and recipes off when only music categories are picked', () => {
    expect(filtersForSelection(defaultFilters, { musicCategories: [3], programCategories: [] })).toMatchObject({
      musicPieces: true,
      audioPrograms: false,
      recipes: false,
    });
  });

  it('should turn music off when only program categories are picked', () => {
    expect(filtersForSelection(defaultFilters, { musicCategories: [], programCategories: [7, 8] })).toMatchObject({
      musicPieces: false,
      audioPrograms: true,
      recipes: true,
    });
  });

  it('should turn everything on when both kinds are picked', () => {
    const off = { ...defaultFilters, musicPieces: false, audioPrograms: false, recipes: false };
    expect(filtersForSelection(off, { musicCategories: [1], programCategories: [2] })).toMatchObject({
      musicPieces: true,
      audioPrograms: true,
      recipes: true,
    });
  });

  it('should turn everything back on when the selection is cleared', () => {
    const musicOnly = filtersForSelection(defaultFilters, { musicCategories: [1], programCategories: [] });
    expect(filtersForSelection(musicOnly, none)).toEqual(defaultFilters);
  });

  it('should leave the other filters as they were', () => {
    const withArtists = { ...defaultFilters, artists: true, files: false };
    expect(filtersForSelection(withArtists, { musicCategories: [1], programCategories: [] })).toMatchObject({ artists: true, files: false });
  });
});

describe('offered filters and sections', () => {
  const config = { recipes: true, musicChannels: true, music: 'enabled' as const };

  it('should offer music only with music channels and a music config', () => {
    expect(offeredFilters(config).musicPieces).toBe(true);
    expect(offeredFilters({ ...config, music: null }).musicPieces).toBe(false);
    expect(offeredFilters({ ...config, music: 'none' }).musicPieces).toBe(false);
    expect(offeredFilters({ ...config, music: 'withInstructor' }).musicPieces).toBe(true);
    expect(offeredFilters({ ...config, musicChannels: false }).musicPieces).toBe(false);
  });

  it('should offer recipes only with the recipes config', () => {
    expect(offeredFilters({ ...config, recipes: false }).recipes).toBe(false);
  });

  it('should run a section only when its filter is on and offered', () => {
    expect(activeSections({ ...defaultFilters, audioPrograms: false }, { ...config, music: null })).toEqual({
      audioPrograms: false,
      recipes: true,
      musicPieces: false,
    });
  });
});

describe('splitSelection and isEmptySearch', () => {
  const types: Record<number, string> = { 1: 'Music', 2: 'Program', 3: 'Music', 4: 'Video' };

  it('should split picked ids by category type and drop unknown ones', () => {
    expect(splitSelection([1, 2, 3, 4, 9], (id) => types[id])).toEqual({ musicCategories: [1, 3], programCategories: [2] });
  });

  it('should call a search without text or categories empty', () => {
    expect(isEmptySearch('  ', none)).toBe(true);
    expect(isEmptySearch('a', none)).toBe(false);
    expect(isEmptySearch('', { musicCategories: [], programCategories: [5] })).toBe(false);
  });
});

describe('searchTouched', () => {
  const start = { query: '', filters: { ...defaultFilters }, selectedCategoryIds: [] };
  it('should be false for the page as it starts', () => expect(searchTouched(start)).toBe(false));
  it('should be true once text is typed, a category picked or a filter changed', () => {
    expect(searchTouched({ ...start, query: 'jingle' })).toBe(true);
    expect(searchTouched({ ...start, selectedCategoryIds: [3] })).toBe(true);
    expect(searchTouched({ ...start, filters: { ...defaultFilters, recipes: false } })).toBe(true);
  });
});
