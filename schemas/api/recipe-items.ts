import { z } from 'zod';
import { recipeItemTypes } from './recipe-item-types.ts';

export { recipeItemTypes };

// POST /api/get-recipe-items (spec 2 sections 3 and 7): the recipes' headers and their active items
// whose audio file is active, for the recipe screen.

export const RecipeItemType = z.enum(recipeItemTypes);
export type RecipeItemType = z.infer<typeof RecipeItemType>;

/** How many recipes one request may name: a screen asks for one, the calendar for a month's worth. */
export const maxRecipeIdsPerRequest = 100;

export const GetRecipeItemsRequest = z.strictObject({
  recipeIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(maxRecipeIdsPerRequest),
});
export type GetRecipeItemsRequest = z.infer<typeof GetRecipeItemsRequest>;

export const RecipeHeader = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HTML: the browser sanitises it before showing it. */
  description: z.string().nullable(),
});
export type RecipeHeader = z.infer<typeof RecipeHeader>;

export const RecipeItem = z.object({
  id: z.number().int(),
  recipeId: z.number().int(),
  type: RecipeItemType,
  order: z.number().int(),
  audioFileId: z.number().int(),
  audioFileName: z.string(),
  audioFileType: z.enum(['MusicPiece', 'AudioProgram']),
  artist: z.string().nullable(),
  /** The audio file's description, HTML. */
  description: z.string().nullable(),
  /** Seconds. */
  length: z.number().int().nonnegative(),
  /** The caller's stream URL; null when the file has no stored audio. */
  streamUrl: z.string().nullable(),
});
export type RecipeItem = z.infer<typeof RecipeItem>;

export const RecipeItems = z.object({
  /** The requested recipes, in request order. */
  recipes: z.array(RecipeHeader),
  /** Their items, by recipe in request order, then item order. */
  items: z.array(RecipeItem),
});
export type RecipeItems = z.infer<typeof RecipeItems>;
