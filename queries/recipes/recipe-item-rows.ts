import type { Queryable } from '../../infra/sql/sql.ts';
import type { RecipeHeader, RecipeItem } from '../../schemas/api/recipe-items.ts';
import type { StreamUrlOf } from '../library/load-audio-files.ts';

// The recipes' headers and their items as the recipe screen and today's messages show them (spec 2
// sections 1 and 3): only active items whose audio file is active count; an item's stream URL is
// the caller's, and null when its file has no stored, active audio.

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

/** The active recipes among `ids`, in that order. */
export async function loadRecipeHeaders(sql: Queryable, ids: readonly number[]): Promise<RecipeHeader[]> {
  const rows = await sql.query<HeaderRow>('SELECT id, name, description FROM recipes WHERE active AND id = ANY($1::int[])', [ids]);
  const byId = new Map(rows.map((h) => [Number(h.id), h]));
  return ids.flatMap((id) => {
    const h = byId.get(id);
    return h ? [{ id: Number(h.id), name: h.name, description: h.description }] : [];
  });
}

/** The recipes' items, by recipe in the order of `ids`, then item order. */
export async function loadRecipeItems(sql: Queryable, ids: readonly number[], streamUrlOf: StreamUrlOf): Promise<RecipeItem[]> {
  const rows = await sql.query<ItemRow>(
    `SELECT ri.id, ri.recipe_id, ri.type, ri."order", af.id AS audio_file_id, af.name, af.type AS audio_type, af.artist, af.composer,
       af.description, af.length, af.file_id, (f.has_object AND f.active) AS playable
     FROM recipe_items ri JOIN audio_files af ON af.id = ri.audio_file_id LEFT JOIN files f ON f.id = af.file_id
     WHERE ri.recipe_id = ANY($1::int[]) AND ri.active AND af.active
     ORDER BY array_position($1::int[], ri.recipe_id), ri."order", ri.id`,
    [ids],
  );
  return rows.map((r) => ({
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
  }));
}
