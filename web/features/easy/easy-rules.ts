// The rules of the easy-mode screen (spec 1 sections 1 and 4), pure so they are tested alone.

/** Spec 1 section 1: the greeting by the hour, bands 6-10, 10-12, 12-14, 14-18, 18-21 and 21-06. */
export const greetingBands = [
  { from: 6, to: 10, text: 'Good morning' },
  { from: 10, to: 12, text: 'Good late morning' },
  { from: 12, to: 14, text: 'Good day' },
  { from: 14, to: 18, text: 'Good afternoon' },
  { from: 18, to: 21, text: 'Good evening' },
] as const;
export const nightGreeting = 'Good night';

export type Greeting = (typeof greetingBands)[number]['text'] | typeof nightGreeting;

/** The hour (0-23) of `at` in the user's time zone; Helsinki when the zone is unknown. */
export function hourIn(timeZone: string, at: Date): number {
  const hourOf = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }).format(at));
  try {
    return hourOf(timeZone);
  } catch {
    return hourOf('Europe/Helsinki');
  }
}

/** The greeting (an i18n key) for an hour of the day; a band includes its start, not its end. */
export function greetingFor(hour: number): Greeting {
  return greetingBands.find((band) => hour >= band.from && hour < band.to)?.text ?? nightGreeting;
}

export interface Rating {
  /** When the rating was made (ISO). */
  time: string;
  score: number;
}

/** Spec 1 section 9: this many -1 ratings in a row take a file off the easy list. */
export const dislikeRemovalCount = 3;

/**
 * Spec 1 section 4: an audio file leaves the easy list when its latest 3 or more ratings since it
 * joined the list are all -1. Ratings from before it joined (or joined again) do not count.
 */
export function shouldLeaveEasyList(ratings: readonly Rating[], joinedAt: string): boolean {
  const joined = Date.parse(joinedAt);
  const since = ratings.filter((r) => Date.parse(r.time) >= joined).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const latest = since.slice(-dislikeRemovalCount);
  return latest.length === dislikeRemovalCount && latest.every((r) => r.score === -1);
}

/**
 * "A rating is sent only if the item has no rating yet": one rating per play of an item. A play is
 * the item and the time the player started it, so the same piece may be rated again next time.
 */
export const playKey = (audioFileId: number, startedAt: string): string => `${audioFileId}@${startedAt}`;

export type EasySubMode = 'recommendation' | 'favorites';

/** What the like button does (spec 1 section 4): in recommendation mode it also adds to the easy list. */
export function likeActions(subMode: EasySubMode, inEasyList: boolean, rated: boolean): { addToList: boolean; rate: boolean } {
  return { addToList: subMode === 'recommendation' && !inEasyList, rate: !rated };
}
