import type { Queryable } from '../../infra/sql/sql.ts';
import { postgresProjector, type ProjectedEvent } from '../engine/projector.ts';

// Favorite lists and their audio files and recipes (tables in infra/db/migrations/004_favorites.sql),
// and each user's active list in users.active_user_tag_group_id, which GET /api/ answers.
// Every event sets a state (a row present or absent, a value), never adds to one, so applying a
// batch again leaves the same rows; the runner applies each batch once anyway.

const handled = [
  'FavoriteListCreated',
  'FavoriteListRenamed',
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

async function applyOne(tx: Queryable, event: FavoriteProjected): Promise<void> {
  switch (event.type) {
    case 'FavoriteListCreated': {
      const { listId, userId, userGroupId, name, description, at } = event.data;
      await tx.query(
        `INSERT INTO favorite_lists (id, user_id, user_group_id, name, description, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, user_group_id = EXCLUDED.user_group_id, name = EXCLUDED.name,
           description = EXCLUDED.description, created_at = EXCLUDED.created_at`,
        [listId, userId, userGroupId ?? null, name, description, at],
      );
      return;
    }
    case 'FavoriteListRenamed':
      await tx.query('UPDATE favorite_lists SET name = $2, description = $3 WHERE id = $1', [event.data.listId, event.data.name, event.data.description]);
      return;
    case 'FavoriteListCopied':
      if (event.data.listId > 0) await tx.query('UPDATE favorite_lists SET copied_from_list_id = $2 WHERE id = $1', [event.data.listId, event.data.fromListId]);
      return;
    case 'FavoriteListRemoved': {
      const { listId } = event.data;
      await tx.query('DELETE FROM favorite_audio_files WHERE list_id = $1', [listId]);
      await tx.query('DELETE FROM favorite_recipes WHERE list_id = $1', [listId]);
      await tx.query('DELETE FROM favorite_lists WHERE id = $1', [listId]);
      // Spec 1 section 4: when the active list no longer exists, there is no active list.
      await tx.query('UPDATE users SET active_user_tag_group_id = NULL WHERE active_user_tag_group_id = $1', [listId]);
      return;
    }
    case 'AudioFileFavorited': {
      const { listId, userId, audioFileId, order, insertionTime, admin } = event.data;
      await tx.query(
        `INSERT INTO favorite_audio_files (list_id, user_id, audio_file_id, "order", insertion_time, admin) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (list_id, user_id, audio_file_id) DO UPDATE SET "order" = EXCLUDED."order", insertion_time = EXCLUDED.insertion_time, admin = EXCLUDED.admin`,
        [listId, userId, audioFileId, order, insertionTime, admin],
      );
      return;
    }
    case 'AudioFileUnfavorited':
      await tx.query('DELETE FROM favorite_audio_files WHERE list_id = $1 AND user_id = $2 AND audio_file_id = $3', [event.data.listId, event.data.userId, event.data.audioFileId]);
      return;
    case 'AudioFileFavoriteMoved':
      await tx.query('UPDATE favorite_audio_files SET "order" = $4 WHERE list_id = $1 AND user_id = $2 AND audio_file_id = $3', [
        event.data.listId,
        event.data.userId,
        event.data.audioFileId,
        event.data.order,
      ]);
      return;
    case 'RecipeFavorited': {
      const { listId, userId, recipeId, admin, at } = event.data;
      await tx.query(
        `INSERT INTO favorite_recipes (list_id, user_id, recipe_id, insertion_time, admin) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (list_id, user_id, recipe_id) DO UPDATE SET insertion_time = EXCLUDED.insertion_time, admin = EXCLUDED.admin`,
        [listId, userId, recipeId, at, admin],
      );
      return;
    }
    case 'RecipeUnfavorited':
      await tx.query('DELETE FROM favorite_recipes WHERE list_id = $1 AND user_id = $2 AND recipe_id = $3', [event.data.listId, event.data.userId, event.data.recipeId]);
      return;
    case 'ActiveFavoriteListSet':
      await tx.query('UPDATE users SET active_user_tag_group_id = $2 WHERE id = $1', [event.data.userId, event.data.listId]);
      return;
    default: {
      const unexpected: never = event;
      throw new Error(`unhandled favorites event ${JSON.stringify(unexpected)}`);
    }
  }
}

export const favoritesProjector = postgresProjector({
  name: 'favorites',
  version: 1,
  handles: [...handled],
  // The tables come from migration 004, which runs before any projector starts.
  async setup() {},
  async apply(tx, events) {
    // Favorites are a person's clicks: batches are small, and one statement per event keeps each
    // event's meaning in one place.
    for (const event of events) await applyOne(tx, event);
  },
});
