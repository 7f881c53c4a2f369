import { z } from 'zod';
import { ClientTime, Instant, SafeText, wholeNumber } from '../common/safe.ts';
import { SafeHtml } from '../common/safe-html.ts';
import { MessageItemType } from '../events/messages.ts';
import { itemWidths, minIframeHeight } from './message-item-limits.ts';

export { itemWidths, minIframeHeight };

// Messages and their items (spec 2 sections 3 and 7), as far as the usage report needs them: an
// owner drafts a message with items, names recipients (users and user groups) and sends it; the
// report's 'Messages for report' section lists the sent usage-report messages a user received or
// wrote in the period (spec 3 section 2). Replies, read times, copies and video rooms are not
// built yet.
//
// Calls:
//   POST   /api/messages               NewMessage          -> Message
//   PUT    /api/messages/{id}          MessageChange       -> Message
//   PUT    /api/messages/{id}/activity MessageActivity     -> Message
//   POST   /api/message-items          NewMessageItem      -> MessageItem
//   PUT    /api/message-items/{id}     MessageItemChange   -> MessageItem
//   DELETE /api/message-items/{id}                         -> RemovedMessageItem
//   POST   /api/get-messages           GetMessagesQuery    -> Message[]
//   POST   /api/get-message-items      GetMessageItemsQuery -> MessageItem[]

/** Postgres `integer` range: a larger number is a ValidationError, not a failed query. */
const id = z.number().int().nonnegative().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });

// The browser sends whole recipient objects (id, name, organization...); only the id is used.
const recipient = z.object({ id });

const messageFields = {
  title: SafeText.trim().min(1).max(500),
  recipients: z.array(recipient).max(1000),
  recipientGroups: z.array(recipient).max(100),
  /** Active from; null: from when it is sent. */
  time: Instant.nullable(),
  /** Active until; null: no end. */
  expireTime: Instant.nullable(),
  sent: z.boolean(),
  recommendation: z.boolean(),
  usageReport: z.boolean(),
  game: z.boolean(),
  recipientCanModify: z.boolean(),
  recipientCanReply: z.boolean(),
  replyToMessageId: id.nullable(),
  forcePopup: z.boolean(),
};

const periodIsOrdered = (m: { time?: string | null; expireTime?: string | null }) => !m.time || !m.expireTime || new Date(m.time) < new Date(m.expireTime);
const periodIssue = { message: 'Active until must be after active from', path: ['expireTime'] };

// Not strict: a message object read from get-messages may be posted back with its read-only fields.
export const NewMessage = z
  .object({
    ...messageFields,
    recipients: messageFields.recipients.default([]),
    recipientGroups: messageFields.recipientGroups.default([]),
    time: messageFields.time.default(null),
    expireTime: messageFields.expireTime.default(null),
    sent: messageFields.sent.default(false),
    recommendation: messageFields.recommendation.default(false),
    usageReport: messageFields.usageReport.default(false),
    game: messageFields.game.default(false),
    recipientCanModify: messageFields.recipientCanModify.default(false),
    recipientCanReply: messageFields.recipientCanReply.default(false),
    replyToMessageId: messageFields.replyToMessageId.default(null),
    forcePopup: messageFields.forcePopup.default(false),
    /**
     * The browser's id for this create (a uuid it makes once per new message): a retry with the
     * same id answers the message the first try made instead of making a second one.
     */
    requestId: z.uuid().optional(),
  })
  .refine(periodIsOrdered, periodIssue);
export type NewMessage = z.infer<typeof NewMessage>;

/** The whole message or any part of it: what is left out stays as it is. */
export const MessageChange = z.object(messageFields).partial().refine(periodIsOrdered, periodIssue);
export type MessageChange = z.infer<typeof MessageChange>;

export const MessageParams = z.strictObject({ id: wholeNumber(id) });
export const MessageActivity = z.strictObject({ active: z.boolean() });

export const MessageRecipient = z.object({ id, name: z.string(), organization: z.string().nullable(), recipientName: z.string().nullable() });
export const MessageRecipientGroup = z.object({ id, name: z.string() });

