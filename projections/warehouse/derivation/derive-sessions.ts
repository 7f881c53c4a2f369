import type { UsageRules } from '../../../schemas/events/usage-rules.ts';
import type { RawPlay } from './derive-plays.ts';
import { implicitSessionIdOf } from './ids.ts';
import type { ClosedBy, SessionKind, SessionStartRow, SessionStopRow } from './types.ts';

// Plays to sessions (DOMAIN.md section 3). Decisions where the domain text is silent (also in
// docs/warehouse-rules.md):
// - Explicit sessions never overlap: a later UsageSessionStarted ends the open one at its start
//   (closedBy nextSession). The browser has one active session at a time, so overlap only comes
//   from a lost stop.
// - A stop with a session id closes that session at its first stop at or after its start. A stop
//   with a null id closes the latest session started strictly before it.
// - Without a stop, the idle rule runs from the session start: if no play starts within
//   maxPauseSeconds of the start (or of the previous play's end) the session has ended at its last
//   play's end, and later plays are implicit. With no play at all it has no end (hidden).
// - An implicit session never spans an explicit session's start: plays before and after an
//   explicit session are separate visits even when the gap is short.

export interface RawSession {
  sessionId: string;
  kind: SessionKind;
  start: number;
  end: number | null;
  closedBy: ClosedBy;
  residentIds: number[];
  activityIds: number[];
  outdoors: boolean;
  /** in play order (start, playId) */
  plays: RawPlay[];
}

export interface SessionAssignment {
  sessions: RawSession[];
  recheckAt: number | null;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const comparePlays = (a: RawPlay, b: RawPlay) => a.start - b.start || cmp(a.playId, b.playId);

/** One start per session id: the earliest (then smallest event id), so duplicates and retries collapse. */
function uniqueStarts(starts: readonly SessionStartRow[]): SessionStartRow[] {
  const byId = new Map<string, SessionStartRow>();
  for (const s of starts) {
    const seen = byId.get(s.sessionId);
    if (!seen || s.clientTime < seen.clientTime || (s.clientTime === seen.clientTime && s.eventId < seen.eventId)) byId.set(s.sessionId, s);
  }
  return [...byId.values()].sort((a, b) => a.clientTime - b.clientTime || cmp(a.sessionId, b.sessionId));
}

/** Earliest stop time per started session; a minimum, so the order and repetition of stops never matter. */
function stopTimes(starts: readonly SessionStartRow[], stops: readonly SessionStopRow[]): (number | null)[] {
  const index = new Map(starts.map((s, i) => [s.sessionId, i]));
  const result: (number | null)[] = starts.map(() => null);
  const keepEarliest = (i: number, t: number) => {
    const current = result[i];
    result[i] = current === null || current === undefined ? t : Math.min(current, t);
  };
  for (const stop of stops) {
    if (stop.sessionId !== null) {
      const i = index.get(stop.sessionId);
      if (i !== undefined && stop.clientTime >= starts[i]!.clientTime) keepEarliest(i, stop.clientTime);
      continue;
    }
    const i = latestStartedBefore(starts, stop.clientTime);
    if (i >= 0) keepEarliest(i, stop.clientTime);
  }
  return result;
}

function latestStartedBefore(starts: readonly SessionStartRow[], time: number): number {
  let lo = 0;
  let hi = starts.length; // first index with start >= time
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]!.clientTime < time) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export function deriveSessions(
  userId: number,
  playsInput: readonly RawPlay[],
  startsInput: readonly SessionStartRow[],
  stops: readonly SessionStopRow[],
  rules: UsageRules,
  now: number,
): SessionAssignment {
  const plays = [...playsInput].sort(comparePlays);
  const starts = uniqueStarts(startsInput);
  const stopAt = stopTimes(starts, stops);
  const maxPauseMs = rules.maxPauseSeconds * 1000;
  const owned = new Set<RawPlay>();
  const sessions: RawSession[] = [];
  let recheckAt: number | null = null;
  let p = 0; // plays before this index start before the current explicit session

  starts.forEach((s, i) => {
    const nextStart = starts[i + 1]?.clientTime ?? null;
    const stop = stopAt[i] ?? null;
    const session: RawSession = {
      sessionId: s.sessionId,
      kind: 'explicit',
      start: s.clientTime,
      end: null,
      closedBy: null,
      residentIds: [...new Set(s.residentIds)].sort((a, b) => a - b),
      activityIds: [...new Set(s.activityIds)].sort((a, b) => a - b),
      outdoors: s.outdoors,
      plays: [],
    };
    sessions.push(session);
    while (p < plays.length && plays[p]!.start < s.clientTime) p++;

    if (stop !== null) {
      // A stopped session owns every play starting inside it, however long the pauses.
      const stoppedBy: ClosedBy = nextStart === null || stop <= nextStart ? 'stop' : 'nextSession';
      session.end = stoppedBy === 'stop' ? stop : nextStart;
      session.closedBy = stoppedBy;
      for (let q = p; q < plays.length && plays[q]!.start < session.end!; q++) session.plays.push(plays[q]!);
    } else {
      const limit = nextStart ?? Number.POSITIVE_INFINITY;
      let lastActivity = s.clientTime;
      let idled = false;
      for (let q = p; q < plays.length && plays[q]!.start < limit; q++) {
        const play = plays[q]!;
        if (play.start - lastActivity > maxPauseMs) {
          idled = true;
          break;
        }
        session.plays.push(play);
        lastActivity = Math.max(lastActivity, play.end);
      }
      if (session.plays.length > 0) {
        const idleAt = nextStart ?? now;
        if (idled || idleAt - lastActivity > maxPauseMs) {
          session.end = lastActivity;
          session.closedBy = 'idle';
        } else if (nextStart !== null) {
          session.end = nextStart;
          session.closedBy = 'nextSession';
        } else {
          // Still open: only the passing of time (no new event) can close it.
          recheckAt = lastActivity + maxPauseMs + 1;
        }
      }
    }
    for (const play of session.plays) owned.add(play);
  });

  sessions.push(...implicitSessions(userId, plays.filter((play) => !owned.has(play)), starts, maxPauseMs));
  sessions.sort((a, b) => a.start - b.start || cmp(a.sessionId, b.sessionId));
  return { sessions, recheckAt };
}

function implicitSessions(userId: number, plays: readonly RawPlay[], starts: readonly SessionStartRow[], maxPauseMs: number): RawSession[] {
  const sessions: RawSession[] = [];
  let current: RawSession | null = null;
  let previousStart = 0;
  for (const play of plays) {
    const explicitBetween = current !== null && latestStartedBefore(starts, play.start + 1) > latestStartedBefore(starts, previousStart + 1);
    if (!current || play.start - current.end! > maxPauseMs || explicitBetween) {
      current = {
        sessionId: implicitSessionIdOf(userId, play.playId),
        kind: 'implicit',
        start: play.start,
        end: play.end,
        closedBy: 'implicit',
        residentIds: [],
        activityIds: [],
        outdoors: false,
        plays: [],
      };
      sessions.push(current);
    }
    current.plays.push(play);
    current.end = Math.max(current.end!, play.end);
    previousStart = play.start;
  }
  return sessions;
}
