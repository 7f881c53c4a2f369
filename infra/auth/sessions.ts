import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_MS } from './session.ts';
import type { Queryable } from '../sql/sql.ts';

// Server-side sessions (DOMAIN.md section 4): the signed cookie and the bearer JWT carry a
// session token, and the `sessions` row keyed by its hash says whether that session still lives.
// Logout, a password change and deactivation end the row, which ends the cookie and every JWT
// issued by the same login at once. The truth is in the database, not in this process, so a
// session ended on one instance is ended on all (no cache: the check is one primary-key read).

export type SessionKind = 'password' | 'token' | 'public-report';
export type SessionEndReason = 'logout' | 'user-deactivated' | 'password-changed' | 'expired';

/** last_seen_at moves at most this often: a write per request would cost more than it tells. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export const newSessionToken = (): string => randomBytes(24).toString('base64url');

/** sha256 hex: what the sessions table and the warehouse's login_log hold instead of the token. */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function startSession(sql: Queryable, session: { token: string; userId: number; kind: SessionKind; at: Date }): Promise<void> {
  const at = session.at.toISOString();
  await sql.query('INSERT INTO sessions (token_hash, user_id, kind, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)', [
    hashSessionToken(session.token),
    session.userId,
    session.kind,
    at,
  ]);
  // Rows of sessions that can no longer be used are kept a while for the record, then dropped here
  // (one user's rows, on that user's login), so the table does not grow with every login forever.
  await sql.query('DELETE FROM sessions WHERE user_id = $1 AND created_at < $2', [session.userId, new Date(session.at.getTime() - 2 * SESSION_LIFETIME_MS).toISOString()]);
}

/** What the session check learns of the user on the way, so no route asks again. */
export interface LiveSession {
  /** config.showOnlyPublicReport (spec 3 section 3): the user reaches only their public report. */
  publicReportOnly: boolean;
}

/**
 * Whether the session named by a verified cookie or JWT is still alive: its row exists, belongs to
 * the user, is not ended, is younger than the session lifetime (one year, spec 1 section 9), and the user is active (so
 * deactivation ends it even where endSessionsOfUser was not called). Touches last_seen_at when due.
 * Null when it is not alive.
 */
export async function isSessionLive(sql: Queryable, session: { userId: number; sessionToken: string }, now: Date): Promise<LiveSession | null> {
  const tokenHash = hashSessionToken(session.sessionToken);
  // A stored flag of another shape than JSON true counts as off, as effectiveConfig reads it.
  const [row] = await sql.query<{ last_seen_at: Date | string; public_report_only: boolean }>(
    `SELECT s.last_seen_at, coalesce(u.config -> 'showOnlyPublicReport' = 'true'::jsonb, false) AS public_report_only
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.created_at > $3 AND u.active`,
    [tokenHash, session.userId, new Date(now.getTime() - SESSION_LIFETIME_MS).toISOString()],
  );
  if (!row) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await sql.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $2', [tokenHash, now.toISOString()]);
  }
  return { publicReportOnly: row.public_report_only };
}

/** Ends one session (logout). Ending an ended session keeps its first end. */
export async function endSession(sql: Queryable, sessionToken: string, reason: SessionEndReason, at: Date): Promise<void> {
  await sql.query('UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE token_hash = $1 AND ended_at IS NULL', [hashSessionToken(sessionToken), at.toISOString(), reason]);
}

/**
 * Ends every open session of a user, everywhere: call it when a password changes or a user is
 * deactivated (DOMAIN.md section 4). Returns how many sessions it ended.
 */
export async function endSessionsOfUser(
  sql: Queryable,
  userId: number,
  reason: SessionEndReason,
  at: Date = new Date(),
  options: { exceptSessionToken?: string } = {},
): Promise<number> {
  // `exceptSessionToken`: the session that changed its own password goes on; every other one ends.
  const ended = await sql.query(
    'UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE user_id = $1 AND ended_at IS NULL AND token_hash IS DISTINCT FROM $4 RETURNING token_hash',
    [userId, at.toISOString(), reason, options.exceptSessionToken === undefined ? null : hashSessionToken(options.exceptSessionToken)],
  );
  return ended.length;
}

/** Ends the public-report visitor sessions a user's rtoken opened: its link was taken back. */
export async function endPublicReportSessions(sql: Queryable, userId: number, at: Date): Promise<number> {
  const ended = await sql.query(
    "UPDATE sessions SET ended_at = $2, end_reason = 'logout' WHERE user_id = $1 AND kind = 'public-report' AND ended_at IS NULL RETURNING token_hash",
    [userId, at.toISOString()],
  );
  return ended.length;
}
