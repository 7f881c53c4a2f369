import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { NewMessage } from '../../schemas/api/messages.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import { messageDecider, type MessageCommand } from './message-decider.ts';

const spec = deciderSpec(messageDecider);
const owner = 7;
const other = 8;
const messageId = 1001;
const at = '2026-11-20T10:00:00.000Z';

const fields = {
  title: 'November in the unit',
  time: null,
  expireTime: null,
  recommendation: false,
  recipientCanModify: false,
  recipientCanReply: false,
  game: false,
  usageReport: true,
  replyToMessageId: null,
  forcePopup: false,
};
const drafted: MessageEvent = { type: 'MessageDrafted', data: { messageId, userId: owner, at, ...fields } };
const sent: MessageEvent = { type: 'MessageSent', data: { messageId, userId: owner, at } };
const item = { type: 'InlineHTML' as const, html: '<p>Hello</p>', audioFileId: null, recipeId: null, fileId: null, url: null, contentType: null, trackClicks: false };
const itemAdded = (itemId: number, order: number): MessageEvent => ({ type: 'MessageItemAdded', data: { messageId, userId: owner, item: { itemId, ...item }, order, at } });

const addressed: MessageEvent = { type: 'RecipientsSet', data: { messageId, userId: owner, recipients: [3], recipientGroups: [], at } };
const create = (message: object): MessageCommand => ({ kind: 'create', messageId, userId: owner, message: NewMessage.parse({ title: fields.title, usageReport: true, ...message }), at });
const change = (change: object, userId = owner): MessageCommand => ({ kind: 'change', messageId, userId, change, at });

