import { z } from 'zod';
import { SafeText, wholeNumber } from '../common/safe.ts';

// The content library as the browser reads it (spec 1 sections 3 and 7; spec 3 audio-files2 and
// categories2): GET /api/categories, POST /api/get-audio-files, GET /api/audio-files-info,
// GET /api/audio-file-from-category/{id}, GET /api/file/{id}[/thumbnail], the audio stream
// GET /api/audio-file/{id}/{hmac}/{n} and GET /api/last-play.

// Ids are Postgres `integer`s: a larger number is a ValidationError, not a failed query.
const maxId = 2_147_483_647;
const id = z.number().int().nonnegative().max(maxId);
const pathId = wholeNumber(z.number().int().nonnegative().max(maxId));
const text = SafeText.trim().max(200);

/** `1,2,3` or the parameter repeated: both are what browsers send for a list in a query string. */
const queryList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));
const queryIdList = queryList.pipe(z.array(z.string().regex(/^\d{1,10}$/, 'Expected a list of ids').transform(Number).pipe(id)).max(1000));

// ---------------------------------------------------------------------------------------------
// Categories

export const categoryTypes = ['Music', 'Program', 'Video'] as const;
export const CategoryType = z.enum(categoryTypes);
export type CategoryType = z.infer<typeof CategoryType>;

export const contentTypes = ['Game', 'Music', 'SingAlong', 'Sing Along', 'Exercise', 'Theme', 'AudioBook', 'Audio Book', 'Spiritual', 'News', 'Story', 'BodyAndMind', 'Video'] as const;
export const ContentType = z.enum(contentTypes);
export type ContentType = z.infer<typeof ContentType>;

