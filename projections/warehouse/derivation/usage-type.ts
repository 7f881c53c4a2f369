import type { UsageRules } from '../../../schemas/events/usage-rules.ts';
import type { CatalogueCategory, CatalogueFile, FileCatalogue, ItemType, PlaySourceName, SessionKind, UsageType } from './types.ts';

// Usage type and content type of a play (DOMAIN.md section 3).

export interface PlayFacts {
  itemType: ItemType;
  manualStart: boolean;
  playSource: PlaySourceName | null;
}

/** The library entry of a play, or null: only audio items are looked up, other ids live in other id spaces. */
export function fileOf(play: { itemType: ItemType; audioFileId: number }, catalogue: FileCatalogue): CatalogueFile | null {
  return play.itemType === 'Audio' ? (catalogue.files.get(play.audioFileId) ?? null) : null;
}

export function usageTypeOf(play: PlayFacts, sessionKind: SessionKind, file: CatalogueFile | null, rules: UsageRules): UsageType {
  if (sessionKind === 'explicit') return 'GuidedUsage';
  if (play.manualStart && play.playSource !== null && rules.guidedSources.includes(play.playSource)) return 'GuidedUsage';
  if (file?.type === 'MusicPiece') return 'ContinuousMusic';
  if (file?.type === 'AudioProgram') return 'ContinuousPrograms';
  return 'OtherUsage';
}

/**
 * The category a play is reported under: the sample's categoryId when the library knows it, else
 * the file's category that a content editor would call its main one for the report: one with a
 * content type before one without (a play of a file in "Music" and in a content-less list counts
 * as Music, not Unknown), then the highest contentTypePriority (the category setting made for this
 * choice), then the file's own order of its categories, then the lowest id, so the choice is
 * stable. A sample naming a category since deleted falls back to the file's.
 */
export function categoryOf(sampleCategoryId: number | null, file: CatalogueFile | null, catalogue: FileCatalogue): CatalogueCategory | null {
  if (sampleCategoryId !== null) {
    const named = catalogue.categories.get(sampleCategoryId) ?? file?.categories.find((c) => c.categoryId === sampleCategoryId);
    if (named) return named;
  }
  let best: CatalogueCategory | null = null;
  for (const c of file?.categories ?? []) {
    if (!best || compareMain(c, best) < 0) best = c;
  }
  return best;
}

/** contentTypeMerge folds spellings the old data used (Video -> Theme, 'Sing Along' -> SingAlong). */
export function mergedContentType(contentType: string | null, rules: UsageRules): string | null {
  if (contentType === null) return null;
  // Own keys only: a content type named like an Object.prototype member must not hit it.
  return Object.hasOwn(rules.contentTypeMerge, contentType) ? rules.contentTypeMerge[contentType]! : contentType;
}

/** Negative when `a` is the better main category (see categoryOf). */
function compareMain(a: CatalogueCategory, b: CatalogueCategory): number {
  return (
    Number(b.contentType !== null) - Number(a.contentType !== null) ||
    b.priority - a.priority ||
    (b.filePriority ?? 0) - (a.filePriority ?? 0) ||
    a.categoryId - b.categoryId
  );
}