describe('message decider', () => {
  it('drafts a message without recipients', () => spec.given([]).when(create({})).then([drafted]));

  it('drafts, addresses and sends in one step, recipients without repeats and in id order', () =>
    spec
      .given([])
      .when(create({ recipients: [{ id: 5 }, { id: 3 }, { id: 5 }], recipientGroups: [{ id: 2 }], sent: true }))
      .then([drafted, { type: 'RecipientsSet', data: { messageId, userId: owner, recipients: [3, 5], recipientGroups: [2], at } }, sent]));

  it('appends nothing when the message already exists', () => spec.given([drafted]).when(create({})).then([]));

  it('names only the fields that changed', () =>
    spec
      .given([drafted])
      .when(change({ title: 'December', usageReport: true, game: false }))
      .then([{ type: 'MessageUpdated', data: { messageId, userId: owner, at, title: 'December' } }]));

  it('appends nothing for the message sent back unchanged', () => spec.given([drafted]).when(change({ ...fields, recipients: [], recipientGroups: [], sent: false })).then([]));

  it('sends a draft after its last edit', () =>
    spec
      .given([drafted, addressed])
      .when(change({ title: 'Final', sent: true }))
      .then([{ type: 'MessageUpdated', data: { messageId, userId: owner, at, title: 'Final' } }, sent]));

  it('refuses to send without a recipient or group, at creation or later', () => {
    spec.given([]).when(create({ sent: true })).thenThrows('ValidationError');
    spec.given([drafted]).when(change({ sent: true })).thenThrows('ValidationError');
    spec.given([drafted, addressed]).when(change({ recipients: [], sent: true })).thenThrows('ValidationError');
  });

  it('sends to a group alone', () =>
    spec
      .given([drafted])
      .when(change({ recipientGroups: [{ id: 2 }], sent: true }))
      .then([{ type: 'RecipientsSet', data: { messageId, userId: owner, recipients: [], recipientGroups: [2], at } }, sent]));

  it('refuses to edit a sent message', () => spec.given([drafted, sent]).when(change({ title: 'Later' })).thenThrows('InvalidRequest'));

  it('restores a sent message as a draft before editing it', () =>
    spec
      .given([drafted, sent])
      .when(change({ title: 'Later', sent: false }))
      .then([
        { type: 'MessageRestoredAsDraft', data: { messageId, userId: owner, at } },
        { type: 'MessageUpdated', data: { messageId, userId: owner, at, title: 'Later' } },
      ]));

  it('refuses an active-until before the stored active-from', () =>
    spec
      .given([drafted, { type: 'MessageUpdated', data: { messageId, userId: owner, at, time: '2026-12-01T00:00:00.000Z' } }])
      .when(change({ expireTime: '2026-11-30T00:00:00.000Z' }))
      .thenThrows('ValidationError'));

  it("refuses another user's change", () => spec.given([drafted]).when(change({ title: 'Mine' }, other)).thenThrows('AccessDenied'));
  it('answers NotFound for a message that does not exist', () => spec.given([]).when(change({ title: 'x' })).thenThrows('NotFound'));

  it('switches a sent message off once', () => {
    const off: MessageCommand = { kind: 'setActive', messageId, userId: owner, active: false, at };
    spec.given([drafted, sent]).when(off).then([{ type: 'MessageActivitySet', data: { messageId, userId: owner, active: false, at } }]);
    spec.given([drafted, sent, { type: 'MessageActivitySet', data: { messageId, userId: owner, active: false, at } }]).when(off).then([]);
  });

  it('opens one video chat room for the owner, and nothing more when asked again', () => {
    const room = (roomId: string, userId = owner): MessageCommand => ({ kind: 'createVideoChatRoom', messageId, userId, roomId, at });
    const created: MessageEvent = { type: 'VideoChatRoomCreated', data: { messageId, userId: owner, roomId: 'room-1', at } };
    spec.given([drafted, addressed, sent]).when(room('room-1')).then([created]);
    spec.given([drafted, addressed, sent, created]).when(room('room-2')).then([]);
    spec.given([drafted, addressed, sent]).when(room('room-1', 3)).thenThrows('AccessDenied');
    spec.given([]).when(room('room-1')).thenThrows('NotFound');
  });

  it('adds items at the end of a draft', () =>
    spec
      .given([drafted, itemAdded(1001, 0), itemAdded(1002, 1)])
      .when({ kind: 'addItem', messageId, userId: owner, itemId: 1003, item, at })
      .then([itemAdded(1003, 2)]));

  it('refuses items on a sent message', () => spec.given([drafted, sent]).when({ kind: 'addItem', messageId, userId: owner, itemId: 1003, item, at }).thenThrows('InvalidRequest'));

  it('changes an item, and nothing when it is unchanged', () => {
    spec
      .given([drafted, itemAdded(1001, 0)])
      .when({ kind: 'changeItem', messageId, userId: owner, itemId: 1001, change: { html: '<p>Bye</p>' }, at })
      .then([{ type: 'MessageItemUpdated', data: { messageId, userId: owner, item: { itemId: 1001, ...item, html: '<p>Bye</p>' }, at } }]);
    spec.given([drafted, itemAdded(1001, 0)]).when({ kind: 'changeItem', messageId, userId: owner, itemId: 1001, change: { html: item.html }, at }).then([]);
  });

  it('removes an item once', () => {
    const remove: MessageCommand = { kind: 'removeItem', messageId, userId: owner, itemId: 1001, at };
    const removed: MessageEvent = { type: 'MessageItemRemoved', data: { messageId, userId: owner, itemId: 1001, at } };
    spec.given([drafted, itemAdded(1001, 0)]).when(remove).then([removed]);
    spec.given([drafted, itemAdded(1001, 0), removed]).when(remove).then([]);
  });

  describe('read times: each reader their own', () => {
    const recipient = 9;
    const groupMember = 10;
    const group = 4;
    const addressed: MessageEvent = { type: 'RecipientsSet', data: { messageId, userId: owner, recipients: [recipient], recipientGroups: [group], at } };
    const readAt = '2026-11-20T11:00:00.000Z';
    const read = (readTime: string | null, userId = recipient, userGroupId: number | null = null): MessageCommand => ({ kind: 'setReadTime', messageId, userId, userGroupId, readTime, at });
    const readSet = (readTime: string | null, userId = recipient): MessageEvent => ({ type: 'MessageReadTimeSet', data: { messageId, userId, readTime } });

    it('a recipient marks a sent message read, as theirs', () => spec.given([drafted, addressed, sent]).when(read(readAt)).then([readSet(readAt)]));
    it('a member of a recipient group marks it read', () => spec.given([drafted, addressed, sent]).when(read(readAt, groupMember, group)).then([readSet(readAt, groupMember)]));
    it('the owner marks their own message read (its replies concern them)', () => spec.given([drafted, addressed, sent]).when(read(readAt, owner)).then([readSet(readAt, owner)]));
    it('the same read time again appends nothing, however it is written', () =>
      spec.given([drafted, addressed, sent, readSet(readAt)]).when(read('2026-11-20T13:00:00+02:00')).then([]));
    it("one reader's read time is not another's", () => spec.given([drafted, addressed, sent, readSet(readAt, owner)]).when(read(readAt)).then([readSet(readAt)]));
    it('marks it unread with null, once', () => {
      spec.given([drafted, addressed, sent, readSet(readAt)]).when(read(null)).then([readSet(null)]);
      spec.given([drafted, addressed, sent, readSet(readAt), readSet(null)]).when(read(null)).then([]);
      spec.given([drafted, addressed, sent]).when(read(null)).then([]);
    });
    it('refuses someone the message is not addressed to', () => spec.given([drafted, addressed, sent]).when(read(readAt, other, 99)).thenThrows('AccessDenied'));
    it('refuses a recipient while it is a draft', () => spec.given([drafted, addressed]).when(read(readAt)).thenThrows('AccessDenied'));
    it('answers NotFound for a message that does not exist', () => spec.given([]).when(read(readAt)).thenThrows('NotFound'));
    it('sets the discussion read time apart from the message read time', () => {
      const discussion: MessageCommand = { kind: 'setDiscussionReadTime', messageId, userId: recipient, userGroupId: null, readTime: readAt, at };
      const discussionSet: MessageEvent = { type: 'DiscussionReadTimeSet', data: { messageId, userId: recipient, readTime: readAt } };
      spec.given([drafted, addressed, sent, readSet(readAt)]).when(discussion).then([discussionSet]);
      spec.given([drafted, addressed, sent, discussionSet]).when(discussion).then([]);
      spec.given([drafted, addressed, sent]).when({ ...discussion, userId: other }).thenThrows('AccessDenied');
    });
  });

  describe('replies (spec 2 sections 5 and 6)', () => {
    const recipient = 9;
    const groupMember = 10;
    const group = 4;
    const replyId = '6f1c2a52-1d8e-4d3a-9a55-0c1f7e3b2a10';
    const addressed: MessageEvent = { type: 'RecipientsSet', data: { messageId, userId: owner, recipients: [recipient], recipientGroups: [group], at } };
    const replyable: MessageEvent = { type: 'MessageUpdated', data: { messageId, userId: owner, at, recipientCanReply: true } };
    const post = (userId = recipient, userGroupId: number | null = null, fileId: number | null = null): MessageCommand => ({
      kind: 'postReply',
      messageId,
      userId,
      userGroupId,
      replyId,
      text: 'Thank you!',
      fileId,
      at,
    });
    const posted = (userId = recipient, fileId: number | null = null): MessageEvent[] => [
      { type: 'ReplyPosted', data: { messageId, userId, replyId, text: 'Thank you!', fileId, at } },
      { type: 'MessageReadTimeSet', data: { messageId, userId, readTime: at } },
      { type: 'DiscussionReadTimeSet', data: { messageId, userId, readTime: at } },
    ];

    it('a recipient replies when the message takes replies, and has read it', () =>
      spec.given([drafted, replyable, addressed, sent]).when(post()).then(posted()));
    it('a member of a recipient group replies, with a file', () =>
      spec.given([drafted, replyable, addressed, sent]).when(post(groupMember, group, 42)).then(posted(groupMember, 42)));
    it('the owner replies in their own conversation, whether or not it takes replies', () =>
      spec.given([drafted, addressed, sent]).when(post(owner)).then(posted(owner)));
    it('a retried reply appends nothing', () => spec.given([drafted, replyable, addressed, sent, ...posted()]).when(post()).then([]));
    it('refuses a recipient when the message does not take replies', () => spec.given([drafted, addressed, sent]).when(post()).thenThrows('AccessDenied'));
    it('refuses someone the message is not addressed to', () => spec.given([drafted, replyable, addressed, sent]).when(post(other, 99)).thenThrows('AccessDenied'));
    it('refuses a recipient once the owner switched it off, not the owner', () => {
      const off: MessageEvent = { type: 'MessageActivitySet', data: { messageId, userId: owner, active: false, at } };
      spec.given([drafted, replyable, addressed, sent, off]).when(post()).thenThrows('AccessDenied');
      spec.given([drafted, replyable, addressed, sent, off]).when(post(owner)).then(posted(owner));
    });
    it('refuses a recipient while it is a draft', () => spec.given([drafted, replyable, addressed]).when(post()).thenThrows('AccessDenied'));
    it('answers NotFound for a message that does not exist', () => spec.given([]).when(post()).thenThrows('NotFound'));
  });
});