export const Category = z.object({
  id,
  name: z.string(),
  type: CategoryType,
  description: z.string().nullable(),
  contentType: ContentType.nullable(),
  contentTypePriority: z.number().int(),
  active: z.boolean(),
  usageReport: z.enum(['targetable', 'report']).nullable(),
  /** Active audio files in the category. */
  audioFileCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);
export type CategoryList = z.infer<typeof CategoryList>;

export const GetCategoriesQuery = z.strictObject({
  /** Part of the category's name, case-insensitive. */
  query: text.optional(),
  /**
   * Categories holding an active audio file whose name, artist, composer or description match.
   * The browser wraps the text in wildcards ('*text*' or '%text%'); '*' and '%' are the only
   * wildcards, every other character matches itself.
   */
  contentQuery: text.optional(),
  idList: queryIdList.optional(),
  /** One type or a comma list, e.g. 'Music,Program'. */
  type: queryList.pipe(z.array(CategoryType).max(3)).optional(),
  /**
   * Whose usage report the categories are for (the caller or a user they administer; default the
   * caller): usageReport is then as that user's group has it (set-user-group-categories).
   */
  userId: pathId.optional(),
});
export type GetCategoriesQuery = z.infer<typeof GetCategoriesQuery>;

// ---------------------------------------------------------------------------------------------
// Audio files

export const audioFileTypes = ['MusicPiece', 'AudioProgram'] as const;
export const AudioFileType = z.enum(audioFileTypes);
export type AudioFileType = z.infer<typeof AudioFileType>;

export const AudioFileCategory = z.object({
  categoryId: id,
  /** The highest priority is the file's main category (reports use it). */
  priority: z.number().int(),
  contentType: ContentType.nullable(),
  categoryType: CategoryType,
  categoryName: z.string(),
});
export type AudioFileCategory = z.infer<typeof AudioFileCategory>;

export const AudioFile = z.object({
  id,
  type: AudioFileType,
  name: z.string(),
  stageTitle: z.string().nullable(),
  artist: z.string().nullable(),
  composer: z.string().nullable(),
  /** HTML. */
  description: z.string().nullable(),
  stageDescription: z.string().nullable(),
  /** Seconds. */
  length: z.number().int().nonnegative(),
  track: z.number().int().nullable(),
  album: z.string().nullable(),
  categories: z.array(AudioFileCategory),
  /** GET /api/file/{imageId} or /api/file/{imageId}/thumbnail?width=250. */
  imageId: id.nullable(),
  fileId: id.nullable(),
  /** Content type of the audio file (e.g. 'audio/mpeg'), null without a stored file. */
  fileContentType: z.string().nullable(),
  /**
   * The ready stream URL for this user's current login (GET /api/audio-file/{id}/{hmac}/{n}), null
   * without a stored file. A newer login of the same account makes it AccessDenied: reload the
   * audio files after logging in again.
   */
  streamUrl: z.string().nullable(),
  /** The favorite list the file was found in, when the query had userTagGroupIds. */
  userTagGroupId: id.nullable(),
  /** Search-match flags: which parts matched the query's free text (all false without one). */
  queryBasicMatch: z.boolean(),
  queryNameMatch: z.boolean(),
  queryArtistMatch: z.boolean(),
  queryDescriptionMatch: z.boolean(),
  queryCategoriesMatch: z.boolean(),
});
export type AudioFile = z.infer<typeof AudioFile>;

export const audioFileSorts = ['name-asc', 'id-desc', 'modified-desc'] as const;
export const AudioFileSort = z.enum(audioFileSorts);
export type AudioFileSort = z.infer<typeof AudioFileSort>;

/**
 * The filter part of an audio file query: every given field must hold (AND). An empty list counts
 * as not given (no category selected: all categories), except `ids: []`, which matches nothing.
 */
export const AudioFilesFilter = z.strictObject({
  ids: z.array(id).max(1000).optional(),
  type: z.union([AudioFileType, z.array(AudioFileType).max(2)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
  /**
   * Free search text: matches the name or stage title, artist or composer, description, or a
   * category name (case-insensitive substring); the result's search-match flags say which.
   */
  query: text.optional(),
  /** Part of the name or stage title. */
  name: text.optional(),
  /** Part of the artist credit or the composer. */
  artist: text.optional(),
  /** Part of the description. */
  description: text.optional(),
  /** Files sharing an artist (linked artist or the same credit) with one of these, or marked similar to them or their artists (migration 023), themselves excluded. */
  similarIds: z.array(id).max(1000).optional(),
  /** Files linked to one of these artists. */
  artistIds: z.array(id).max(1000).optional(),
  /** Files in one of these favorite lists ('0' is the user's default list) of the current user or shared with them. */
  userTagGroupIds: z.array(id).max(1000).optional(),
  /** Files in one of these categories. */
  categoryIds: z.array(id).max(1000).optional(),
});
export type AudioFilesFilter = z.infer<typeof AudioFilesFilter>;

export const GetAudioFilesRequest = AudioFilesFilter.extend({
  /** Default 'name-asc'; with userTagGroupIds and no sort, the list's own order. */
  sort: AudioFileSort.optional(),
  offset: z.number().int().nonnegative().max(maxId).default(0),
  limit: z.number().int().positive().max(1000).default(10),
  /**
   * Music channel: up to `limit` (default 10; the channel asks 5) randomly chosen files from each
   * category of categoryIds, instead of one sorted page. offset is ignored.
   */
  similarityQuery: z.boolean().optional(),
});
export type GetAudioFilesRequest = z.input<typeof GetAudioFilesRequest>;
export type GetAudioFilesQuery = z.infer<typeof GetAudioFilesRequest>;

export const GetAudioFilesResponse = z.object({
  /** Matching files in all, beyond this page. */
  totalCount: z.number().int().nonnegative(),
  items: z.array(AudioFile),
});
export type GetAudioFilesResponse = z.infer<typeof GetAudioFilesResponse>;

/** GET /api/audio-files-info: the filter of get-audio-files in a query string (lists as '1,2,3'). */
export const GetAudioFilesInfoQuery = z.strictObject({
  ids: queryIdList.optional(),
  type: queryList.pipe(z.array(AudioFileType).max(2)).optional(),
  query: text.optional(),
  name: text.optional(),
  artist: text.optional(),
  description: text.optional(),
  similarIds: queryIdList.optional(),
  artistIds: queryIdList.optional(),
  userTagGroupIds: queryIdList.optional(),
  categoryIds: queryIdList.optional(),
  sort: AudioFileSort.optional(),
  /** The playing file: beforeActive counts the matches sorted before it. */
  activeId: pathId.optional(),
});
export type GetAudioFilesInfoQuery = z.infer<typeof GetAudioFilesInfoQuery>;

export const AudioFilesInfo = z.object({
  /** How many matches come before activeId in the sort order; null without activeId or when it does not match. */
  beforeActive: z.number().int().nonnegative().nullable(),
  total: z.number().int().nonnegative(),
});
export type AudioFilesInfo = z.infer<typeof AudioFilesInfo>;

export const AudioFileFromCategoryParams = z.strictObject({ id: pathId });
export const AudioFileFromCategoryQuery = z.strictObject({
  /** The browser's time in ms: the same ts picks the same file, a new ts most likely another. */
  ts: wholeNumber(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)).optional(),
});

// ---------------------------------------------------------------------------------------------
// Files and streaming

export const FileParams = z.strictObject({ id: pathId });
export const FileQuery = z.strictObject({
  /** '1' answers with Content-Disposition attachment. */
  download: z.enum(['0', '1']).optional(),
});
export const ThumbnailQuery = z.strictObject({
  width: wholeNumber(z.number().int().min(16).max(2000)).default(250),
});

export const AudioStreamParams = z.strictObject({
  id: pathId,
  hmac: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Invalid stream signature'),
  /** The file id the URL was made for: a replaced file gets a new URL, so caches never mix them. */
  n: SafeText.max(200),
});

// ---------------------------------------------------------------------------------------------
// Single playback login

export const LastPlayResponse = z.object({
  /** False when a newer login of the same account took over playback (never for admins or allowMultiLogin). */
  tokenMatch: z.boolean(),
  /** The latest play by another login of this account within the last 10 minutes (ISO time), or null. */
  lastPlay: z.iso.datetime({ offset: true }).nullable(),
});
export type LastPlayResponse = z.infer<typeof LastPlayResponse>;
