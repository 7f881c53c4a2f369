import { z } from 'zod';
import { Instant, SafeText } from '../common/safe.ts';
import { SafeHtml } from '../common/safe-html.ts';

// Favorite lists ("user tag groups") and their content (spec 1 sections 3, 4, 5 and 7).
// List id 0 is each user's own default list; every other id is a list someone made. A user
// modifies only lists they made (canModify); lists shared with them (by their user group or by
// one of their administrators) are read-only: they can be read and copied.
//
// Calls:
//   GET    /api/favorites                      FavoritesQuery            -> Favorites
//   PUT    /api/set-audio-file-favorite        SetAudioFileFavorite      -> SetAudioFileFavoriteResult
//   PUT    /api/set-audio-file-favorite-order  SetAudioFileFavoriteOrder -> SetAudioFileFavoriteOrderResult
//   PUT    /api/set-recipe-favorite            SetRecipeFavorite         -> SetRecipeFavoriteResult
//   GET    /api/user-tag-groups                                          -> UserTagGroup[]
//   POST   /api/user-tag-groups                NewUserTagGroup           -> UserTagGroup
//   PUT    /api/user-tag-groups/{id}           UserTagGroupChange        -> UserTagGroup
//   DELETE /api/user-tag-groups/{id}                                     -> RemovedUserTagGroup
//   POST   /api/set-active-user-tag-group      SetActiveUserTagGroup     -> ActiveUserTagGroup
//   POST   /api/copy-user-tag-group            CopyUserTagGroup          -> CopiedUserTagGroup

/** Postgres `integer` range: a larger number is a ValidationError, not a failed query. */
const maxId = 2_147_483_647;
const isoTime = z.iso.datetime({ offset: true });

/** Ids arrive as numbers or as numeric strings (spec 1 section 7: "ids coerced to numbers"). */
export const CoercedId = z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/, 'Expected an id').transform(Number)]).pipe(z.number().int().nonnegative().max(maxId));
/** 0 is the caller's default list. */
export const ListId = CoercedId;

/** `0,5,7` or the parameter repeated. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,10}$/, 'Expected a list of ids').transform(Number).pipe(z.number().int().max(maxId))).max(100));

const count = (max: number) => z.union([z.number(), z.string().trim().regex(/^\d{1,9}$/).transform(Number)]).pipe(z.number().int().nonnegative().max(max));

// ---------------------------------------------------------------------------------------------
// GET /api/favorites

export const FavoritesQuery = z.object({
  /** Lists to read; '0' is the caller's default list plus their easy list (config easyFavoriteListName). Default '0'. */
  userTagGroupIdList: idList.optional(),
  offset: count(1_000_000).default(0),
  /** Page size of `audioFiles`; without it every favorite audio file is answered (at most 10000). */
  limit: count(10_000).optional(),
  /** Audio files of this list come after those of the other lists. */
  sortLastUserTagGroupId: CoercedId.optional(),
});
export type FavoritesQuery = z.infer<typeof FavoritesQuery>;

/** One audio file in one list, with the audio file fields a list row and the player need. */
export const FavoriteAudioFile = z.object({
  listId: z.number().int(),
  audioFileId: z.number().int(),
  /** Position in its list, ascending: new files get max + 1, so they come last. */
  order: z.number().int(),
  insertionTime: isoTime,
  admin: z.boolean(),
  type: z.enum(['MusicPiece', 'AudioProgram']),
  name: z.string(),
  artist: z.string().nullable(),
  composer: z.string().nullable(),
  album: z.string().nullable(),
  /** Seconds. */
  length: z.number().int(),
  fileId: z.number().int().nullable(),
  imageId: z.number().int().nullable(),
  active: z.boolean(),
});
export type FavoriteAudioFile = z.infer<typeof FavoriteAudioFile>;

export const FavoriteRecipe = z.object({
  listId: z.number().int(),
  recipeId: z.number().int(),
  name: z.string(),
  insertionTime: isoTime,
  admin: z.boolean(),
});
export type FavoriteRecipe = z.infer<typeof FavoriteRecipe>;

export const Favorites = z.object({
  /** The requested page, ordered by list (sortLastUserTagGroupId last), then order ascending. */
  audioFiles: z.array(FavoriteAudioFile),
  /** All favorite audio files of the requested lists, for the pager. */
  totalCount: z.number().int(),
  /** Every favorite recipe of the requested lists (not paged). */
  recipes: z.array(FavoriteRecipe),
});
export type Favorites = z.infer<typeof Favorites>;

// ---------------------------------------------------------------------------------------------
// Setting and clearing favorites

export const SetAudioFileFavorite = z.object({
  userTagGroupId: ListId,
  audioFileId: CoercedId,
  /** Kept when given (e.g. undoing a removal); the server's clock otherwise. */
  insertionTime: Instant.optional().nullable(),
  /** The previous order when re-adding; max order + 1 otherwise. */
  order: z.number().int().min(-maxId).max(maxId).optional().nullable(),
  /** true adds the file to the list, false removes it. */
  value: z.boolean(),
  /** Ignored: the admin marker comes from the session (admin-password login). */
  admin: z.boolean().optional(),
});
export type SetAudioFileFavorite = z.infer<typeof SetAudioFileFavorite>;

