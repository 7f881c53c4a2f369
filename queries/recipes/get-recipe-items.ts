import { AppError } from '../../infra/errors.ts';
import { GetRecipeItemsRequest, RecipeItems, type RecipeItem } from '../../schemas/api/recipe-items.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { streamUrlFor } from '../library/stream-url-for.ts';

// POST /api/get-recipe-items {recipeIds} (spec 2 sections 3 and 7): the named recipes' headers and
// their items for the recipe screen. Only active items whose audio file is active count; a recipe
// id that names no active recipe is NotFound, naming the field and the position, so the screen
// never shows an empty recipe for a stale link.

interface HeaderRow {
  id: number;
  name: string;
  description: string | null;
}

interface ItemRow {
  id: number;
  recipe_id: number;
  type: RecipeItem['type'];
  order: number;
  audio_file_id: number;
  name: string;
  audio_type: RecipeItem['audioFileType'];
  artist: string | null;
  composer: string | null;
  description: string | null;
  length: number;
  file_id: number | null;
  playable: boolean | null;
}

export function getRecipeItemsRoute(app: App): void {
  app.post('/api/get-recipe-items', { schema: { body: GetRecipeItemsRequest, response: { 200: RecipeItems } } }, async (request) => {
    const session = requireUser(request);
    const ids = [...new Set(request.body.recipeIds)];
    const sql = app.deps.sql;
    const headers = await sql.query<HeaderRow>('SELECT id, name, description FROM recipes WHERE active AND id = ANY($1::int[])', [ids]);
    const known = new Set(headers.map((h) => h.id));
    const missing = request.body.recipeIds.flatMap((id, index) => (known.has(id) ? [] : [{ path: `recipeIds.${index}`, message: `No such recipe: ${id}` }]));
    if (missing.length > 0) throw new AppError('NotFound', undefined, missing);
    const rows = await sql.query<ItemRow>(
      `SELECT ri.id, ri.recipe_id, ri.type, ri."order", af.id AS audio_file_id, af.name, af.type AS audio_type, af.artist, af.composer,
         af.description, af.length, af.file_id, (f.has_object AND f.active) AS playable
       FROM recipe_items ri JOIN audio_files af ON af.id = ri.audio_file_id LEFT JOIN files f ON f.id = af.file_id
       WHERE ri.recipe_id = ANY($1::int[]) AND ri.active AND af.active
       ORDER BY array_position($1::int[], ri.recipe_id), ri."order", ri.id`,
      [ids],
    );
    const streamUrlOf = streamUrlFor(request, session);
    const byId = new Map(headers.map((h) => [h.id, h]));
    return {
      recipes: ids.map((id) => {
        const h = byId.get(id)!;
        return { id: h.id, name: h.name, description: h.description };
      }),
      items: rows.map((r) => ({
        id: r.id,
        recipeId: r.recipe_id,
        type: r.type,
        order: r.order,
        audioFileId: r.audio_file_id,
        audioFileName: r.name,
        audioFileType: r.audio_type,
        artist: r.artist ?? r.composer,
        description: r.description,
        length: r.length,
        streamUrl: r.file_id !== null && r.playable === true ? streamUrlOf(r.audio_file_id, r.file_id) : null,
      })),
    };
  });
}
