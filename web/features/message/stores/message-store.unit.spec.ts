import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { describeFailure, parseIframeHeight, rightsOf } from './message-store.ts';

// Spec 2 section 6: who edits what in the single message view; section 4: the IFrame height.

const message = (over: Partial<Message>): Message => ({
  id: 1,
  title: 'Hello',
  userId: 7,
  userName: null,
  userGroupId: null,
  userGroupName: null,
  userOrganization: null,
  senderName: null,
  sent: false,
  active: true,
  messageActive: false,
  own: true,
  canModify: true,
  canRemove: true,
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
  sentTime: null,
  readTime: null,
  ...over,
});
const user = (advancedMessaging: boolean) => ({ config: { advancedMessaging } }) as unknown as CurrentUser;

describe('rights in the single message view', () => {
  it('lets the owner edit a draft, and restore and copy it once sent', () => {
    expect(rightsOf(message({}), user(false))).toEqual({ editMessage: true, editItems: true, advanced: false, editInlineHtml: true, restore: false, copy: true });
    expect(rightsOf(message({ sent: true }), user(true))).toEqual({ editMessage: false, editItems: false, advanced: true, editInlineHtml: false, restore: true, copy: true });
  });

  it('lets a recipient edit the items of a sent recommendation with recipientCanModify, and forward what it may reply to', () => {
    const received = { own: false, sent: true };
    expect(rightsOf(message({ ...received, recommendation: true, recipientCanModify: true }), user(false))).toMatchObject({ editMessage: false, editItems: true, editInlineHtml: false, restore: false, copy: false });
    expect(rightsOf(message({ ...received, recipientCanModify: true }), user(false)).editItems).toBe(false);
    expect(rightsOf(message({ ...received, recipientCanReply: true }), user(false)).copy).toBe(true);
  });
});

describe('failures', () => {
  it("show the server's reasons when it names them", () => {
    const details = [{ path: 'body.recipients', message: 'A message is sent to at least one recipient or group' }];
    expect(describeFailure(new ApiError('Request failed', 400, 'ValidationError', 'Validation error', details))).toBe('A message is sent to at least one recipient or group');
    expect(describeFailure(new ApiError('Request failed', 403, 'AccessDenied', 'Access denied'))).toBe('Access denied');
  });
});

describe('IFrame height', () => {
  it('is an integer of at least 600, else the previous value', () => {
    expect(parseIframeHeight('720', 600)).toBe(720);
    expect(parseIframeHeight('800px', 600)).toBe(800);
    expect(parseIframeHeight('599', 640)).toBe(640);
    expect(parseIframeHeight('tall', null)).toBe(null);
  });
});
