import { z } from 'zod';
import { IdList, Instant, entitySchemas } from './entity-schema.ts';

// Read-only admin data definitions of the usage warehouse (spec 3 section 3: audio-file-logs,
// usage-reports, user-reports, detailed-usage-reports, search-logs). Their rows are what the usage
// warehouse derived from the units' usage log (docs/warehouse.md): plays, sessions and searches,
// never a second counter. Each answers GET /api/{name}/{id} and POST /api/get/{name}.

/** Whose usage, and when: every usage entity's own filters (spec 3 section 7). */
const usageQuery = {
  userIds: IdList.optional(),
  /** Units whose main user group (users.user_group_id) is one of these. */
  userGroupIds: IdList.optional(),
  /** Plays, sessions or searches starting at or after this instant... */
  startTime: Instant.optional(),
  /** ...and before this one. */
  endTime: Instant.optional(),
};

/** A play's or search's id: the warehouse's uuid. */
const UuidParams = z.strictObject({ id: z.uuid() });

/** One play of an audio file (plays_vN): who played what and when. */
export const audioFileLogEntity = entitySchemas('audio-file-logs', {
  fields: {},
  readOnly: { audioFileId: z.number(), audioFileName: z.string().nullable(), userId: z.number(), userName: z.string().nullable(), time: z.string() },
  query: { ...usageQuery, audioFileIds: IdList.optional() },
  sorts: ['time-desc', 'time-asc'],
  readOnlyEntity: true,
  params: UuidParams,
});

/** How often a unit played one audio file; the id is `userId-audioFileId`. */
export const usageReportEntity = entitySchemas('usage-reports', {
  fields: {},
  readOnly: { userId: z.number(), userGroupId: z.number().nullable(), audioFileId: z.number(), audioFileName: z.string().nullable(), listencount: z.number(), lastPlay: z.string() },
  query: { ...usageQuery, audioFileIds: IdList.optional() },
  sorts: ['listencount-desc', 'last-play-desc', 'id-asc'],
  readOnlyEntity: true,
  params: z.strictObject({ id: z.string().regex(/^\d{1,10}-\d{1,10}$/, 'Expected userId-audioFileId') }),
});

/** A unit's plays of audio files in all (or in the asked period) and its last play; the id is the unit's. */
export const userReportEntity = entitySchemas('user-reports', {
  fields: {},
  readOnly: { userId: z.number(), userGroupId: z.number().nullable(), audioFilesCount: z.number(), lastPlay: z.string() },
  query: usageQuery,
  sorts: ['audio-files-count-desc', 'last-play-asc', 'last-play-desc'],
  readOnlyEntity: true,
});

/** A unit's counted sessions (not short, ended): how many, their length and plays; the id is the unit's. */
export const detailedUsageReportEntity = entitySchemas('detailed-usage-reports', {
  fields: {},
  readOnly: { userId: z.number(), userGroupId: z.number().nullable(), sessionCount: z.number(), sessionSeconds: z.number(), playCount: z.number(), lastSession: z.string() },
  query: usageQuery,
  sorts: ['id-asc', 'session-count-desc'],
  readOnlyEntity: true,
});

/** One search of a unit (spec 3 SearchLog): the text, the categories and kinds it searched. */
export const searchLogEntity = entitySchemas('search-logs', {
  fields: {},
  readOnly: {
    time: z.string(),
    userId: z.number(),
    userName: z.string().nullable(),
    query: z.string(),
    categories: z.array(z.object({ id: z.number(), name: z.string().nullable() })),
    musicPieces: z.boolean(),
    musicCategories: z.boolean(),
    audioPrograms: z.boolean(),
    recipes: z.boolean(),
  },
  query: usageQuery,
  sorts: ['time-desc', 'time-asc'],
  readOnlyEntity: true,
  params: UuidParams,
});
