import { z } from 'zod';
import { Instant, SafeText, Id, Int32 } from '../common/safe.ts';

// Events of the `favorite-list-{id}` streams (the default list '0' of a user: `favorites-{userId}`).
const listId = Id;
const userId = Id;
const at = Instant;

export const FavoriteListCreated = z.object({
  type: z.literal('FavoriteListCreated'),
  data: z.object({
    // A made list is never the default list 0 (favorite_lists.id > 0).
    listId: listId.min(1),
    userId,
    name: SafeText.min(1).max(200),
    description: SafeText.max(10_000),
    at,
    /** Shared read-only with the members of this user group. */
    userGroupId: Id.nullable().optional(),
  }),
});
export const FavoriteListRenamed = z.object({
  type: z.literal('FavoriteListRenamed'),
  data: z.object({ listId, userId, name: SafeText.min(1).max(200), description: SafeText.max(10_000), at }),
});
/** The list's user group changed (set-user-tag-group-user-groups): shared read-only with its members; null: with nobody. */
export const FavoriteListShared = z.object({
  type: z.literal('FavoriteListShared'),
  data: z.object({ listId: listId.min(1), userId, userGroupId: Id.nullable(), at }),
});
export const FavoriteListCopied = z.object({
  type: z.literal('FavoriteListCopied'),
  // The copied content follows as AudioFileFavorited / RecipeFavorited events of the new list, so
  // projecting a copy never depends on what the source list holds later. fromUserId: the owner
  // of the source (list 0 is everyone's default list).
  data: z.object({ listId, userId, fromListId: listId, fromUserId: userId.optional(), at }),
});
export const FavoriteListRemoved = z.object({
  type: z.literal('FavoriteListRemoved'),
  data: z.object({ listId, userId, at }),
});
export const AudioFileFavorited = z.object({
  type: z.literal('AudioFileFavorited'),
  data: z.object({ listId, userId, audioFileId: Id, order: Int32, insertionTime: at, admin: z.boolean() }),
});
export const AudioFileUnfavorited = z.object({
  type: z.literal('AudioFileUnfavorited'),
  data: z.object({ listId, userId, audioFileId: Id, admin: z.boolean(), at }),
});
export const AudioFileFavoriteMoved = z.object({
  type: z.literal('AudioFileFavoriteMoved'),
  data: z.object({ listId, userId, audioFileId: Id, order: Int32, at }),
});
export const RecipeFavorited = z.object({
  type: z.literal('RecipeFavorited'),
  data: z.object({ listId, userId, recipeId: Id, admin: z.boolean(), at }),
});
export const RecipeUnfavorited = z.object({
  type: z.literal('RecipeUnfavorited'),
  data: z.object({ listId, userId, recipeId: Id, admin: z.boolean(), at }),
});

/** A user's active list (stream `favorites-{userId}`); null: none. */
export const ActiveFavoriteListSet = z.object({
  type: z.literal('ActiveFavoriteListSet'),
  data: z.object({ userId, listId: listId.nullable(), at }),
});

export const FavoriteEvent = z.discriminatedUnion('type', [
  FavoriteListCreated,
  FavoriteListRenamed,
  FavoriteListShared,
  FavoriteListCopied,
  FavoriteListRemoved,
  AudioFileFavorited,
  AudioFileUnfavorited,
  AudioFileFavoriteMoved,
  RecipeFavorited,
  RecipeUnfavorited,
  ActiveFavoriteListSet,
]);
export type FavoriteEvent = z.infer<typeof FavoriteEvent>;
