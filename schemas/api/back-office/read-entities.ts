import { z } from 'zod';
import { IdList, Instant, ShortText, entitySchemas } from './entity-schema.ts';

// Read-only admin data definitions (spec 3 section 3): the audit log, and the event-sourced
// messages, message items, evaluations and favorite lists. Their changes are events decided by
// their own commands (commands/messages, commands/evaluations, commands/favorites), never a row
// written here, so the generic pattern only reads their read models: GET /api/{name}/{id} and
// POST /api/get/{name}.

export const loggingActions = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * What the audit log answers instead of each value of a unit's own row (issue 37 item 7,
 * docs/security.md): its readers are operators, who may not read residents, activities, events or
 * default recipients through the app, so they see who changed which row when, and which columns,
 * never what the columns held. The row's `id` is kept.
 */
export const hiddenAuditValue = '[hidden]';

export const loggingEntity = entitySchemas('logging', {
  fields: {},
  readOnly: {
    time: z.string(),
    table: z.string(),
    action: z.enum(loggingActions),
    userId: z.number().nullable(),
    oldData: z.unknown(),
    newData: z.unknown(),
    query: z.string().nullable(),
  },
  query: {
    tables: z.array(ShortText.min(1)).max(100).optional(),
    actions: z.array(z.enum(loggingActions)).max(3).optional(),
    userIds: IdList.optional(),
    /** The changed row's id (newData.id or oldData.id). */
    rowIds: IdList.optional(),
    startTime: Instant.optional(),
    endTime: Instant.optional(),
  },
  sorts: ['id-desc', 'id-asc'],
  readOnlyEntity: true,
});

export const messageEntity = entitySchemas('messages2', {
  fields: {},
  readOnly: {
    userId: z.number(),
    title: z.string(),
    time: z.string().nullable(),
    expireTime: z.string().nullable(),
    sent: z.boolean(),
    messageActive: z.boolean(),
    recommendation: z.boolean(),
    usageReport: z.boolean(),
    game: z.boolean(),
    forcePopup: z.boolean(),
    recipientCanModify: z.boolean(),
    recipientCanReply: z.boolean(),
    replyToMessageId: z.number().nullable(),
    recipients: z.array(z.number()),
    recipientGroups: z.array(z.number()),
  },
  query: { userIds: IdList.optional() },
  sorts: ['id-desc', 'id-asc'],
  readOnlyEntity: true,
});

export const messageItemEntity = entitySchemas('message-items2', {
  fields: {},
  readOnly: {
    messageId: z.number(),
    userId: z.number(),
    order: z.number(),
    type: z.string(),
    contentType: z.string().nullable(),
    trackClicks: z.boolean(),
    fileId: z.number().nullable(),
    audioFileId: z.number().nullable(),
    recipeId: z.number().nullable(),
    url: z.string().nullable(),
    html: z.string().nullable(),
  },
  query: { userIds: IdList.optional(), messageIds: IdList.optional() },
  sorts: ['order-asc', 'id-desc'],
  readOnlyEntity: true,
});

export const evaluationEntity = entitySchemas('evaluations', {
  fields: {},
  readOnly: {
    userId: z.number(),
    time: z.string(),
    audioFileId: z.number().nullable(),
    messageItemId: z.number().nullable(),
    score: z.number(),
  },
  query: { userIds: IdList.optional() },
  sorts: ['time-desc', 'time-asc'],
  readOnlyEntity: true,
  params: z.strictObject({ id: z.uuid() }),
});

export const userTagGroupEntity = entitySchemas('user-tag-groups2', {
  fields: {},
  readOnly: { userId: z.number(), userGroupId: z.number().nullable(), name: z.string(), description: z.string(), createdAt: z.string() },
  query: { userIds: IdList.optional() },
  sorts: ['name-asc', 'id-desc'],
  readOnlyEntity: true,
});

/** A user's favorites (spec 3 "favorites"): audio files as [listId, audioFileId, order] triples, recipes as [listId, recipeId]. The id is the user's. */
export const favoritesEntity = entitySchemas('favorites', {
  fields: {},
  readOnly: {
    userId: z.number(),
    audioFiles: z.array(z.tuple([z.number(), z.number(), z.number()])),
    recipes: z.array(z.tuple([z.number(), z.number()])),
  },
  query: { userIds: IdList.optional() },
  sorts: ['id-asc'],
  readOnlyEntity: true,
});

/**
 * One favorite of a user (spec 3 "UserTag"): an audio file or a recipe in one of their lists (list 0
 * is their default list). The favorites read model keys rows by list, user and target, so the id
 * is `a-{listId}-{userId}-{audioFileId}` or `r-{listId}-{userId}-{recipeId}`. A removed favorite has
 * no row, so deletionTime is always null.
 */
export const userTagEntity = entitySchemas('user-tags', {
  fields: {},
  readOnly: {
    userId: z.number(),
    userTagGroupId: z.number(),
    audioFileId: z.number().nullable(),
    recipeId: z.number().nullable(),
    order: z.number().nullable(),
    insertionTime: z.string(),
    deletionTime: z.string().nullable(),
    admin: z.boolean(),
  },
  query: { userIds: IdList.optional(), userTagGroupIds: IdList.optional(), audioFileIds: IdList.optional(), recipeIds: IdList.optional() },
  sorts: ['order-asc', 'insertion-time-desc'],
  readOnlyEntity: true,
  params: z.strictObject({ id: z.string().regex(/^[ar]-\d{1,10}-\d{1,10}-\d{1,10}$/, 'Expected a-{listId}-{userId}-{audioFileId} or r-{listId}-{userId}-{recipeId}') }),
});

/**
 * A reply in a message's discussion (spec 3 "message-item-replies": id, name, active), as the
 * message's owner reads it: `name` is the reply's text. Replies are events of the message decider
 * (POST /api/message-replies); nothing removes one, so every reply is active.
 */
export const messageItemReplyEntity = entitySchemas('message-item-replies', {
  fields: {},
  readOnly: {
    messageId: z.number(),
    ownerId: z.number(),
    userId: z.number(),
    name: z.string(),
    fileId: z.number().nullable(),
    time: z.string(),
    active: z.boolean(),
  },
  query: { userIds: IdList.optional(), messageIds: IdList.optional(), startTime: Instant.optional(), endTime: Instant.optional() },
  sorts: ['time-asc', 'time-desc'],
  readOnlyEntity: true,
  params: z.strictObject({ id: z.uuid() }),
});