export const Message = z.object({
  id,
  title: z.string(),
  userId: id,
  userName: z.string().nullable(),
  userGroupId: id.nullable(),
  userGroupName: z.string().nullable(),
  userOrganization: z.string().nullable(),
  /** Who it is from: the sender's group's messages name when they have one, else their name. */
  senderName: z.string().nullable(),
  sent: z.boolean(),
  /** Switched on and off by its owner (PUT /api/messages/{id}/activity). */
  active: z.boolean(),
  /** Sent, active, and now within its active-from and active-until. */
  messageActive: z.boolean(),
  own: z.boolean(),
  canModify: z.boolean(),
  canRemove: z.boolean(),
  replyToMessageId: id.nullable(),
  recipients: z.array(MessageRecipient),
  recipientGroups: z.array(MessageRecipientGroup),
  recommendation: z.boolean(),
  usageReport: z.boolean(),
  game: z.boolean(),
  recipientCanModify: z.boolean(),
  recipientCanReply: z.boolean(),
  forcePopup: z.boolean(),
  /** Spec 2 section 4: true once its owner made a video chat room for it. */
  videoChat: z.boolean(),
  time: isoTime.nullable(),
  expireTime: isoTime.nullable(),
  /** When it was last sent; null for a draft. */
  sentTime: isoTime.nullable(),
  /** The viewer's own read time of it (PUT /api/message-read-time); null: unread. */
  readTime: isoTime.nullable(),
});
export type Message = z.infer<typeof Message>;
export const MessageList = z.array(Message);
export type MessageList = z.infer<typeof MessageList>;

export const ItemWidth = z.enum(itemWidths);
export type ItemWidth = z.infer<typeof ItemWidth>;

const itemFields = {
  type: MessageItemType,
  html: SafeText.max(100_000).nullable(),
  audioFileId: id.nullable(),
  recipeId: id.nullable(),
  fileId: id.nullable(),
  url: z.url().max(2000).nullable(),
  contentType: SafeText.max(100).nullable(),
  trackClicks: z.boolean(),
  width: ItemWidth.nullable(),
  iframeHeight: z.number().int().min(minIframeHeight).max(100_000).nullable(),
  /** A FavoriteList item's list. */
  userTagGroupId: id.nullable(),
};

/**
 * What an item's url may be when written: a web or mail address. javascript: and data: links would
 * run or show content as the page when a recipient clicks them; answers keep the plain url field,
 * so an item stored before this rule still reads.
 */
const itemUrl = z.url({ protocol: /^(https?|mailto)$/, error: 'Only http, https and mailto addresses' }).max(2000).nullable();
/** An item's HTML when written: cleaned to the one policy (schemas/common/html-policy.ts); answers keep `html`. */
const itemHtml = SafeHtml(100_000).nullable();

export const NewMessageItem = z.object({
  messageId: id,
  type: itemFields.type,
  html: itemHtml.default(null),
  audioFileId: itemFields.audioFileId.default(null),
  recipeId: itemFields.recipeId.default(null),
  fileId: itemFields.fileId.default(null),
  url: itemUrl.default(null),
  contentType: itemFields.contentType.default(null),
  trackClicks: itemFields.trackClicks.default(false),
  width: itemFields.width.default(null),
  iframeHeight: itemFields.iframeHeight.default(null),
  userTagGroupId: itemFields.userTagGroupId.default(null),
  /**
   * Where it goes among the message's items, counted from 0 in their order (spec 2 section 4: add
   * after the current item, or first); left out: last.
   */
  position: z.number().int().nonnegative().max(10_000).optional(),
});
export type NewMessageItem = z.infer<typeof NewMessageItem>;

export const MessageItemChange = z
  .object({
    ...itemFields,
    html: itemHtml,
    url: itemUrl,
    /** Moves the item to this place among the message's items, counted from 0 (move up and down). */
    position: z.number().int().nonnegative().max(10_000),
  })
  .partial();
