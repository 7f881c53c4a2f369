import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { messageDecider, type MessageCommand } from './message-decider.ts';

type ItemContent = Omit<EventOf<'MessageItemAdded'>['data']['item'], 'itemId'>;

// The single message view's commands (spec 2 sections 4 to 6): items placed and moved, who edits
// items (the owner of a draft; a recipient of a recommendation with recipientCanModify, but never
// inline HTML; inline HTML only with advancedMessaging), and copies.

const spec = deciderSpec(messageDecider);
const owner = 7;
const recipient = 9;
const groupMember = 10;
const group = 4;
const stranger = 8;
const messageId = 2001;
const at = '2026-11-20T10:00:00.000Z';

const fields: Omit<EventOf<'MessageDrafted'>['data'], 'messageId' | 'userId' | 'at'> = {
  title: 'Songs for Tuesday',
  time: null,
  expireTime: null,
  recommendation: false,
  recipientCanModify: false,
  recipientCanReply: false,
  game: false,
  usageReport: false,
  replyToMessageId: null,
  forcePopup: false,
};
const drafted = (more: Partial<typeof fields> = {}): MessageEvent => ({ type: 'MessageDrafted', data: { messageId, userId: owner, at, ...fields, ...more } });
const addressed: MessageEvent = { type: 'RecipientsSet', data: { messageId, userId: owner, recipients: [recipient], recipientGroups: [group], at } };
const sent: MessageEvent = { type: 'MessageSent', data: { messageId, userId: owner, at } };
const link: ItemContent = { type: 'Link', html: null, audioFileId: null, recipeId: null, fileId: null, url: 'https://example.org/', contentType: null, trackClicks: false, width: '100%' };
const text: ItemContent = { ...link, type: 'InlineHTML', html: '<p>Hello</p>', url: null };
const added = (itemId: number, order: number, item: ItemContent = link, userId = owner): MessageEvent => ({ type: 'MessageItemAdded', data: { messageId, userId, item: { itemId, ...item }, order, at } });
const reordered = (itemIds: number[], userId = owner): MessageEvent => ({ type: 'MessageItemsReordered', data: { messageId, userId, itemIds, at } });
const three = [drafted(), added(1, 0), added(2, 1), added(3, 2)];

const add = (itemId: number, position?: number, userId = owner, userGroupId: number | null = null, item = link): MessageCommand => ({ kind: 'addItem', messageId, userId, userGroupId, itemId, item, position, at });
const move = (itemId: number, position: number, userId = owner): MessageCommand => ({ kind: 'changeItem', messageId, userId, itemId, change: {}, position, at });

describe('message items: placing and moving', () => {
  it('adds after the current item: appended, then placed', () => spec.given(three).when(add(4, 2)).then([added(4, 3), reordered([1, 2, 4, 3])]));
  it('adds first (spec 2: at order 1)', () => spec.given(three).when(add(4, 0)).then([added(4, 3), reordered([4, 1, 2, 3])]));
  it('adds last without a reorder when the position is the end or past it', () => {
    spec.given(three).when(add(4, 3)).then([added(4, 3)]);
    spec.given(three).when(add(4, 99)).then([added(4, 3)]);
  });
  it('moves an item up and down by swapping it with its neighbour', () => {
    spec.given(three).when(move(2, 0)).then([reordered([2, 1, 3])]);
    spec.given(three).when(move(2, 2)).then([reordered([1, 3, 2])]);
  });
  it('moves nothing to where it already is', () => spec.given(three).when(move(2, 1)).then([]));
  it('moves by the items as ordered after earlier moves', () => spec.given([...three, reordered([3, 1, 2])]).when(move(2, 0)).then([reordered([2, 3, 1])]));
  it('changes the width and moves in one call', () =>
    spec
      .given(three)
      .when({ kind: 'changeItem', messageId, userId: owner, itemId: 3, change: { width: '50%' }, position: 0, at })
      .then([{ type: 'MessageItemUpdated', data: { messageId, userId: owner, item: { itemId: 3, ...link, width: '50%' }, at } }, reordered([3, 1, 2])]));
  it('answers NotFound for an item that is not there', () => spec.given(three).when(move(9, 0)).thenThrows('NotFound'));
});

