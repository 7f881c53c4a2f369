import { describe, expect, it } from 'vitest';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { AppError } from '../../../infra/errors.ts';
import { catalogue, derive } from '../../../tests/support/derivation-fixtures.ts';
import type { CatalogueFile } from './types.ts';
import { categoryOf, fileOf, mergedContentType, usageTypeOf } from './usage-type.ts';

describe('usage type and category of a play', () => {
  const music = catalogue.files.get(1)!;

  it('makes every play of an explicit session guided, even a continuous one', () => {
    expect(usageTypeOf({ itemType: 'Audio', manualStart: false, playSource: null }, 'explicit', music, defaultUsageRules)).toBe('GuidedUsage');
    expect(usageTypeOf({ itemType: 'Audio', manualStart: false, playSource: 'Search' }, 'implicit', music, defaultUsageRules)).toBe('ContinuousMusic');
    expect(usageTypeOf({ itemType: 'Audio', manualStart: true, playSource: 'Search' }, 'implicit', music, defaultUsageRules)).toBe('GuidedUsage');
  });

  it('looks up only audio items in the library', () => {
    expect(fileOf({ itemType: 'Audio', audioFileId: 1 }, catalogue)).toBe(music);
    expect(fileOf({ itemType: 'Game', audioFileId: 1 }, catalogue)).toBeNull();
  });

  it('picks the highest priority category, the lowest id on a tie, and falls back from an unknown sample category', () => {
    const file: CatalogueFile = {
      type: 'AudioProgram',
      lengthSeconds: 60,
      categories: [
        { categoryId: 8, contentType: 'Story', priority: 3 },
        { categoryId: 6, contentType: 'News', priority: 3 },
        { categoryId: 1, contentType: 'Music', priority: 1 },
      ],
    };
    expect(categoryOf(null, file, catalogue)?.categoryId).toBe(6);
    expect(categoryOf(12345, file, catalogue)?.categoryId).toBe(6);
    expect(categoryOf(50, file, catalogue)?.contentType).toBe('Exercise');
    expect(categoryOf(null, null, catalogue)).toBeNull();
  });

  it("picks a category with a content type first, then contentTypePriority, then the file's own order", () => {
    const file: CatalogueFile = {
      type: 'MusicPiece',
      lengthSeconds: 60,
      categories: [
        // A list without content type, first in the file's own order: never the main one while another has a type.
        { categoryId: 2, contentType: null, priority: 9, filePriority: 9 },
        // contentTypePriority decides over the file's order ...
        { categoryId: 3, contentType: 'Music', priority: 1, filePriority: 5 },
        { categoryId: 4, contentType: 'SingAlong', priority: 2, filePriority: 0 },
        // ... and the file's order breaks a tie of contentTypePriority.
        { categoryId: 5, contentType: 'Story', priority: 2, filePriority: 1 },
      ],
    };
    expect(categoryOf(null, file, catalogue)?.categoryId).toBe(5);
    expect(categoryOf(null, { ...file, categories: file.categories.slice(0, 3) }, catalogue)?.categoryId).toBe(4);
    expect(categoryOf(null, { ...file, categories: file.categories.slice(0, 2) }, catalogue)?.categoryId).toBe(3);
    expect(categoryOf(null, { ...file, categories: file.categories.slice(0, 1) }, catalogue)?.categoryId).toBe(2);
  });

  it('merges content types by own keys only', () => {
    expect(mergedContentType('Video', defaultUsageRules)).toBe('Theme');
    expect(mergedContentType('Audio Book', defaultUsageRules)).toBe('AudioBook');
    expect(mergedContentType('toString', defaultUsageRules)).toBe('toString');
    expect(mergedContentType(null, defaultUsageRules)).toBeNull();
  });

  it('refuses an unknown time zone with a ValidationError before deriving anything', () => {
    expect(() => derive({}, defaultUsageRules, 'Europe/Atlantis')).toThrow(AppError);
  });
});
