import { describe, expect, it } from 'vitest';
import type { Message } from '../../../schemas/api/messages.ts';
import { texts } from '../../lib/i18n/translations.ts';
import { byRecipient, isUnread, itemTitle, messageTitle, popupMessages, recipientChoices, tabLabel, tabQuery, usesGreetings } from './message-lists.ts';

const message = (over: Partial<Message>): Message => ({
  id: 1,
  title: 'Hello',
  userId: 7,
  userName: 'Sender',
  userGroupId: null,
  userGroupName: null,
  userOrganization: null,
  senderName: 'Sender',
  sent: true,
  active: true,
  messageActive: true,
  own: false,
  canModify: false,
  canRemove: false,
  replyToMessageId: null,
  recipients: [],
  recipientGroups: [],
  recommendation: false,
  usageReport: false,
  game: false,
  recipientCanModify: false,
  recipientCanReply: false,
  forcePopup: false,
  videoChat: false,
  time: null,
  expireTime: null,
  sentTime: '2026-11-20T10:00:00.000Z',
  readTime: null,
  ...over,
});

const t = (key: string, options?: Record<string, unknown>) => key.replace('{{title}}', String(options?.title ?? ''));

describe('message lists', () => {
  it('should list each tab by its query, the trash by what the owner switched off', () => {
    expect(tabQuery('received', false)).toMatchObject({ own: false, sent: true, active: true });
    expect(tabQuery('received', true)).toMatchObject({ own: false, sent: true, archived: true });
    expect(tabQuery('sent', false)).toMatchObject({ own: true, sent: true, archived: false });
    expect(tabQuery('drafts', true)).toMatchObject({ own: true, sent: false, archived: true });
  });

  it('should say Greetings where the user has default message recipients', () => {
    const greetings = usesGreetings({ defaultMessageRecipients: [{ id: 1, srcUserId: 2, dstUserId: 3, recipientName: 'Mum', active: true, name: 'unit' }] });
    expect(greetings).toBe(true);
    expect(usesGreetings({})).toBe(false);
    expect([tabLabel('received', true), tabLabel('sent', true), tabLabel('drafts', true)]).toEqual(['Received Greetings', 'Sent Greetings', 'Drafts']);
    expect([tabLabel('received', false), tabLabel('sent', false)]).toEqual(['Received Messages', 'Sent Messages']);
    for (const greets of [true, false]) for (const tab of ['received', 'sent', 'drafts'] as const) expect(texts[tabLabel(tab, greets)]).toBeDefined();
  });

  it('should make bold only what others sent and the viewer has not read', () => {
    expect(isUnread(message({}))).toBe(true);
    expect(isUnread(message({ readTime: '2026-11-20T11:00:00.000Z' }))).toBe(false);
    expect(isUnread(message({ own: true }))).toBe(false);
  });

  it('should title a reply and an empty title', () => {
    expect(messageTitle(message({ replyToMessageId: 3 }), t)).toBe('Reply to: Hello');
    expect(messageTitle(message({ title: ' ' }), t)).toBe('No title');
  });

  it('should filter by a recipient name, users by their recipient name', () => {
    const toMum = message({ id: 1, recipients: [{ id: 3, name: 'unit', organization: null, recipientName: 'Mum' }] });
    const toGroup = message({ id: 2, recipientGroups: [{ id: 4, name: 'Ward B' }] });
    const hidden = message({ id: 3, recipients: [{ id: 5, name: '', organization: null, recipientName: null }] });
    expect(recipientChoices([toMum, toGroup, hidden])).toEqual(['Mum', 'Ward B']);
    expect(byRecipient([toMum, toGroup, hidden], 'Ward B').map((m) => m.id)).toEqual([2]);
    expect(byRecipient([toMum, toGroup, hidden], null)).toHaveLength(3);
  });

  it('should pop up, oldest first, only active unread messages of others that are neither games nor recommendations', () => {
    const list = [
      message({ id: 1 }),
      message({ id: 2, own: true }),
      message({ id: 3, game: true }),
      message({ id: 4, recommendation: true }),
      message({ id: 5, readTime: '2026-11-20T11:00:00.000Z' }),
      message({ id: 6, messageActive: false }),
      message({ id: 7 }),
    ];
    expect(popupMessages(list, true).map((m) => m.id)).toEqual([7, 1]);
    expect(popupMessages(list, false)).toEqual([]);
    // forcePopup pops a message up whatever the user's messagePopup, under the same other rules.
    const forced = [...list, message({ id: 8, forcePopup: true }), message({ id: 9, forcePopup: true, own: true })];
    expect(popupMessages(forced, false).map((m) => m.id)).toEqual([8]);
    expect(popupMessages(forced, true).map((m) => m.id)).toEqual([8, 7, 1]);
  });

  it('should name an item by its audio file, its text or its address', () => {
    expect(itemTitle({ audioFileName: 'Song', html: null, url: null })).toBe('Song');
    expect(itemTitle({ audioFileName: null, html: '<p>Which <b>song</b>?</p>', url: null })).toBe('Which song ?');
    expect(itemTitle({ audioFileName: null, html: null, url: 'https://example.org' })).toBe('https://example.org');
  });
});
