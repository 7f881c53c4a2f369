import { describe, expect, it } from 'vitest';
import { signVideoChatKey, verifyVideoChatKey, VIDEO_CHAT_KEY_LIFETIME_MS } from './video-chat-key.ts';

describe('video chat access keys', () => {
  const grant = { roomId: 'room-1', messageId: 7, userId: 42 };
  const now = new Date('2026-11-20T10:00:00.000Z');

  it('should open the room it names for its user until it expires', () => {
    const { key, expiresAt } = signVideoChatKey('secret', grant, now);
    expect(expiresAt).toBe(new Date(now.getTime() + VIDEO_CHAT_KEY_LIFETIME_MS).toISOString());
    expect(verifyVideoChatKey('secret', key, new Date(now.getTime() + VIDEO_CHAT_KEY_LIFETIME_MS - 1))).toEqual(grant);
    expect(verifyVideoChatKey('secret', key, new Date(now.getTime() + VIDEO_CHAT_KEY_LIFETIME_MS))).toBe('expired');
  });

  it('should refuse a key signed with another secret, changed, or not a key at all', () => {
    const { key } = signVideoChatKey('secret', grant, now);
    expect(verifyVideoChatKey('other', key, now)).toBe('invalid');
    const [body, signature] = key.split('.');
    const forged = Buffer.from(JSON.stringify({ r: 'room-2', m: 7, u: 42, e: now.getTime() + 60_000 })).toString('base64url');
    expect(verifyVideoChatKey('secret', `${forged}.${signature}`, now)).toBe('invalid');
    expect(verifyVideoChatKey('secret', `${body}.${signature}.x`, now)).toBe('invalid');
    expect(verifyVideoChatKey('secret', '', now)).toBe('invalid');
    expect(verifyVideoChatKey('secret', 'a.b', now)).toBe('invalid');
  });
});