export const SetAudioFileFavoriteResult = z.object({
  userTagGroupId: z.number().int(),
  audioFileId: z.number().int(),
  value: z.boolean(),
  /** The file's order and insertion time in the list after the call (null when not in it). */
  order: z.number().int().nullable(),
  insertionTime: isoTime.nullable(),
  /** false when the list already was as asked. */
  changed: z.boolean(),
});
export type SetAudioFileFavoriteResult = z.infer<typeof SetAudioFileFavoriteResult>;

export const SetAudioFileFavoriteOrder = z.object({
  userTagGroupId: ListId,
  audioFileId: CoercedId,
  /** The order the browser shows; informational. */
  order: z.number().int().optional().nullable(),
  /** up: towards the start of the list (smaller order); down: towards the end. */
  direction: z.enum(['up', 'down']),
});
export type SetAudioFileFavoriteOrder = z.infer<typeof SetAudioFileFavoriteOrder>;

export const SetAudioFileFavoriteOrderResult = z.object({
  userTagGroupId: z.number().int(),
  /** The files whose order changed (the file and the neighbour it swapped with); empty at either end. */
  moved: z.array(z.object({ audioFileId: z.number().int(), order: z.number().int() })),
  changed: z.boolean(),
});
export type SetAudioFileFavoriteOrderResult = z.infer<typeof SetAudioFileFavoriteOrderResult>;

export const SetRecipeFavorite = z.object({
  userTagGroupId: ListId,
  recipeId: CoercedId,
  value: z.boolean(),
  /** Ignored: the admin marker comes from the session. */
  admin: z.boolean().optional(),
});
export type SetRecipeFavorite = z.infer<typeof SetRecipeFavorite>;

export const SetRecipeFavoriteResult = z.object({
  userTagGroupId: z.number().int(),
  recipeId: z.number().int(),
  value: z.boolean(),
  changed: z.boolean(),
});
export type SetRecipeFavoriteResult = z.infer<typeof SetRecipeFavoriteResult>;

// ---------------------------------------------------------------------------------------------
// Lists

export const UserTagGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** HTML. */
  description: z.string(),
  /** Whether the caller made it (and so may change it); read-only lists offer a copy instead. */
  canModify: z.boolean(),
  userId: z.number().int(),
  /** The maker's display name (client name, else first and last name, else login name). */
  userName: z.string().nullable(),
  /** Shared with the members of this user group. */
  userGroupId: z.number().int().nullable(),
  continuousPlay: z.boolean(),
  activeEndTime: isoTime.nullable(),
  audioFileCount: z.number().int(),
});
export type UserTagGroup = z.infer<typeof UserTagGroup>;
export const UserTagGroupList = z.array(UserTagGroup);
export type UserTagGroupList = z.infer<typeof UserTagGroupList>;

const listName = SafeText.trim().min(1).max(200);
/** HTML, cleaned to the one policy (schemas/common/html-policy.ts). */
const listDescription = SafeHtml(10_000);

// Not strict: the browser's generic data handling sends whole entities (id, canModify, ...).
export const NewUserTagGroup = z.object({
  name: listName,
  description: listDescription.default(''),
  /** Share read-only with a user group the caller belongs to. */
  userGroupId: CoercedId.nullable().optional(),
});
export type NewUserTagGroup = z.infer<typeof NewUserTagGroup>;

/** A description left out keeps the stored one. */
export const UserTagGroupChange = z.object({ name: listName, description: listDescription.optional() });
export type UserTagGroupChange = z.infer<typeof UserTagGroupChange>;

export const UserTagGroupParams = z.object({ id: CoercedId });

export const RemovedUserTagGroup = z.object({ id: z.number().int(), removed: z.boolean() });
export type RemovedUserTagGroup = z.infer<typeof RemovedUserTagGroup>;

export const SetActiveUserTagGroup = z.object({
  /** null: no active list. */
  userTagGroupId: ListId.nullable(),
});
export type SetActiveUserTagGroup = z.infer<typeof SetActiveUserTagGroup>;

/** Also what GET /api/ answers as activeUserTagGroupId (once projected). */
export const ActiveUserTagGroup = z.object({ activeUserTagGroupId: z.number().int().nullable() });
export type ActiveUserTagGroup = z.infer<typeof ActiveUserTagGroup>;

export const CopyUserTagGroup = z.object({
  /** A list the caller can read (their own, or one shared with them). */
  srcUserTagGroupId: ListId,
  /** A list the caller made (usually just created with POST /api/user-tag-groups), or 0. */
  dstUserTagGroupId: ListId,
});
export type CopyUserTagGroup = z.infer<typeof CopyUserTagGroup>;

export const CopiedUserTagGroup = z.object({
  dstUserTagGroupId: z.number().int(),
  /** Files and recipes added to the destination (those already in it are skipped). */
  audioFileCount: z.number().int(),
  recipeCount: z.number().int(),
});
export type CopiedUserTagGroup = z.infer<typeof CopiedUserTagGroup>;
