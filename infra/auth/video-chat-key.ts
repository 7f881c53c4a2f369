import { createHmac, timingSafeEqual } from 'node:crypto';

// The access key to one video chat room (POST /api/make-video-chat-access-key, spec 2 section 7):
// the room, the message, the user it was given to and when it expires, signed with a server
// secret. The /ws join checks the signature, the expiry and that the socket's user is the one the
// key names, so a key copied to someone else or kept for later opens nothing. Stateless: any app
// instance verifies a key another made.

const label = 'sointu-video-chat-key-v1';

/** Short: a key is fetched right before joining (and again on each reconnect). */
export const VIDEO_CHAT_KEY_LIFETIME_MS = 2 * 60 * 1000;

export interface VideoChatGrant {
  roomId: string;
  messageId: number;
  userId: number;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`${label}\n${body}`).digest('base64url');

export function signVideoChatKey(secret: string, grant: VideoChatGrant, now: Date): { key: string; expiresAt: string } {
  const expires = now.getTime() + VIDEO_CHAT_KEY_LIFETIME_MS;
  const body = Buffer.from(JSON.stringify({ r: grant.roomId, m: grant.messageId, u: grant.userId, e: expires })).toString('base64url');
  return { key: `${body}.${mac(secret, body)}`, expiresAt: new Date(expires).toISOString() };
}

/** The grant a key carries, or why it opens nothing. */
export function verifyVideoChatKey(secret: string, key: string, now: Date): VideoChatGrant | 'invalid' | 'expired' {
  const [body, signature, ...rest] = key.split('.');
  if (!body || !signature || rest.length > 0) return 'invalid';
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { r?: unknown; m?: unknown; u?: unknown; e?: unknown };
    if (typeof claims.r !== 'string' || typeof claims.m !== 'number' || typeof claims.u !== 'number' || typeof claims.e !== 'number') return 'invalid';
    if (claims.e <= now.getTime()) return 'expired';
    return { roomId: claims.r, messageId: claims.m, userId: claims.u };
  } catch {
    return 'invalid';
  }
}
