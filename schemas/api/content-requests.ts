import { z } from 'zod';
import { Id, SafeText } from '../common/safe.ts';

// Props and answers of the typed requests about content (spec 3 section 7): audio files in
// messages and favorite lists (user tag groups), recipes in favorite lists, a recipe's items and
// analyze-text. Every list is bounded; an id that names no row is a ValidationError naming the
// field (checked by the command).

const ids = z.array(Id).min(1).max(1000);

export const AnalyzeTextRequest = z.strictObject({ text: SafeText.max(100_000) });
export const AnalyzeTextResult = z.object({
  characters: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
  sentences: z.number().int().nonnegative(),
  paragraphs: z.number().int().nonnegative(),
  longWords: z.number().int().nonnegative(),
  lix: z.number().nonnegative(),
  readingSeconds: z.number().int().nonnegative(),
});

export const RecipeItemType = z.enum(['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio']);
/** One item of set-recipe-items: `id` keeps an existing item of the recipe, without it a new one is made. */
export const RecipeItemInput = z.strictObject({ id: Id.optional(), type: RecipeItemType, audioFileId: Id.nullable().optional(), active: z.boolean().optional() });
export const SetRecipeItemsRequest = z.strictObject({ recipeId: Id, items: z.array(RecipeItemInput).max(1000) });
export const RecipeItemIdsResult = z.object({ ids: z.array(z.number().int()) });

/** For each list given, its audio files: added last (or first with insertAsFirst), in the order given. */
export const AddAudioFilesToUserTagGroupsRequest = z.strictObject({ userTagGroupIds: ids, audioFileIds: ids, insertAsFirst: z.boolean().optional() });
export const RemoveAudioFilesFromUserTagGroupsRequest = z.strictObject({ userTagGroupIds: ids, audioFileIds: ids });
export const AddRecipesToUserTagGroupsRequest = z.strictObject({ userTagGroupIds: ids, recipeIds: ids });
/** Shares the lists read-only with a user group the caller belongs to; null: with nobody. */
export const SetUserTagGroupUserGroupsRequest = z.strictObject({ userTagGroupIds: ids, userGroupId: Id.nullable() });
export const SetUserTagOrderRequest = z.strictObject({ userTagGroupId: Id, audioFileId: Id, order: z.number().int().min(1).max(1_000_000) });

export const AddAudioFilesToMessagesRequest = z.strictObject({ messageIds: ids, audioFileIds: ids });
export const RemoveAudioFilesFromMessagesRequest = z.strictObject({ messageIds: ids, audioFileIds: ids });

/** How many list entries or items the request added, moved or removed: 0 when all already was as asked. */
export const ContentChangedResult = z.object({ changed: z.number().int().nonnegative() });
