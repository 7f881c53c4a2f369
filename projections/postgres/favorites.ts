import type { Queryable } from '../../infra/sql/sql.ts';
import { postgresProjector, type ProjectedEvent } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// Favorite lists and their audio files and recipes, and each user's active list (GET /api/ answers
// it as activeUserTagGroupId). The projector owns its four tables, `rm_favorites_v<version>_*`,
// read through the stable views favorite_lists, favorite_audio_files, favorite_recipes and
// favorite_active_lists (projections/engine/read-model.ts); it writes nothing else (the active
// list used to be a column of the reference table `users`). List ids come from the sequence
// favorite_list_ids (migration 004): handing out ids is the command's business, not the read model's.
// Every event sets a state (a row present or absent, a value), never adds to one, so applying a
// batch again leaves the same rows; the runner applies each batch once anyway.

const handled = [
  'FavoriteListCreated',
  'FavoriteListRenamed',
  'FavoriteListShared',
  'FavoriteListCopied',
  'FavoriteListRemoved',
  'AudioFileFavorited',
  'AudioFileUnfavorited',
  'AudioFileFavoriteMoved',
  'RecipeFavorited',
  'RecipeUnfavorited',
  'ActiveFavoriteListSet',
] as const;
type FavoriteProjected = ProjectedEvent<(typeof handled)[number]>;

const favoritesTables = (version: number) =>
  readModelViews(
    { name: 'favorites', version },
    {
      lists: { view: 'favorite_lists', suffix: 'lists' },
      audioFiles: { view: 'favorite_audio_files', suffix: 'audio_files' },
      recipes: { view: 'favorite_recipes', suffix: 'recipes' },
      activeLists: { view: 'favorite_active_lists', suffix: 'active_lists' },
    },
  );
type Tables = ReturnType<typeof favoritesTables>['tables'];

