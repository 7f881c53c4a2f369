import { z } from 'zod';
import { ClientTime, SafeJson, SafeText } from '../common/safe.ts';
import { messageItemActions, PlayItemType, PlaySource, videoActions } from '../events/usage.ts';

export { usageLogBody } from './usage-log-body.ts';

// POST /api/usage-log (spec 1 section 7, spec 3 section 7): `{ data }`, where `data` is a JSON
// string whose `page` says what happened. The browser builds these with the same schemas.
//
// Objects inside `data` ignore fields they do not know: a newer browser adding a field must not
// lose a day of usage. Wrong types, negative positions and missing fields are refused.
// Every page carries the browser's clock (`time`); the event ids are derived from it, so a
// re-posted log is recognised as the same facts.

// Ids are Postgres `integer`s: a larger number is a ValidationError, not a failed query.
const id = z.number().int().nonnegative().max(2_147_483_647);
const clientTime = ClientTime;
const position = z.number().nonnegative().max(86_400 * 7);

export const PlayLogItem = z.object({
  time: clientTime,
  audioFileId: id,
  /** Seconds into the file. */
  playPosition: position,
  playSource: PlaySource.nullish(),
  recipeId: id.nullish(),
  favoriteListId: id.nullish(),
  categoryId: id.nullish(),
  manualStart: z.boolean().nullish(),
  exercise: z.boolean().nullish(),
  /** What `audioFileId` names; Audio when absent. Only Audio ids are checked against the library. */
  playLogItemType: PlayItemType.nullish(),
});
export type PlayLogItem = z.infer<typeof PlayLogItem>;

export const VideoLogItem = z.object({
  time: clientTime,
  playerId: SafeText.max(200),
  fileId: id,
  fileName: SafeText.max(1000),
  playPosition: position,
  playSource: PlaySource.nullish(),
  totalLength: position,
  action: z.enum(videoActions),
});
export type VideoLogItem = z.infer<typeof VideoLogItem>;

/** A search's categories may come as ids or as {id, name} rows (the SearchLog shape). */
const categoryRef = z.union([id, z.object({ id })]);

const maxItems = 5000;

export const UsageLogData = z.discriminatedUnion('page', [
  z.object({ page: z.literal('login'), time: clientTime }),
  z.object({
    page: z.literal('startSession'),
    time: clientTime,
    residentIds: z.array(id).max(500).default([]),
    params: z.object({ outdoors: z.boolean().default(false), activityIds: z.array(id).max(500).default([]) }).default({ outdoors: false, activityIds: [] }),
  }),
  z.object({ page: z.literal('stopSession'), time: clientTime }),
  z.object({ page: z.literal('messageItem'), time: clientTime, messageItemId: id, action: z.enum(messageItemActions) }),
  z.object({ page: z.literal('player'), playLog: z.array(PlayLogItem).max(maxItems) }),
  z.object({ page: z.literal('buttonAction'), time: clientTime, button: SafeText.min(1).max(200), params: z.record(SafeText, SafeJson).default({}) }),
  z.object({ page: z.literal('videoPlayAction'), videoLog: z.array(VideoLogItem).max(maxItems) }),
  z.object({
    page: z.literal('search'),
    time: clientTime,
    query: SafeText.max(1000),
    categoryIds: z.array(id).max(1000).optional(),
    categories: z.array(categoryRef).max(1000).optional(),
    musicPieces: z.boolean(),
    musicCategories: z.boolean(),
    audioPrograms: z.boolean(),
    recipes: z.boolean(),
  }),
  z.object({ page: z.literal('version'), time: clientTime, version: SafeText.min(1).max(100) }),
]);
export type UsageLogData = z.infer<typeof UsageLogData>;
export type UsageLogDataInput = z.input<typeof UsageLogData>;
export type UsageLogPage = UsageLogData['page'];

/** The body as posted; `data` is parsed and checked by the command, naming failing fields `data.…`. */
export const UsageLogRequest = z.strictObject({ data: SafeText.min(1) });
export type UsageLogRequest = z.infer<typeof UsageLogRequest>;

/** `appended`: events new to the log (0 for a retried post and for admin sessions, which are not logged). */
export const UsageLogResult = z.object({ ok: z.literal(true), appended: z.number().int().nonnegative() });
export type UsageLogResult = z.infer<typeof UsageLogResult>;

