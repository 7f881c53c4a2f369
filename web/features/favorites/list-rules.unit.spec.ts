import { describe, expect, it } from 'vitest';
import { canRenameOrRemove, copyName, descriptionHtml, descriptionText, filterFavorites, ownerLabel, pageSlice, reorderButtons, showFavoriteButton } from './list-rules.ts';

describe('copyName', () => {
  it("should name the copy '%s (copy)' in the language's template", () => {
    expect(copyName('%s (copy)', 'Morning songs')).toBe('Morning songs (copy)');
    expect(copyName('%s (kopio)', 'Aamulaulut')).toBe('Aamulaulut (kopio)');
  });

  it('should keep a name holding a dollar sign or %s as it is', () => {
    expect(copyName('%s (copy)', 'Hits $& %s')).toBe('Hits $& %s (copy)');
  });
});

describe('canRenameOrRemove', () => {
  it('should allow only a modifiable list that is not the default', () => {
    expect(canRenameOrRemove({ id: 4, canModify: true })).toBe(true);
    expect(canRenameOrRemove({ id: 4, canModify: false })).toBe(false);
    expect(canRenameOrRemove({ id: 0, canModify: true })).toBe(false);
    expect(canRenameOrRemove(null)).toBe(false);
  });
});

describe('showFavoriteButton', () => {
  const config = { favorites: true, mode: 'normal' as const, canCreateFavoriteLists: false };

  it('should show when favorites are on and the list can be modified', () => {
    expect(showFavoriteButton(config, true)).toBe(true);
    expect(showFavoriteButton(config, false)).toBe(false);
    expect(showFavoriteButton({ ...config, canCreateFavoriteLists: true }, false)).toBe(true);
  });

  it('should show in easy mode even with favorites off, and not otherwise', () => {
    expect(showFavoriteButton({ ...config, favorites: false }, true)).toBe(false);
    expect(showFavoriteButton({ ...config, favorites: false, mode: 'easy' }, true)).toBe(true);
  });
});

describe('reorderButtons', () => {
  it('should leave out up for the first item and down for the last one overall', () => {
    expect(reorderButtons(0, 3)).toEqual({ up: false, down: true });
    expect(reorderButtons(1, 3)).toEqual({ up: true, down: true });
    expect(reorderButtons(2, 3)).toEqual({ up: true, down: false });
    expect(reorderButtons(0, 1)).toEqual({ up: false, down: false });
  });

  it('should keep up on the first row of a later page', () => {
    expect(reorderButtons(10, 25)).toEqual({ up: true, down: true });
  });
});

describe('ownerLabel', () => {
  it("should name the owner of another user's list, or the provider", () => {
    expect(ownerLabel({ canModify: true, userName: 'Me' }, 'Sointu')).toBeNull();
    expect(ownerLabel({ canModify: false, userName: 'Ward B' }, 'Sointu')).toBe('Ward B');
    expect(ownerLabel({ canModify: false, userName: null }, 'Sointu')).toBe('Sointu');
    expect(ownerLabel({ canModify: false, userName: ' ' }, 'Sointu')).toBe('Sointu');
  });
});

describe('filterFavorites and pageSlice', () => {
  const items = [
    { name: 'Karjalan kunnailla', artist: 'Kuoro', composer: null, album: null },
    { name: 'Morning exercise', artist: null, composer: 'Sibelius', album: 'Moves' },
    { name: 'Evening story', artist: 'Reader', composer: null, album: 'Stories' },
  ];

  it('should match name, artist, composer or album, ignoring case', () => {
    expect(filterFavorites(items, 'KARJALAN').map((i) => i.name)).toEqual(['Karjalan kunnailla']);
    expect(filterFavorites(items, 'sibel').map((i) => i.name)).toEqual(['Morning exercise']);
    expect(filterFavorites(items, 'stor').map((i) => i.name)).toEqual(['Evening story']);
    expect(filterFavorites(items, '  ')).toHaveLength(3);
    expect(filterFavorites(items, 'nothing')).toEqual([]);
  });

  it('should cut the requested page', () => {
    const numbers = Array.from({ length: 23 }, (_, i) => i);
    expect(pageSlice(numbers, 1, 10)).toEqual(numbers.slice(0, 10));
    expect(pageSlice(numbers, 3, 10)).toEqual([20, 21, 22]);
    expect(pageSlice(numbers, 4, 10)).toEqual([]);
  });
});

describe('descriptionText and descriptionHtml', () => {
  const html = '<p>Picked for all wards &amp; units.</p><p>Second&nbsp;line</p>';

  it('should show the HTML description as plain lines', () => {
    expect(descriptionText(html)).toBe('Picked for all wards & units.\nSecond line');
    expect(descriptionText('')).toBe('');
    expect(descriptionText('a<br/>b')).toBe('a\nb');
  });

  it('should keep the original HTML when the text was not changed', () => {
    expect(descriptionHtml(descriptionText(html), html)).toBe(html);
  });

  it('should store typed text as escaped paragraphs', () => {
    expect(descriptionHtml('Songs <3\n\nfor Ward A & B', html)).toBe('<p>Songs &lt;3</p><p>for Ward A &amp; B</p>');
    expect(descriptionHtml('  ', html)).toBe('');
  });
});
