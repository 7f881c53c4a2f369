import { newSessionToken, startSession } from '../../../infra/auth/sessions.ts';
import { signSessionJwt, type Session } from '../../../infra/auth/session.ts';
import { usageLogBody, type UsageLogDataInput } from '../../../schemas/api/usage-log.ts';
import type { TestApp, TestUser } from '../../support/build-test-app.ts';

// Shared by the usage, evaluation and target tests: a settable clock, library rows, and posting
// usage logs and typed requests the way the browser does.

export function testClock(start: string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (iso: string) => void (current = new Date(iso)),
    /** ISO time `seconds` after the clock's current time. */
    at: (seconds: number) => new Date(current.getTime() + seconds * 1000).toISOString(),
  };
}

export async function insertAudioFiles(t: TestApp, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await t.sql.query<{ id: number }>("INSERT INTO audio_files (name, length) VALUES ($1, 180) RETURNING id", [`Tune ${i}`]);
    ids.push(Number(row!.id));
  }
  return ids;
}

let videoCount = 0;

/** A video of the files table (metadata only, like the demo's), for video logs to name. */
export async function insertVideoFile(t: TestApp, name: string): Promise<number> {
  const [row] = await t.sql.query<{ id: number }>(
    "INSERT INTO files (name, content_type, object_key, has_object) VALUES ($1, 'video/mp4', $2, false) RETURNING id",
    [name, `test/video-${process.pid}-${++videoCount}`],
  );
  return Number(row!.id);
}

/** Rows of the message item read model, for message item clicks to name. */
/**
 * Items of the messages read model written straight into its views, on a message `ownerId` owns
 * (id `messageId`, 0 by default), so that user sees them: their opens and evaluations are accepted.
 */
export async function insertMessageItems(
  t: TestApp,
  ownerId: number,
  items: readonly { id: number; type?: string; contentType?: string | null }[],
  messageId = 0,
): Promise<void> {
  await t.sql.query(`INSERT INTO messages (id, user_id, title, created_at, stream_version) VALUES ($1, $2, 'Test message', now(), 0) ON CONFLICT (id) DO NOTHING`, [messageId, ownerId]);
  for (const item of items) {
    await t.sql.query('INSERT INTO message_items (id, message_id, type, content_type) VALUES ($1, $2, $3, $4)', [item.id, messageId, item.type ?? 'Link', item.contentType ?? null]);
  }
}

export const postUsageLog = (t: TestApp, headers: Record<string, string>, data: UsageLogDataInput) =>
  t.app.inject({ method: 'POST', url: '/api/usage-log', headers, payload: usageLogBody(data) });

export const postRaw = (t: TestApp, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/usage-log', headers, payload: payload as object });

export const typedRequest = (t: TestApp, headers: Record<string, string>, type: string, props: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/requests/${type}`, headers, payload: props as object });

/**
 * A bearer token for a session the login route does not hand out (the admin-password login). The
 * session row is written as a login would, since a signed token alone names no live session.
 */
export async function adminFlagHeaders(t: TestApp, user: TestUser, now: Date): Promise<Record<string, string>> {
  const session: Session = { userId: user.id, sessionToken: newSessionToken(), admin: true, publicReport: false, loginTime: now.toISOString() };
  await startSession(t.sql, { token: session.sessionToken, userId: user.id, kind: 'password', at: now });
  return { authorization: `Bearer ${await signSessionJwt(session, 'test-jwt-secret-of-enough-length!', now)}` };
}

export const usageEvents = (t: TestApp, userId: number) => t.store.readStream(`usage-${userId}`);
