import { z } from 'zod';
import { Day, Id, SafeJson, SafeText } from '../common/safe.ts';

// Props and answers of the back office's typed requests (spec 3 section 7): the content library,
// recipes, timings and users, changed by service operators. Every list is bounded, and an id
// that names no row is a ValidationError naming the field (checked by the command).

const ids = z.array(Id).min(1).max(1000);

/** How many rows the request changed: 0 when everything already was as asked. */
export const ChangedResult = z.object({ changed: z.number().int().nonnegative() });
export type ChangedResult = z.infer<typeof ChangedResult>;

export const SetAudioFileActiveRequest = z.strictObject({ audioFileIds: ids, active: z.boolean() });

/** The length the browser measured from the file's media, in seconds; stored as whole seconds. */
export const SetAudioFileLengthRequest = z.strictObject({ audioFileId: Id, fileId: Id, audioLength: z.number().nonnegative().max(24 * 60 * 60) });
export const SetAudioFileLengthResult = z.object({ length: z.number().int().nonnegative() });

/** value true links every one of the left ids with every one of the right ids; false unlinks them. */
export const SetAudioFileArtistsRequest = z.strictObject({ audioFileIds: ids, artistIds: ids, value: z.boolean() });
export const SetAudioFileCategoriesRequest = z.strictObject({
  audioFileIds: ids,
  categoryIds: ids,
  value: z.boolean(),
  /** For a new link: the highest priority is the file's main category in reports. */
  priority: z.number().int().min(0).max(1000).default(0),
});
export const SetFileCategoriesRequest = z.strictObject({ fileIds: ids, categoryIds: ids, value: z.boolean() });

export const MergeArtistsRequest = z.strictObject({ srcIds: ids, dstId: Id });

export const SetRecipeItemOrderRequest = z.strictObject({ recipeItemId: Id, order: z.number().int().min(0).max(100_000) });
export const SetRecipeItemsActiveRequest = z.strictObject({ ids, active: z.boolean() });
export const CopyRecipeRequest = z.strictObject({ fromRecipeId: Id, toRecipeId: Id });

export const AddUgRecipeTimingsRequest = z.strictObject({ userGroupIds: ids, recipeId: Id, days: z.array(Day).min(1).max(366) });
export const AddedIdsResult = z.object({ ids: z.array(z.number().int()) });
export const RemoveUgRecipeTimingsRequest = z.strictObject({ ids });

export const SetForceReloadRequest = z.strictObject({ value: z.boolean(), userIds: ids });

/** A recipe on a day of the year (month and day) in every year, for the groups; `special` marks a feast day. */
export const AddUgRecurringRecipeTimingsRequest = z.strictObject({
  userGroupIds: ids,
  recipeId: Id,
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
  special: z.boolean().default(false),
});
/** A recipe in a week of the year (1-53), on one weekday (1 Monday - 7 Sunday) or the whole week. */
export const AddUgRecurringRecipeTimingsWeekRequest = z.strictObject({
  userGroupIds: ids,
  recipeId: Id,
  week: z.number().int().min(1).max(53),
  day: z.number().int().min(1).max(7).nullable().default(null),
  special: z.boolean().default(false),
});
export const RemoveUgRecurringRecipeTimingsRequest = z.strictObject({ ids });

/** The artist and the artists similar to it (or no longer): the pairs hold both ways. */
export const SimilarArtistsRequest = z.strictObject({ artistId: Id, artistIds: ids });
export const SimilarAudioFilesRequest = z.strictObject({ audioFileId: Id, audioFileIds: ids });

/** The console's state as the console keeps it: any JSON object, up to 64 kB. */
export const AdminUiState = z
  .record(z.string().max(200), SafeJson)
  .refine((state) => JSON.stringify(state).length <= 64 * 1024, 'The state must be at most 64 kB of JSON');
export const SetAdminUiStateRequest = z.strictObject({ state: AdminUiState });
export const GetAdminUiStateRequest = z.strictObject({});
export const AdminUiStateResult = z.object({ state: z.record(z.string(), z.unknown()).nullable() });
export type AdminUiStateResult = z.infer<typeof AdminUiStateResult>;
export const EmptyResult = z.object({});
export type EmptyResult = z.infer<typeof EmptyResult>;

/** A copy of the user under a new login name. */
export const CopyUserRequest = z.strictObject({ userId: Id, name: SafeText.trim().min(1).max(200) });
export const CopyUserResult = z.object({ userId: z.number().int() });
