import { z } from 'zod';
import { SafeText, wholeNumber } from '../common/safe.ts';
import { IsoDay } from './usage-report.ts';

// Recipes as the browser lists and searches them (spec 2 sections 2, 3 and 7; spec 1 section 2's
// search page): GET /api/recipes.

/** A Postgres integer id, never negative. */
const Id = z.number().int().nonnegative().max(2_147_483_647);
const count = (max: number) => wholeNumber(z.number().int().nonnegative().max(max));
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

/** GET /api/todays-recipe: the user group's recipe of today in the user's time zone, null when none. */
export const TodaysRecipe = z.object({ day: IsoDay, recipeId: z.number().int().nullable() });
export type TodaysRecipe = z.infer<typeof TodaysRecipe>;
