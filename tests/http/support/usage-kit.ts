import { signSessionJwt, type Session } from '../../../infra/http/session.ts';
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

export const postUsageLog = (t: TestApp, headers: Record<string, string>, data: UsageLogDataInput) =>
  t.app.inject({ method: 'POST', url: '/api/usage-log', headers, payload: usageLogBody(data) });

export const postRaw = (t: TestApp, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/usage-log', headers, payload: payload as object });

export const typedRequest = (t: TestApp, headers: Record<string, string>, type: string, props: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/requests/${type}`, headers, payload: props as object });

/** A bearer token for a session the login route does not hand out (the admin-password login). */
export async function adminFlagHeaders(user: TestUser, now: Date): Promise<Record<string, string>> {
  const session: Session = { userId: user.id, sessionToken: `admin-${user.id}`, admin: true, publicReport: false, loginTime: now.toISOString() };
  return { authorization: `Bearer ${await signSessionJwt(session, 'test-jwt-secret-of-enough-length!', now)}` };
}

export const usageEvents = (t: TestApp, userId: number) => t.store.readStream(`usage-${userId}`);
