import { accessDenied } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { Favorites, FavoritesQuery } from '../../schemas/api/favorites.ts';
import { readableByReader } from '../../domain/favorites/list-access.ts';
import { listAccess } from './list-access.ts';

// GET /api/favorites?userTagGroupIdList=0,5&offset&limit&sortLastUserTagGroupId: the audio files
// (a page) and recipes (all) of lists the caller may read. '0' is the caller's default list plus
// their easy list (config easyFavoriteListName, spec 1 section 7). A list not projected (yet, or
// any more) adds nothing; a list the caller may not read is AccessDenied.

const ALL = 10_000;

interface ListKey {
  list_id: number;
  user_id: number;
}

/** The easy list: a readable list named as the config says, the caller's own before a shared one. */
async function easyListKey(db: Queryable, userId: number, name: string): Promise<ListKey | null> {
  const [row] = await db.query<ListKey>(
    `SELECT l.id AS list_id, l.user_id FROM favorite_lists l
     WHERE l.name = $2 AND ${readableByReader}
     ORDER BY l.user_id <> $1, l.id LIMIT 1`,
    [userId, name],
  );
  return row ?? null;
}

async function listKeys(db: Queryable, userId: number, listIds: readonly number[]): Promise<ListKey[]> {
  const keys: ListKey[] = [];
  for (const listId of new Set(listIds)) {
    if (listId === 0) {
      keys.push({ list_id: 0, user_id: userId });
      const easyName = (await loadUser(db, userId))?.config.easyFavoriteListName;
      const easy = easyName ? await easyListKey(db, userId, easyName) : null;
      if (easy) keys.push(easy);
      continue;
    }
    const access = await listAccess(db, userId, listId);
    if (access === 'denied') throw accessDenied();
    if (access === 'missing') continue;
    const [owner] = await db.query<{ user_id: number }>('SELECT user_id FROM favorite_lists WHERE id = $1', [listId]);
    if (owner) keys.push({ list_id: listId, user_id: owner.user_id });
  }
  return keys.filter((k, i) => keys.findIndex((o) => o.list_id === k.list_id && o.user_id === k.user_id) === i);
}

interface AudioRow {
  list_id: number;
  audio_file_id: number;
  order: number;
  insertion_time: Date | string;
  admin: boolean;
  type: 'MusicPiece' | 'AudioProgram';
  name: string;
  artist: string | null;
  composer: string | null;
  album: string | null;
  length: number;
  file_id: number | null;
  image_id: number | null;
  active: boolean;
}

const iso = (t: Date | string): string => new Date(t).toISOString();

export async function getFavorites(db: Queryable, userId: number, query: FavoritesQuery): Promise<Favorites> {
  const keys = await listKeys(db, userId, query.userTagGroupIdList ?? [0]);
  if (keys.length === 0) return { audioFiles: [], totalCount: 0, recipes: [] };
  const wanted = `wanted AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(list_id integer, user_id integer))`;
  const [audioRows, [counted], recipeRows] = await Promise.all([
    db.query<AudioRow>(
      `WITH ${wanted}
       SELECT f.list_id, f.audio_file_id, f."order", f.insertion_time, f.admin, a.type, a.name, a.artist, a.composer, a.album, a.length,
         a.file_id, a.image_id, a.active
       FROM favorite_audio_files f JOIN wanted w ON w.list_id = f.list_id AND w.user_id = f.user_id JOIN audio_files a ON a.id = f.audio_file_id
       ORDER BY f.list_id = $2 , f.list_id, f."order", f.audio_file_id
       OFFSET $3 LIMIT $4`,
      [JSON.stringify(keys), query.sortLastUserTagGroupId ?? -1, query.offset, query.limit ?? ALL],
    ),
    db.query<{ total: number | string }>(
      `WITH ${wanted}
       SELECT count(*) AS total FROM favorite_audio_files f JOIN wanted w ON w.list_id = f.list_id AND w.user_id = f.user_id JOIN audio_files a ON a.id = f.audio_file_id`,
      [JSON.stringify(keys)],
    ),
    db.query<{ list_id: number; recipe_id: number; name: string; insertion_time: Date | string; admin: boolean }>(
      `WITH ${wanted}
       SELECT f.list_id, f.recipe_id, r.name, f.insertion_time, f.admin
       FROM favorite_recipes f JOIN wanted w ON w.list_id = f.list_id AND w.user_id = f.user_id JOIN recipes r ON r.id = f.recipe_id
       ORDER BY f.list_id, lower(r.name), f.recipe_id`,
      [JSON.stringify(keys)],
    ),
  ]);
  return {
    audioFiles: audioRows.map((r) => ({
      listId: r.list_id,
      audioFileId: r.audio_file_id,
      order: r.order,
      insertionTime: iso(r.insertion_time),
      admin: r.admin,
      type: r.type,
      name: r.name,
      artist: r.artist,
      composer: r.composer,
      album: r.album,
      length: r.length,
      fileId: r.file_id,
      imageId: r.image_id,
      active: r.active,
    })),
    totalCount: Number(counted?.total ?? 0),
    recipes: recipeRows.map((r) => ({ listId: r.list_id, recipeId: r.recipe_id, name: r.name, insertionTime: iso(r.insertion_time), admin: r.admin })),
  };
}

export function getFavoritesRoute(app: App): void {
  app.get('/api/favorites', { schema: { querystring: FavoritesQuery, response: { 200: Favorites } } }, async (request) => {
    const { userId } = requireUser(request);
    return getFavorites(app.deps.sql, userId, request.query);
  });
}
