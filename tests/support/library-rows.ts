import type { Queryable } from '../../infra/sql/sql.ts';

// Throwaway rows of the content library, recipes and groups for tests of the back office's
// requests: each call makes new ones, so a test that changes them leaves the others' rows alone.

let count = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++count}`;

const idOf = async (sql: Queryable, text: string, params: unknown[]): Promise<number> => Number((await sql.query<{ id: number }>(text, params as never[]))[0]!.id);

export const libraryRows = (sql: Queryable) => ({
  file: (contentType = 'audio/mpeg') => idOf(sql, 'INSERT INTO files (name, content_type, object_key) VALUES ($1, $2, $1) RETURNING id', [unique('file'), contentType]),
  async audioFile(options: { fileId?: number; length?: number } = {}) {
    const fileId = options.fileId ?? (await this.file());
    return idOf(sql, "INSERT INTO audio_files (type, name, length, file_id) VALUES ('MusicPiece', $1, $2, $3) RETURNING id", [unique('song'), options.length ?? 0, fileId]);
  },
  artist: () => idOf(sql, 'INSERT INTO artists (name) VALUES ($1) RETURNING id', [unique('artist')]),
  category: () => idOf(sql, "INSERT INTO categories (name, type, content_type) VALUES ($1, 'Music', 'Music') RETURNING id", [unique('category')]),
  recipe: () => idOf(sql, 'INSERT INTO recipes (name) VALUES ($1) RETURNING id', [unique('recipe')]),
  recipeItem: (recipeId: number, order = 0, audioFileId: number | null = null) =>
    idOf(sql, `INSERT INTO recipe_items (recipe_id, type, "order", audio_file_id) VALUES ($1, 'Music', $2, $3) RETURNING id`, [recipeId, order, audioFileId]),
  userGroup: () => idOf(sql, 'INSERT INTO user_groups (name) VALUES ($1) RETURNING id', [unique('group')]),
  timing: (userGroupId: number, recipeId: number, day: string) => idOf(sql, 'INSERT INTO ug_recipe_timings (user_group_id, recipe_id, day) VALUES ($1, $2, $3) RETURNING id', [userGroupId, recipeId, day]),
  /** On 24 December every year. */
  recurringTiming: (userGroupId: number, recipeId: number) =>
    idOf(sql, 'INSERT INTO ug_recurring_recipe_timings (user_group_id, recipe_id, month, day) VALUES ($1, $2, 12, 24) RETURNING id', [userGroupId, recipeId]),
});