export type MessageItemChange = z.infer<typeof MessageItemChange>;
export const MessageItemParams = MessageParams;

export const MessageItem = z.object({
  id,
  messageId: id,
  order: z.number().int(),
  ...itemFields,
  audioFileName: z.string().nullable(),
  // Added with the single message view: optional so that older answers and fixtures still read.
  // Answers keep what was stored, even from before the edge's rules.
  width: z.string().nullable().optional(),
  iframeHeight: z.number().int().nullable().optional(),
  userTagGroupId: id.nullable().optional(),
  /** The file's name and type (MediaFile items), joined from the file. */
  fileName: z.string().nullable().optional(),
  fileContentType: z.string().nullable().optional(),
  recipeName: z.string().nullable().optional(),
  userTagGroupName: z.string().nullable().optional(),
});
export type MessageItem = z.infer<typeof MessageItem>;
export const MessageItemList = z.array(MessageItem);
export type MessageItemList = z.infer<typeof MessageItemList>;
export const RemovedMessageItem = z.object({ id, messageId: id, removed: z.boolean() });
export type RemovedMessageItem = z.infer<typeof RemovedMessageItem>;

export const GetMessagesQuery = z.strictObject({
  idList: z.array(id).max(1000).optional(),
  /** true: only the caller's own messages; false: only those received. */
  own: z.boolean().optional(),
  sent: z.boolean().optional(),
  active: z.boolean().optional(),
  game: z.boolean().optional(),
  recommendation: z.boolean().optional(),
  usageReport: z.boolean().optional(),
  /**
   * true: only the messages their owner switched off (the messages screens' trash); false: only
   * those switched on, whether or not within their active period (`active` asks for that).
   */
  archived: z.boolean().optional(),
  /** Messages active from (or sent) at or after startTime and before endTime. */
  startTime: Instant.optional(),
  endTime: Instant.optional(),
  /** An administrator reads the messages of a user they administer (the report's user). */
  userId: id.optional(),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().nonnegative().default(0),
});
export type GetMessagesQuery = z.infer<typeof GetMessagesQuery>;

export const GetMessagesRequest = z.strictObject({ query: GetMessagesQuery });

export const GetMessageItemsQuery = z.strictObject({
  messageIdList: z.array(id).min(1).max(1000),
  userId: id.optional(),
});

// Read state (spec 2 sections 4 and 7), each reader's own:
//   PUT /api/message-read-time     MessageReadTimeRequest -> MessageReadTime
//   PUT /api/discussion-read-time  MessageReadTimeRequest -> MessageReadTime
//   GET /api/unread-messages-count                        -> UnreadMessagesCount
// "Mark as read" sends the browser's now, "Mark as unread" null; a discussion is the message's
// replies. The spec names no call for the top bar's count: unread-messages-count is ours.
export const MessageReadTimeRequest = z.strictObject({ messageId: id, readTime: ClientTime.nullable() });
export type MessageReadTimeRequest = z.infer<typeof MessageReadTimeRequest>;
export const MessageReadTime = z.object({ messageId: id, readTime: isoTime.nullable() });
export type MessageReadTime = z.infer<typeof MessageReadTime>;
export const UnreadMessagesCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadMessagesCount = z.infer<typeof UnreadMessagesCount>;

// copy-message (spec 2 section 7, a typed request: POST /api/requests/copy-message): a new draft of
// the caller with the message's title, flags and items, active from `time`, to `recipients` (and
// `recipientGroups`, ours: the Add recipients modal offers both). Answers the copy's id, which the
// browser opens at /messages/{id}.
export const CopyMessageRequest = z.strictObject({
  messageId: id,
  time: Instant.nullable().default(null),
  recipients: messageFields.recipients.default([]),
  recipientGroups: messageFields.recipientGroups.default([]),
});
export type CopyMessageRequest = z.infer<typeof CopyMessageRequest>;
export const CopyMessageResult = z.object({ id });
export type CopyMessageResult = z.infer<typeof CopyMessageResult>;
