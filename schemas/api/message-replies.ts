import { z } from 'zod';
import { SafeText } from '../common/safe.ts';
import { Message, MessageItem } from './messages.ts';

// Replies and the messenger (spec 2 sections 2, 3, 5 and 7):
//   POST /api/message-replies  PostReplyRequest -> Reply
//   POST /api/get-msgs         GetMsgsRequest   -> Conversation[]
// The spec names "post reply {messageId, reply, fileId}" without a path: /api/message-replies is
// ours, beside /api/message-items. get-msgs is "query by name": the messenger's conversations
// of the caller.

const id = z.number().int().nonnegative().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });

/** The longest reply (a chat line, not a document; the event takes up to 10 000). */
export const replyMaxLength = 5000;

export const PostReplyRequest = z
  .strictObject({
    messageId: id,
    /** The text; may be empty when a file is attached. */
    reply: SafeText.max(replyMaxLength).default(''),
    /** A file the caller uploaded (POST /api/upload) or a library file. */
    fileId: id.nullable().default(null),
    /** The browser's id for this post (a uuid made once per reply): a retry posts it once. */
    requestId: z.uuid().optional(),
  })
  .refine((r) => r.reply.trim() !== '' || r.fileId !== null, { message: 'A reply needs text or a file', path: ['reply'] });
export type PostReplyRequest = z.infer<typeof PostReplyRequest>;

/** A reply as the messenger and the single message view show it (spec 2 section 3 "Reply"). */
export const Reply = z.object({
  id: z.uuid(),
  messageId: id,
  reply: z.string(),
  replyFileId: id.nullable(),
  replyFileContentType: z.string().nullable(),
  replyFileName: z.string().nullable(),
  time: isoTime,
  userId: id,
  userName: z.string().nullable(),
  userOrganization: z.string().nullable(),
  own: z.boolean(),
  /** When the viewer read it (their discussion read time, once at or after the reply; their own: its time); null: unread. */
  readTime: isoTime.nullable(),
});
export type Reply = z.infer<typeof Reply>;

export const GetMsgsRequest = z.strictObject({
  query: z
    .strictObject({
      /** Only these conversations (a message id each). */
      idList: z.array(id).max(1000).optional(),
      limit: z.number().int().min(1).max(500).default(100),
    })
    .default({ limit: 100 }),
});
export type GetMsgsRequest = z.infer<typeof GetMsgsRequest>;

const ConversationRecipient = z.object({
  id,
  name: z.string(),
  organization: z.string().nullable(),
  recipientName: z.string().nullable(),
  residentFirstName: z.string().nullable(),
  residentLastName: z.string().nullable(),
});

/** A conversation of the messenger (spec 2 section 3 "Conversation"): a message, its items and its replies. */
export const Conversation = Message.omit({ recipients: true }).extend({
  recipients: z.array(ConversationRecipient),
  /** The viewer may reply: their own, or received with recipientCanReply. */
  canReply: z.boolean(),
  /** The viewer's read time of the replies; null: never read. */
  discussionReadTime: isoTime.nullable(),
  /** Replies from others after the discussion read time. */
  unreadReplyCount: z.number().int().nonnegative(),
  /** The last reply's time, else when it became active: conversations are ordered by it. */
  lastActivity: isoTime.nullable(),
  items: z.array(MessageItem),
  replies: z.array(Reply),
});
export type Conversation = z.infer<typeof Conversation>;
export const ConversationList = z.array(Conversation);
export type ConversationList = z.infer<typeof ConversationList>;
