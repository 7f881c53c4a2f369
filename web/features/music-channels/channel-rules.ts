// The music channel's rules (spec 1 section 4, spec 2 section 9): which piece comes next given the
// checked categories, what the last similarity query brought, what this run has played and the
// time left. Pure: the runner hands in the clock's reading, so a test can move time freely.

/** Spec 1 section 9: the durations offered, in seconds. */
export const channelDurations = [1800, 3600, 7200] as const;
export type ChannelDuration = (typeof channelDurations)[number];

/** The page's button for each duration (spec 1 section 2), as i18n keys. */
export const durationLabels: Record<ChannelDuration, string> = {
  1800: 'Play music channel 1/2h',
  3600: 'Play music channel 1h',
  7200: 'Play music channel 2h',
};

/** Spec 2 section 9: a similarity query fetches up to 5 audio files per category. */
export const piecesPerCategory = 5;

/** One piece of a similarity query's answer, under the checked category it was found for. */
export interface Candidate<T extends { id: number }> {
  categoryId: number;
  piece: T;
}

/** A piece this run has played, oldest first. */
export interface Played {
  id: number;
  categoryId: number;
}

export interface ChannelInput<T extends { id: number }> {
  categoryIds: readonly number[];
  /** The last similarity query's answer; null before the first one. */
  candidates: ReadonlyArray<Candidate<T>> | null;
  /** True when the candidates were fetched after the last piece started: asking again brings nothing new. */
  fresh: boolean;
  history: readonly Played[];
  remainingSeconds: number;
}

export type ChannelStep<T> =
  | { kind: 'play'; piece: T; categoryId: number }
  /** Ask the server for a new random pick (the candidates are used up, or there are none yet). */
  | { kind: 'fetch' }
  | { kind: 'stop'; reason: 'noCategories' | 'timeUp' | 'noMusic' };

/** Seconds left of a channel started at `startedAt` (ms) for `durationSeconds`, at `now` (ms); never below 0. */
export function remainingSeconds(startedAt: number, durationSeconds: number, now: number): number {
  return Math.max(0, (startedAt + durationSeconds * 1000 - now) / 1000);
}

/**
 * The next step of the channel. No piece plays twice in a row; a piece this run has not played
 * yet wins over one it has, and the categories take turns (the one after the last piece's
 * category first, in checklist order). When only played pieces are left, one new pick is asked
 * for; if that brings nothing unplayed either (a small category), the piece played longest ago
 * comes again. Time left of 0 or less stops the channel (spec 1 section 4: the next piece plays
 * only if play time is left).
 */
export function nextStep<T extends { id: number }>(input: ChannelInput<T>): ChannelStep<T> {
  if (input.categoryIds.length === 0) return { kind: 'stop', reason: 'noCategories' };
  if (input.remainingSeconds <= 0) return { kind: 'stop', reason: 'timeUp' };
  if (input.candidates === null) return { kind: 'fetch' };

  const last = input.history.at(-1);
  const checked = new Set(input.categoryIds);
  const pool = input.candidates.filter((c) => checked.has(c.categoryId) && c.piece.id !== last?.id);
  if (pool.length === 0) return input.fresh ? { kind: 'stop', reason: 'noMusic' } : { kind: 'fetch' };

  const played = new Set(input.history.map((p) => p.id));
  const unplayed = pool.filter((c) => !played.has(c.piece.id));
  if (unplayed.length > 0) {
    for (const categoryId of categoryTurns(input.categoryIds, last?.categoryId)) {
      const pick = unplayed.find((c) => c.categoryId === categoryId);
      if (pick) return { kind: 'play', piece: pick.piece, categoryId: pick.categoryId };
    }
  }
  if (!input.fresh) return { kind: 'fetch' };

  // Everything left was played before: the one played longest ago.
  const lastPlayedAt = (id: number) => input.history.findLastIndex((p) => p.id === id);
  const oldest = pool.reduce((best, c) => (lastPlayedAt(c.piece.id) < lastPlayedAt(best.piece.id) ? c : best));
  return { kind: 'play', piece: oldest.piece, categoryId: oldest.categoryId };
}

/** The checked categories in the order they take their turn: the one after `lastCategoryId` first. */
export function categoryTurns(categoryIds: readonly number[], lastCategoryId: number | undefined): number[] {
  const at = lastCategoryId === undefined ? -1 : categoryIds.indexOf(lastCategoryId);
  return categoryIds.map((_, i) => categoryIds[(at + 1 + i) % categoryIds.length]!);
}

/**
 * A similarity query's answer as candidates: each file under the first checked category it
 * belongs to (the answer is grouped by category, a file listed once).
 */
export function candidatesOf<T extends { id: number; categories: ReadonlyArray<{ categoryId: number }> }>(
  categoryIds: readonly number[],
  files: readonly T[],
): Array<Candidate<T>> {
  return files.flatMap((piece) => {
    const categoryId = categoryIds.find((id) => piece.categories.some((c) => c.categoryId === id));
    return categoryId === undefined ? [] : [{ categoryId, piece }];
  });
}
