import { z } from 'zod';
import { Instant, SafeText, Id, Int32 } from '../common/safe.ts';
import { messageItemTypes } from './message-item-types.ts';

// Events of the `message-{id}` streams (document 2 of the spec). Shapes are kept to what the
// messaging screens need; items carry the fields of message-items2.
const messageId = Id;
const userId = Id;
const at = Instant;

export const MessageItemType = z.enum(messageItemTypes);

const item = z.object({
  itemId: Id,
  type: MessageItemType,
  html: SafeText.nullable(),
  audioFileId: Int32.nullable(),
  recipeId: Int32.nullable(),
  fileId: Int32.nullable(),
  url: SafeText.nullable(),
  contentType: SafeText.nullable(),
  trackClicks: z.boolean(),
  // Added with the single message view; items recorded before it have none (read as null).
  /** 25%, 50%, 75% or 100% (spec 2 section 3). */
  width: SafeText.nullable().optional(),
  /** IFrame items: the frame's height in pixels. */
  iframeHeight: Int32.nullable().optional(),
  /** FavoriteList items: the list (spec 2 calls it userTagGroupId). */
  userTagGroupId: Int32.nullable().optional(),
});

const messageFields = z.object({
  title: SafeText.max(500),
  time: at.nullable(),
  expireTime: at.nullable(),
  recommendation: z.boolean(),
  recipientCanModify: z.boolean(),
  recipientCanReply: z.boolean(),
  game: z.boolean(),
  usageReport: z.boolean(),
  replyToMessageId: messageId.nullable(),
  /** Pops up for its recipients whatever their messagePopup (spec 2 section 4); absent before it existed: false. */
  forcePopup: z.boolean().optional(),
});

export const MessageDrafted = z.object({ type: z.literal('MessageDrafted'), data: messageFields.extend({ messageId, userId, at }) });
export const MessageUpdated = z.object({ type: z.literal('MessageUpdated'), data: messageFields.partial().extend({ messageId, userId, at }) });
export const RecipientsSet = z.object({
  type: z.literal('RecipientsSet'),
  data: z.object({ messageId, userId, recipients: z.array(userId), recipientGroups: z.array(Int32), at }),
});
export const MessageItemAdded = z.object({ type: z.literal('MessageItemAdded'), data: z.object({ messageId, userId, item, order: Int32, at }) });
export const MessageItemUpdated = z.object({ type: z.literal('MessageItemUpdated'), data: z.object({ messageId, userId, item, at }) });
export const MessageItemRemoved = z.object({ type: z.literal('MessageItemRemoved'), data: z.object({ messageId, userId, itemId: Int32, at }) });
export const MessageItemsReordered = z.object({ type: z.literal('MessageItemsReordered'), data: z.object({ messageId, userId, itemIds: z.array(Int32), at }) });
export const MessageSent = z.object({ type: z.literal('MessageSent'), data: z.object({ messageId, userId, at }) });
export const MessageRestoredAsDraft = z.object({ type: z.literal('MessageRestoredAsDraft'), data: z.object({ messageId, userId, at }) });
export const MessageActivitySet = z.object({ type: z.literal('MessageActivitySet'), data: z.object({ messageId, userId, active: z.boolean(), at }) });
// A reader's own read time of the message (userId: the reader, not the owner), and of its replies
// (the discussion). null: marked unread (spec 2 section 4, "Mark as unread" sets readTime to null).
export const MessageReadTimeSet = z.object({ type: z.literal('MessageReadTimeSet'), data: z.object({ messageId, userId, readTime: at.nullable() }) });
export const DiscussionReadTimeSet = z.object({ type: z.literal('DiscussionReadTimeSet'), data: z.object({ messageId, userId, readTime: at.nullable() }) });
export const ReplyPosted = z.object({
  type: z.literal('ReplyPosted'),
  data: z.object({ messageId, userId, replyId: z.uuid(), text: SafeText.max(10_000), fileId: Int32.nullable(), at }),
});
export const VideoChatRoomCreated = z.object({ type: z.literal('VideoChatRoomCreated'), data: z.object({ messageId, userId, roomId: SafeText, at }) });

export const MessageEvent = z.discriminatedUnion('type', [
  MessageDrafted,
  MessageUpdated,
  RecipientsSet,
  MessageItemAdded,
  MessageItemUpdated,
  MessageItemRemoved,
  MessageItemsReordered,
  MessageSent,
  MessageRestoredAsDraft,
  MessageActivitySet,
  MessageReadTimeSet,
  DiscussionReadTimeSet,
  ReplyPosted,
  VideoChatRoomCreated,
]);
export type MessageEvent = z.infer<typeof MessageEvent>;