async function applyOne(tx: Queryable, t: Tables, event: FavoriteProjected): Promise<void> {
  switch (event.type) {
    case 'FavoriteListCreated': {
      const { listId, userId, userGroupId, name, description, at } = event.data;
      await tx.query(
        `INSERT INTO ${t.lists} (id, user_id, user_group_id, name, description, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, user_group_id = EXCLUDED.user_group_id, name = EXCLUDED.name,
           description = EXCLUDED.description, created_at = EXCLUDED.created_at`,
        [listId, userId, userGroupId ?? null, name, description, at],
      );
      return;
    }
    case 'FavoriteListRenamed':
      await tx.query(`UPDATE ${t.lists} SET name = $2, description = $3 WHERE id = $1`, [event.data.listId, event.data.name, event.data.description]);
      return;
    case 'FavoriteListShared':
      await tx.query(`UPDATE ${t.lists} SET user_group_id = $2 WHERE id = $1`, [event.data.listId, event.data.userGroupId]);
      return;
    case 'FavoriteListCopied':
      if (event.data.listId > 0) await tx.query(`UPDATE ${t.lists} SET copied_from_list_id = $2 WHERE id = $1`, [event.data.listId, event.data.fromListId]);
      return;
    case 'FavoriteListRemoved': {
      const { listId } = event.data;
      await tx.query(`DELETE FROM ${t.audioFiles} WHERE list_id = $1`, [listId]);
      await tx.query(`DELETE FROM ${t.recipes} WHERE list_id = $1`, [listId]);
      await tx.query(`DELETE FROM ${t.lists} WHERE id = $1`, [listId]);
      // Spec 1 section 4: when the active list no longer exists, there is no active list.
      await tx.query(`UPDATE ${t.activeLists} SET list_id = NULL WHERE list_id = $1`, [listId]);
      return;
    }
    case 'AudioFileFavorited': {
      const { listId, userId, audioFileId, order, insertionTime, admin } = event.data;
      await tx.query(
        `INSERT INTO ${t.audioFiles} (list_id, user_id, audio_file_id, "order", insertion_time, admin) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (list_id, user_id, audio_file_id) DO UPDATE SET "order" = EXCLUDED."order", insertion_time = EXCLUDED.insertion_time, admin = EXCLUDED.admin`,
        [listId, userId, audioFileId, order, insertionTime, admin],
      );
      return;
    }
    case 'AudioFileUnfavorited':
      await tx.query(`DELETE FROM ${t.audioFiles} WHERE list_id = $1 AND user_id = $2 AND audio_file_id = $3`, [event.data.listId, event.data.userId, event.data.audioFileId]);
      return;
    case 'AudioFileFavoriteMoved':
      await tx.query(`UPDATE ${t.audioFiles} SET "order" = $4 WHERE list_id = $1 AND user_id = $2 AND audio_file_id = $3`, [
        event.data.listId,
        event.data.userId,
        event.data.audioFileId,
        event.data.order,
      ]);
      return;
    case 'RecipeFavorited': {
      const { listId, userId, recipeId, admin, at } = event.data;
      await tx.query(
        `INSERT INTO ${t.recipes} (list_id, user_id, recipe_id, insertion_time, admin) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (list_id, user_id, recipe_id) DO UPDATE SET insertion_time = EXCLUDED.insertion_time, admin = EXCLUDED.admin`,
        [listId, userId, recipeId, at, admin],
      );
      return;
    }
    case 'RecipeUnfavorited':
      await tx.query(`DELETE FROM ${t.recipes} WHERE list_id = $1 AND user_id = $2 AND recipe_id = $3`, [event.data.listId, event.data.userId, event.data.recipeId]);
      return;
    case 'ActiveFavoriteListSet':
      await tx.query(
        `INSERT INTO ${t.activeLists} (user_id, list_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET list_id = EXCLUDED.list_id`,
        [event.data.userId, event.data.listId],
      );
      return;
    default: {
      const unexpected: never = event;
      throw new Error(`unhandled favorites event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Version `version` of the read model, in its own tables `rm_favorites_v<version>_*`. */
export function createFavoritesProjector(version: number) {
  const { tables: t, views } = favoritesTables(version);
  return postgresProjector({
    name: 'favorites',
    version,
    handles: [...handled],
    views,
    async setup(sql) {
      await sql.exec(`
        CREATE TABLE IF NOT EXISTS ${t.lists} (
          id integer PRIMARY KEY CHECK (id > 0),    -- id 0 is every user's default list, which has no row here
          user_id integer NOT NULL,                  -- the maker: the only one who may change it
          user_group_id integer,                     -- shared read-only with this group's members
          name text NOT NULL,
          description text NOT NULL DEFAULT '',
          copied_from_list_id integer,
          created_at timestamptz NOT NULL
        );
        CREATE INDEX IF NOT EXISTS ${t.lists}_user_idx ON ${t.lists} (user_id);
        CREATE INDEX IF NOT EXISTS ${t.lists}_group_idx ON ${t.lists} (user_group_id);
        -- One row per audio file in a list. list_id 0 rows are user_id's default list, so a filter by
        -- list is list_id = ANY(ids) AND (list_id <> 0 OR user_id = caller). Removed lists have no rows.
        CREATE TABLE IF NOT EXISTS ${t.audioFiles} (
          list_id integer NOT NULL,
          user_id integer NOT NULL,                  -- the list's maker (the owner of list 0)
          audio_file_id integer NOT NULL,
          "order" integer NOT NULL,                  -- ascending list order; new files get max + 1
          insertion_time timestamptz NOT NULL,
          admin boolean NOT NULL DEFAULT false,      -- added in an admin-password session
          PRIMARY KEY (list_id, user_id, audio_file_id)
        );
        CREATE INDEX IF NOT EXISTS ${t.audioFiles}_audio_file_idx ON ${t.audioFiles} (audio_file_id);
        CREATE TABLE IF NOT EXISTS ${t.recipes} (
          list_id integer NOT NULL,
          user_id integer NOT NULL,
          recipe_id integer NOT NULL,
          insertion_time timestamptz NOT NULL,
          admin boolean NOT NULL DEFAULT false,
          PRIMARY KEY (list_id, user_id, recipe_id)
        );
        -- The active list of a user who ever chose one; null once that list was removed.
        CREATE TABLE IF NOT EXISTS ${t.activeLists} (
          user_id integer PRIMARY KEY,
          list_id integer
        );
        CREATE INDEX IF NOT EXISTS ${t.activeLists}_list_idx ON ${t.activeLists} (list_id);`);
    },
    async apply(tx, events) {
      // Favorites are a person's clicks: batches are small, and one statement per event keeps each
      // event's meaning in one place.
      for (const event of events) await applyOne(tx, t, event);
    },
  });
}

export const favoritesProjector = createFavoritesProjector(1);
