import { z } from 'zod';
import { Id, SafeText } from '../common/safe.ts';
import { IsoDay } from './usage-report.ts';

// Recipes as the browser lists and searches them (spec 2 sections 2, 3 and 7; spec 1 section 2's
// search page): GET /api/recipes.

const count = (max: number) => z.coerce.number().int().nonnegative().max(max);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const GetRecipesQuery = z.strictObject({
  offset: count(1_000_000).default(0),
  /** Default 10, the page size of lists (spec 1 section 9). */
  limit: count(1000).pipe(z.number().positive()).default(10),
  /**
   * Recipes whose name or description, or the name, artist or composer of an audio file among their
   * items, match. The browser wraps the text in wildcards ('*text*' or '%text%'), as for categories:
   * '*' and '%' are the only wildcards, every other character matches itself.
   */
  contentQuery: SafeText.trim().max(200).optional(),
  /** Newest first instead of search priority, then name ("Recipes - Sort by insertion time"). */
  sortByInsertionTime: flag.optional(),
});
export type GetRecipesQuery = z.infer<typeof GetRecipesQuery>;

export const Recipe = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HTML. */
  description: z.string().nullable(),
  insertionTime: z.iso.datetime({ offset: true }),
  /** Names of the recipe's audio files that matched contentQuery ("Found in recipe"); empty without one. */
  foundInRecipe: z.array(z.string()),
  /**
   * The caller's readable favorite lists holding the recipe, their own active list first (the row's
   * "favorite list name"); id 0 is the caller's default list, which has no name of its own.
   */
  favoriteLists: z.array(z.object({ id: Id, name: z.string().nullable() })),
});
export type Recipe = z.infer<typeof Recipe>;

export const RecipeList = z.object({
  /** Matching recipes in all, beyond this page. */
  totalCount: z.number().int().nonnegative(),
  items: z.array(Recipe),
});
export type RecipeList = z.infer<typeof RecipeList>;

// POST /api/get-recipe-items (spec 2 sections 3 and 7): the recipes' headers and their active items
// whose audio file is active, for the recipe screen.

/** The content-type buttons of a recipe; PlayAll is a pseudo-button of the screen, not an item type. */
export const recipeItemTypes = ['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio'] as const;
export const RecipeItemType = z.enum(recipeItemTypes);
export type RecipeItemType = z.infer<typeof RecipeItemType>;

/** How many recipes one request may name: a screen asks for one, the calendar for a month's worth. */
export const maxRecipeIdsPerRequest = 100;

export const GetRecipeItemsRequest = z.strictObject({
  recipeIds: z.array(Id.pipe(z.number().positive())).min(1).max(maxRecipeIdsPerRequest),
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

/** GET /api/todays-recipe: the recipe of the caller's day in their time zone, null when none is timed. */
export const TodaysRecipe = z.object({ day: IsoDay, recipeId: z.number().int().nullable() });
export type TodaysRecipe = z.infer<typeof TodaysRecipe>;
