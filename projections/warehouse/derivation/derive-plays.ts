import type { UsageRules } from '../../../schemas/events/usage-rules.ts';
import { playIdOf } from './ids.ts';
import type { ItemType, PlaySampleRow, PlaySourceName } from './types.ts';

// Play samples to plays (DOMAIN.md section 3). Everything is in integer milliseconds so that
// lengths are exact and independent of the order in which the samples arrived.

/** A play before it is placed in a session; `end` and `start` are epoch ms, `listenedMs` exact. */
export interface RawPlay {
  playId: string;
  itemType: ItemType;
  audioFileId: number;
  start: number;
  end: number;
  listenedMs: number;
  playSource: PlaySourceName | null;
  manualStart: boolean;
  categoryId: number | null;
  sampleCount: number;
}

/**
 * A position below this after a larger one, on a manually started sample, is a restart of the same
 * file (a new play). 5 s, because the browser writes a sample at most every 5 s: a restart is the
 * first sample of the new run, so it lands within the first 5 s of the file.
 */
export const restartNearZeroMs = 5_000;
/** The browser writes a backwards sample only when time moved back by more than 1 s (spec 1, section 4). */
const backwardsJitterMs = 1_000;

const positionMs = (seconds: number) => Math.round(seconds * 1000);
const sourceKey = (s: PlaySourceName | null) => s ?? '';

/** Total order on samples: client time, then position (the brief), then every other field, so ties never depend on arrival order. */
export function compareSamples(a: PlaySampleRow, b: PlaySampleRow): number {
  return (
    a.clientTime - b.clientTime ||
    a.position - b.position ||
    a.audioFileId - b.audioFileId ||
    cmp(sourceKey(a.playSource), sourceKey(b.playSource)) ||
    cmp(a.itemType, b.itemType) ||
    cmp(a.eventId, b.eventId)
  );
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** DOMAIN.md section 2: a sample is identified by (user, client time, file id, position, play source). */
const sampleIdentity = (s: PlaySampleRow) => `${s.clientTime}|${s.audioFileId}|${s.position}|${sourceKey(s.playSource)}`;

const sameFact = (a: PlaySampleRow, b: PlaySampleRow) =>
  a.clientTime === b.clientTime && a.audioFileId === b.audioFileId && a.position === b.position && a.playSource === b.playSource;

/** Sorted, with duplicate facts removed (the first in the total order wins, so the choice is stable). */
export function orderedUniqueSamples(samples: readonly PlaySampleRow[]): PlaySampleRow[] {
  const sorted = [...samples].sort(compareSamples);
  // The identity fields lead the sort key, so duplicates are adjacent.
  return sorted.filter((s, i) => i === 0 || !sameFact(sorted[i - 1]!, s));
}

/**
 * Runs kept together at a switch: the browser writes the last sample of the file it leaves and the
 * first of the file it starts in the same millisecond, and ordering that tie by position alone put
 * the new file's position 0 first, cutting both plays in two. Among samples of one client time,
 * those continuing the sample before them come first. That sample is fixed by the total order and
 * lies within maxPause (or nothing continues it), so the result depends only on the samples within
 * maxPause: what a derivation window always loads.
 */
function keepRunsTogether(ordered: readonly PlaySampleRow[], maxPauseMs: number): PlaySampleRow[] {
  const result: PlaySampleRow[] = [];
  for (let start = 0; start < ordered.length; ) {
    let end = start + 1;
    while (end < ordered.length && ordered[end]!.clientTime === ordered[start]!.clientTime) end++;
    const tie = ordered.slice(start, end);
    const before = result.at(-1);
    const continues = (s: PlaySampleRow) => before !== undefined && continuesPlay(before, s, maxPauseMs);
    // A stable partition keeps the total order inside each part.
    result.push(...tie.filter(continues), ...tie.filter((s) => !continues(s)));
    start = end;
  }
  return result;
}

function continuesPlay(a: PlaySampleRow, b: PlaySampleRow, maxPauseMs: number): boolean {
  if (a.audioFileId !== b.audioFileId || a.itemType !== b.itemType) return false;
  if (b.clientTime - a.clientTime > maxPauseMs) return false;
  const restarted =
    b.manualStart && positionMs(b.position) < restartNearZeroMs && positionMs(a.position) - positionMs(b.position) > backwardsJitterMs;
  return !restarted;
}

export function derivePlays(userId: number, samples: readonly PlaySampleRow[], rules: UsageRules): RawPlay[] {
  const maxPauseMs = rules.maxPauseSeconds * 1000;
  const ordered = keepRunsTogether(orderedUniqueSamples(samples), maxPauseMs);
  const plays: RawPlay[] = [];
  let current: RawPlay | null = null;
  let previous: PlaySampleRow | null = null;
  for (const s of ordered) {
    if (current && previous && continuesPlay(previous, s, maxPauseMs)) {
      // Seeking forward counts at most the wall time that passed; seeking back counts nothing.
      const moved = Math.max(positionMs(s.position) - positionMs(previous.position), 0);
      current.listenedMs += Math.min(moved, s.clientTime - previous.clientTime);
      current.end = s.clientTime;
      current.sampleCount += 1;
      current.categoryId ??= s.categoryId;
    } else {
      current = {
        playId: playIdOf(userId, `${sampleIdentity(s)}|${s.itemType}`),
        itemType: s.itemType,
        audioFileId: s.audioFileId,
        start: s.clientTime,
        end: s.clientTime,
        listenedMs: 0,
        playSource: s.playSource,
        manualStart: s.manualStart,
        categoryId: s.categoryId,
        sampleCount: 1,
      };
      plays.push(current);
    }
    previous = s;
  }
  return plays;
}
