import type { UsageRules } from '../../../schemas/events/usage-rules.ts';
import type { RawPlay } from './derive-plays.ts';
import { implicitSessionIdOf } from './ids.ts';
import type { ClosedBy, SessionKind, SessionStartRow, SessionStopRow } from './types.ts';

// Plays to sessions (DOMAIN.md section 3, "Settled cases"; also docs/warehouse-rules.md). All by
// client time, never by arrival order:
// - A stop belongs to the latest start at or before it, whatever session id an older client wrote
//   into it; a session with several stops ends at the earliest; a stop before any start is ignored.
//   So a session's own stop always lies before the next start.
// - A stopped session owns every play starting inside [start, stop], however long the pauses.
// - Without a stop, the idle rule runs from the session start: a play starting more than
//   maxPauseSeconds after the start (or after the previous play's end) is no longer the session's,
//   and the session ended at its last play's end. One unit runs one session at a time: a session
//   still open when the next start comes ends at that start (closedBy nextSession), with or
//   without plays. With no play, no stop and no such next start it has no end (hidden).
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

/** Earliest stop time per start; a minimum, so the order and repetition of stops never matter. */
function stopTimes(starts: readonly SessionStartRow[], stops: readonly SessionStopRow[]): (number | null)[] {
  const result: (number | null)[] = starts.map(() => null);
  for (const stop of stops) {
    // The latest start at or before the stop; the session id the stop may carry is not read.
    const i = latestStartedBefore(starts, stop.clientTime + 1);
    if (i < 0) continue;
    const current = result[i];
    result[i] = current === null || current === undefined ? stop.clientTime : Math.min(current, stop.clientTime);
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
      // A stopped session owns every play starting inside [start, stop], however long the pauses.
      // Its stop lies before the next start (a stop belongs to the latest start at or before it).
      session.end = stop;
      session.closedBy = 'stop';
      for (let q = p; q < plays.length && plays[q]!.start <= stop; q++) session.plays.push(plays[q]!);
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
      const openAtNextStart = nextStart !== null && !idled && nextStart - lastActivity <= maxPauseMs;
      if (openAtNextStart) {
        // Still open when the next start comes, with or without plays: ends at that start.
        session.end = nextStart;
        session.closedBy = 'nextSession';
      } else if (session.plays.length > 0) {
        if (idled || nextStart !== null || now - lastActivity > maxPauseMs) {
          session.end = lastActivity;
          session.closedBy = 'idle';
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
