// Pure rules of the audio list player (spec 1 section 4), kept apart so they are unit tested.

export const previousRestartSeconds = 3;

/** Previous restarts the track after more than 3 s of play, or on the first item. */
export function previousAction(positionInOrder: number, currentTime: number): 'restart' | 'previous' {
  return currentTime > previousRestartSeconds || positionInOrder <= 0 ? 'restart' : 'previous';
}

/** The queue index to play when a file ends, or null to stop. */
export function nextIndex(input: { index: number; length: number; continuous: boolean; shuffleOrder: number[] | null }): number | null {
  if (!input.continuous) return null;
  if (input.shuffleOrder && input.shuffleOrder.length) {
    const at = input.shuffleOrder.indexOf(input.index);
    return at >= 0 && at < input.shuffleOrder.length - 1 ? (input.shuffleOrder[at + 1] ?? null) : null;
  }
  return input.index + 1 < input.length ? input.index + 1 : null;
}

/** A random permutation of 0..length-1 with `first` (when in range) fixed first. */
export function shuffledOrder(length: number, first?: number, random: () => number = Math.random): number[] {
  const rest = Array.from({ length }, (_, index) => index).filter((index) => index !== first);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return first !== undefined && first >= 0 && first < length ? [first, ...rest] : rest;
}
