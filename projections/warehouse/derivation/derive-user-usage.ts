import type { UsageRules } from '../../../schemas/events/usage-rules.ts';
import { derivePlays } from './derive-plays.ts';
import { deriveSessions, type RawSession } from './derive-sessions.ts';
import { deriveVideoViews } from './derive-video-views.ts';
import { assertTimeZone, localClock } from './local-day.ts';
import type { Play, Session, UserUsage, UserUsageInput, UsageType } from './types.ts';
import { categoryOf, fileOf, mergedContentType, usageTypeOf } from './usage-type.ts';

// The entry point of usage rules v1: one user's raw usage rows in, warehouse rows out. Pure: no
// I/O, no clock (`input.now` stands in for it), and a function of the SET of rows: every step
// sorts by a total order and drops repeated facts, so arrival order, batching and duplicates
// cannot change the result. Rows of a session must all be in the input: the projector feeds
// whole user-days, widened to the neighbouring days a session or play crosses into.

export function deriveUserUsage(input: UserUsageInput, rules: UsageRules, timeZone: string): UserUsage {
  assertTimeZone(timeZone);
  const clock = localClock(timeZone);
  const dayOf = clock.day;
  const rawPlays = derivePlays(input.userId, input.samples, rules);
  const { sessions: rawSessions, recheckAt } = deriveSessions(
    input.userId,
    rawPlays,
    input.sessionStarts,
    input.sessionStops,
    rules,
    input.now,
  );

  const plays: Play[] = [];
  const sessions: Session[] = [];
  for (const raw of rawSessions) {
    const day = dayOf(raw.start);
    const sessionPlays = playsOf(raw, day, input, rules, dayOf);
    plays.push(...sessionPlays);
    sessions.push(sessionRow(input.userId, raw, day, sessionPlays, rules));
  }
  return {
    plays,
    sessions,
    videoViews: deriveVideoViews(input.userId, input.videoActions, rules, clock),
    recheckAt,
  };
}

function playsOf(raw: RawSession, sessionDay: string, input: UserUsageInput, rules: UsageRules, dayOf: (ms: number) => string): Play[] {
  let previousEnd: number | null = null;
  return raw.plays.map((p) => {
    const file = fileOf(p, input.catalogue);
    const category = categoryOf(p.categoryId, file, input.catalogue);
    // Plays may overlap (two players at once); an overlap is no pause.
    const pauseBeforeMs = previousEnd === null ? 0 : Math.max(p.start - previousEnd, 0);
    previousEnd = previousEnd === null ? p.end : Math.max(previousEnd, p.end);
    return {
      userId: input.userId,
      playId: p.playId,
      itemType: p.itemType,
      audioFileId: p.audioFileId,
      fileType: file?.type ?? null,
      day: dayOf(p.start),
      start: p.start,
      end: p.end,
      length: p.listenedMs / 1000,
      pauseInside: (p.end - p.start - p.listenedMs) / 1000,
      possibleLength: file?.lengthSeconds ?? null,
      playSource: p.playSource,
      manualStart: p.manualStart,
      categoryId: category?.categoryId ?? null,
      contentType: mergedContentType(category?.contentType ?? null, rules),
      usageType: usageTypeOf(p, raw.kind, file, rules),
      sessionId: raw.sessionId,
      sessionKind: raw.kind,
      sessionDay,
      pauseBefore: pauseBeforeMs / 1000,
      sampleCount: p.sampleCount,
    };
  });
}

function sessionRow(userId: number, raw: RawSession, day: string, plays: readonly Play[], rules: UsageRules): Session {
  const lengthMs = raw.end === null ? null : raw.end - raw.start;
  const usageMs: Record<UsageType, number> = { GuidedUsage: 0, ContinuousMusic: 0, ContinuousPrograms: 0, OtherUsage: 0 };
  for (const [i, play] of plays.entries()) usageMs[play.usageType] += raw.plays[i]!.listenedMs;
  return {
    userId,
    sessionId: raw.sessionId,
    kind: raw.kind,
    day,
    start: raw.start,
    end: raw.end,
    length: lengthMs === null ? null : lengthMs / 1000,
    closedBy: raw.closedBy,
    residentIds: raw.residentIds,
    activityIds: raw.activityIds,
    outdoors: raw.outdoors,
    short: lengthMs === null || lengthMs < rules.shortSessionSeconds * 1000,
    playCount: plays.length,
    guidedSeconds: usageMs.GuidedUsage / 1000,
    continuousMusicSeconds: usageMs.ContinuousMusic / 1000,
    continuousProgramsSeconds: usageMs.ContinuousPrograms / 1000,
    otherSeconds: usageMs.OtherUsage / 1000,
  };
}