describe('message decider: audio files added and removed in bulk (back office)', () => {
  const audioItem = (itemId: number, audioFileId: number, order: number): MessageEvent => ({
    type: 'MessageItemAdded',
    data: { messageId, userId: owner, item: { itemId, type: 'AudioFile', html: null, audioFileId, recipeId: null, fileId: null, url: null, contentType: null, trackClicks: false }, order, at },
  });
  const add = (audioFileIds: number[], itemIds: number[], userId = owner): MessageCommand => ({ kind: 'addAudioFiles', messageId, userId, userGroupId: null, audioFileIds, itemIds, at });
  const remove = (audioFileIds: number[], userId = owner): MessageCommand => ({ kind: 'removeAudioFiles', messageId, userId, userGroupId: null, audioFileIds, at });
  const removed = (itemId: number): MessageEvent => ({ type: 'MessageItemRemoved', data: { messageId, userId: owner, itemId, at } });

  it('adds an AudioFile item last for each audio file the draft has none of', () =>
    spec.given([drafted, itemAdded(50, 0), audioItem(51, 300, 1)]).when(add([300, 301, 302], [60, 61, 62])).then([audioItem(61, 301, 2), audioItem(62, 302, 3)]));

  it('removes every AudioFile item of the audio files, and nothing when there are none', () => {
    spec.given([drafted, audioItem(51, 300, 0), audioItem(52, 301, 1), audioItem(53, 300, 2)]).when(remove([300])).then([removed(51), removed(53)]);
    spec.given([drafted, itemAdded(50, 0)]).when(remove([300])).then([]);
  });

  it('is for the draft\'s owner only: others are refused, a sent message is restored first', () => {
    spec.given([drafted]).when(add([300], [60], other)).thenThrows('AccessDenied');
    spec.given([drafted, audioItem(51, 300, 0)]).when(remove([300], other)).thenThrows('AccessDenied');
    spec.given([drafted, sent]).when(add([300], [60])).thenThrows('InvalidRequest');
    spec.given([]).when(add([300], [60])).thenThrows('NotFound');
  });
});
