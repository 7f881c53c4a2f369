import { requireUser } from '../../server/http/auth.ts';
import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import type { App } from '../../server/http/zod.ts';
import { GetRecipesQuery, RecipeList } from '../../schemas/api/recipes.ts';
import { wildcardPattern } from '../library/like-pattern.ts';
import { readableByReader } from '../../domain/favorites/list-access.ts';

// GET /api/recipes (spec 2 section 7): one page of the active recipes, searched by contentQuery
// over the recipe and the audio files of its active items, for the recipe list and the search
// page's recipes section.

interface RecipeRow {
  id: number;
  name: string;
  description: string | null;
  insertion_time: Date | string;
  found_in_recipe: string[] | null;
  total_count: number;
}

export function getRecipesRoute(app: App): void {
  app.get('/api/recipes', { schema: { querystring: GetRecipesQuery, response: { 200: RecipeList } } }, async (request) => {
    const { userId } = requireUser(request);
    const { offset, limit, contentQuery, sortByInsertionTime } = request.query;
    const params: SqlParam[] = [];
    const param = (value: SqlParam) => `$${params.push(value)}`;
    // Audio files of a recipe's active items that match: they make the recipe a match and are
    // named in the answer, so the user sees why a recipe with an unrelated name was found.
    const pattern = contentQuery ? param(wildcardPattern(contentQuery)) : null;
    const matchingFiles = pattern
      ? `SELECT af.name FROM recipe_items ri JOIN audio_files af ON af.id = ri.audio_file_id
         WHERE ri.recipe_id = r.id AND ri.active AND af.active
           AND (af.name ILIKE ${pattern} OR coalesce(af.artist, '') ILIKE ${pattern} OR coalesce(af.composer, '') ILIKE ${pattern})
         ORDER BY ri."order", ri.id`
      : null;
    const conditions = ['r.active'];
    if (pattern && matchingFiles) {
      conditions.push(`(r.name ILIKE ${pattern} OR coalesce(r.description, '') ILIKE ${pattern} OR EXISTS (${matchingFiles}))`);
    }
    const order = sortByInsertionTime ? 'r.insertion_time DESC, r.id DESC' : 'r.search_priority DESC, lower(r.name), r.id';
    const rows = await app.deps.sql.query<RecipeRow>(
      `SELECT r.id, r.name, r.description, r.insertion_time,
         ${matchingFiles ? `ARRAY(${matchingFiles})` : `ARRAY[]::text[]`} AS found_in_recipe,
         count(*) OVER ()::int AS total_count
       FROM recipes r
       WHERE ${conditions.join(' AND ')}
       ORDER BY ${order}
       OFFSET ${param(offset)} LIMIT ${param(limit)}`,
      params,
    );
    // An offset past the end answers no rows, and so no window count: count again for the pager.
    const totalCount = rows[0]?.total_count ?? (offset > 0 ? await countRecipes(app, conditions, params.slice(0, pattern ? 1 : 0)) : 0);
    const lists = await favoriteListsOf(app.deps.sql, userId, rows.map((r) => r.id));
    return {
      totalCount,
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        insertionTime: new Date(r.insertion_time).toISOString(),
        foundInRecipe: r.found_in_recipe ?? [],
        favoriteLists: lists.get(r.id) ?? [],
      })),
    };
  });
}

async function countRecipes(app: App, conditions: string[], params: SqlParam[]): Promise<number> {
  const [row] = await app.deps.sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM recipes r WHERE ${conditions.join(' AND ')}`, params);
  return row?.count ?? 0;
}

/**
 * The favorite lists the reader may read that hold each recipe (the list row's "favorite list
 * name"): the reader's active list first, then their default list 0, then by name.
 */
async function favoriteListsOf(db: Queryable, readerUserId: number, recipeIds: number[]): Promise<Map<number, Array<{ id: number; name: string | null }>>> {
  const byRecipe = new Map<number, Array<{ id: number; name: string | null }>>();
  if (recipeIds.length === 0) return byRecipe;
  const rows = await db.query<{ recipe_id: number; list_id: number; name: string | null }>(
    `SELECT fr.recipe_id, fr.list_id, l.name
     FROM favorite_recipes fr LEFT JOIN favorite_lists l ON l.id = fr.list_id AND fr.list_id <> 0
     WHERE fr.recipe_id = ANY($2::int[])
       AND ((fr.list_id = 0 AND fr.user_id = $1) OR (l.id IS NOT NULL AND ${readableByReader}))
     ORDER BY fr.list_id = coalesce((SELECT a.list_id FROM favorite_active_lists a WHERE a.user_id = $1), 0) DESC,
       fr.list_id = 0 DESC, lower(l.name), fr.list_id`,
    [readerUserId, recipeIds],
  );
  for (const r of rows) {
    const lists = byRecipe.get(r.recipe_id) ?? [];
    if (!lists.some((list) => list.id === r.list_id)) lists.push({ id: r.list_id, name: r.list_id === 0 ? null : r.name });
    byRecipe.set(r.recipe_id, lists);
  }
  return byRecipe;
}