describe('message items: who edits them', () => {
  const recommendation = [drafted({ recommendation: true, recipientCanModify: true }), addressed, sent, added(1, 0), added(2, 1, text)];

  it('the owner edits only while it is a draft', () => spec.given([...three, addressed, sent]).when(move(2, 0)).thenThrows('InvalidRequest'));
  it('a stranger edits nothing', () => {
    spec.given(three).when(move(2, 0, stranger)).thenThrows('AccessDenied');
    spec.given(recommendation).when(add(3, undefined, stranger, 99)).thenThrows('AccessDenied');
  });
  it('a recipient adds to, moves and removes from a sent recommendation that recipients may modify', () => {
    spec.given(recommendation).when(add(3, 0, recipient)).then([added(3, 2, link, recipient), reordered([3, 1, 2], recipient)]);
    spec.given(recommendation).when(add(3, undefined, groupMember, group)).then([added(3, 2, link, groupMember)]);
    spec.given(recommendation).when(move(1, 1, recipient)).then([reordered([2, 1], recipient)]);
    spec
      .given(recommendation)
      .when({ kind: 'removeItem', messageId, userId: recipient, itemId: 1, at })
      .then([{ type: 'MessageItemRemoved', data: { messageId, userId: recipient, itemId: 1, at } }]);
  });
  it('a recipient edits nothing without recipientCanModify, or of a plain message', () => {
    spec.given([drafted({ recommendation: true }), addressed, sent, added(1, 0)]).when(move(1, 1, recipient)).thenThrows('AccessDenied');
    spec.given([drafted({ recipientCanModify: true }), addressed, sent, added(1, 0), added(2, 1)]).when(move(1, 1, recipient)).thenThrows('AccessDenied');
  });
  it('a recipient edits nothing of a recommendation while it is a draft', () =>
    spec.given([drafted({ recommendation: true, recipientCanModify: true }), addressed, added(1, 0)]).when(add(3, undefined, recipient)).thenThrows('AccessDenied'));
  it('only the owner edits inline HTML', () => {
    spec.given(recommendation).when({ kind: 'changeItem', messageId, userId: recipient, itemId: 2, change: { html: '<p>Mine</p>' }, at }).thenThrows('AccessDenied');
    spec.given(recommendation).when({ kind: 'removeItem', messageId, userId: recipient, itemId: 2, at }).thenThrows('AccessDenied');
    spec.given(recommendation).when(add(3, undefined, recipient, null, text)).thenThrows('AccessDenied');
    spec.given(recommendation).when({ kind: 'changeItem', messageId, userId: recipient, itemId: 1, change: { type: 'InlineHTML' }, at }).thenThrows('AccessDenied');
  });
  it('inline HTML is edited only with advancedMessaging; its width and place without', () => {
    const draft = [drafted(), added(1, 0, text), added(2, 1)];
    const change = (advancedMessaging: boolean, itemId: number, change: object, position?: number): MessageCommand => ({ kind: 'changeItem', messageId, userId: owner, advancedMessaging, itemId, change, position, at });
    spec.given(draft).when(change(false, 1, { html: '<p>Bye</p>' })).thenThrows('AccessDenied');
    spec.given(draft).when(change(false, 2, { type: 'InlineHTMLTrack' })).thenThrows('AccessDenied');
    spec
      .given(draft)
      .when(change(true, 1, { html: '<p>Bye</p>' }))
      .then([{ type: 'MessageItemUpdated', data: { messageId, userId: owner, item: { itemId: 1, ...text, html: '<p>Bye</p>' }, at } }]);
    spec.given(draft).when(change(false, 1, {}, 1)).then([reordered([2, 1])]);
  });
});

describe('copy-message', () => {
  const copyId = 3001;
  const source = (events: MessageEvent[]) => ({ messageId, state: events.reduce(messageDecider.evolve, messageDecider.initialState()) });
  type Copy = Extract<MessageCommand, { kind: 'copy' }>;
  const copy = (events: MessageEvent[], userId = owner): Copy => ({
    kind: 'copy',
    messageId: copyId,
    userId,
    userGroupId: null,
    source: source(events),
    itemIds: [11, 12, 13],
    time: '2026-12-01T08:00:00.000Z',
    recipients: [{ id: 5 }, { id: 3 }],
    recipientGroups: [],
    at,
  });
  const copied = (userId: number, more: Partial<typeof fields> = {}): MessageEvent => ({
    type: 'MessageDrafted',
    data: { messageId: copyId, userId, at, ...fields, time: '2026-12-01T08:00:00.000Z', ...more },
  });
  const copyRecipients = (userId: number): MessageEvent => ({ type: 'RecipientsSet', data: { messageId: copyId, userId, recipients: [3, 5], recipientGroups: [], at } });
  const copiedItem = (itemId: number, order: number, userId: number, item: ItemContent = link): MessageEvent => ({ type: 'MessageItemAdded', data: { messageId: copyId, userId, item: { itemId, ...item }, order, at } });

  it('makes a draft of the caller with the same items in their order, the time and recipients given', () =>
    spec
      .given([])
      .when(copy([drafted(), added(1, 0), added(2, 1), added(3, 2, text), reordered([3, 1, 2]), addressed, sent]))
      .then([copied(owner), copyRecipients(owner), copiedItem(11, 0, owner, text), copiedItem(12, 1, owner), copiedItem(13, 2, owner)]));
  it('keeps the end unless the copy starts after it', () => {
    const ending = (expireTime: string) => [drafted({ expireTime }), added(1, 0)];
    spec.given([]).when({ ...copy(ending('2026-12-24T00:00:00.000Z')), itemIds: [11] }).then([copied(owner, { expireTime: '2026-12-24T00:00:00.000Z' }), copyRecipients(owner), copiedItem(11, 0, owner)]);
    spec.given([]).when({ ...copy(ending('2026-11-24T00:00:00.000Z')), itemIds: [11] }).then([copied(owner), copyRecipients(owner), copiedItem(11, 0, owner)]);
  });
  it('a recipient forwards a message it may reply to, as a plain message of its own', () =>
    spec
      .given([])
      .when({ ...copy([drafted({ recipientCanReply: true, recommendation: true, recipientCanModify: true }), addressed, sent, added(1, 0)], recipient), itemIds: [11], recipients: [] })
      .then([copied(recipient, { recipientCanReply: true }), copiedItem(11, 0, recipient)]));
  it('refuses a recipient whose message may not be replied to, and strangers', () => {
    spec.given([]).when(copy([...three, addressed, sent], recipient)).thenThrows('AccessDenied');
    spec.given([]).when(copy([drafted({ recipientCanReply: true }), addressed, sent], stranger)).thenThrows('AccessDenied');
    spec.given([]).when(copy([drafted({ recipientCanReply: true }), addressed], recipient)).thenThrows('AccessDenied');
  });
  it('answers NotFound for a message that does not exist, and nothing twice', () => {
    spec.given([]).when(copy([])).thenThrows('NotFound');
    spec.given([copied(owner)]).when(copy(three)).then([]);
  });
});
