import type { UsageRules } from '../../../schemas/events/usage-rules.ts';
import { videoViewIdOf } from './ids.ts';
import type { VideoActionRow, VideoView } from './types.ts';

// Video actions to video views (the "Video views" screen: Date, Time, Video, Play time, Pause
// time, Video length). Decisions (also in docs/warehouse-rules.md):
// - A view is a maximal run of actions, ordered like play samples, of one player and file, with no
//   gap above maxPauseSeconds; a 'play' after 'ended', or a 'play' back near 0, starts a new view.
// - Play time counts the stretches that begin with 'play' or 'playing', with the play-sample rule
//   (position moved forward, at most the wall time); pause time is the rest of the view's span.

const nearZeroMs = 5_000;
const ms = (seconds: number) => Math.round(seconds * 1000);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareActions(a: VideoActionRow, b: VideoActionRow): number {
  return (
    a.clientTime - b.clientTime ||
    a.position - b.position ||
    cmp(a.playerId, b.playerId) ||
    a.fileId - b.fileId ||
    cmp(a.action, b.action) ||
    cmp(a.eventId, b.eventId)
  );
}

const actionIdentity = (a: VideoActionRow) => `${a.clientTime}|${a.position}|${a.playerId}|${a.fileId}|${a.action}`;

function continuesView(a: VideoActionRow, b: VideoActionRow, maxPauseMs: number): boolean {
  if (a.playerId !== b.playerId || a.fileId !== b.fileId) return false;
  if (b.clientTime - a.clientTime > maxPauseMs) return false;
  const replayed = b.action === 'play' && (a.action === 'ended' || (ms(b.position) < nearZeroMs && ms(a.position) > ms(b.position) + 1000));
  return !replayed;
}

interface OpenView {
  first: VideoActionRow;
  last: VideoActionRow;
  playMs: number;
  lengthMs: number;
}

/** `clock` is localClock(the user's time zone). */
export function deriveVideoViews(
  userId: number,
  actions: readonly VideoActionRow[],
  rules: UsageRules,
  clock: { day: (ms: number) => string; time: (ms: number) => string },
): VideoView[] {
  const sorted = [...actions].sort(compareActions);
  const maxPauseMs = rules.maxPauseSeconds * 1000;
  const views: OpenView[] = [];
  let current: OpenView | null = null;
  let previousIdentity = '';
  for (const action of sorted) {
    const identity = actionIdentity(action);
    if (identity === previousIdentity) continue; // the same fact delivered twice
    previousIdentity = identity;
    if (current && continuesView(current.last, action, maxPauseMs)) {
      const a = current.last;
      if (a.action === 'play' || a.action === 'playing') {
        current.playMs += Math.min(Math.max(ms(action.position) - ms(a.position), 0), action.clientTime - a.clientTime);
      }
      current.last = action;
      current.lengthMs = Math.max(current.lengthMs, ms(action.totalLength));
    } else {
      current = { first: action, last: action, playMs: 0, lengthMs: ms(action.totalLength) };
      views.push(current);
    }
  }
  return views.map((v) => ({
    userId,
    viewId: videoViewIdOf(userId, actionIdentity(v.first)),
    fileId: v.first.fileId,
    fileName: v.first.fileName,
    playerId: v.first.playerId,
    playSource: v.first.playSource,
    start: v.first.clientTime,
    end: v.last.clientTime,
    day: clock.day(v.first.clientTime),
    time: clock.time(v.first.clientTime),
    playTime: v.playMs / 1000,
    pauseTime: (v.last.clientTime - v.first.clientTime - v.playMs) / 1000,
    videoLength: v.lengthMs / 1000,
  }));
}
