// Spec 1 section 4: a play-log sample is written when more than 5 s have passed since the last
// one, or when the play time moved backwards by more than 1 s between two readings of the
// player (a seek back or a restart): the jump is a fact the play derivation needs.

export const sampleIntervalMs = 5000;
export const backwardsToleranceSeconds = 1;

export interface SamplePoint {
  /** Wall clock, ms. */
  at: number;
  /** Seconds into the file. */
  position: number;
}

/**
 * @param lastSampleAt wall clock of the last sample of this file, null when none yet
 * @param previousPosition the player's position at its previous reading, null when none
 */
export function shouldSample(lastSampleAt: number | null, previousPosition: number | null, now: SamplePoint): boolean {
  if (lastSampleAt === null) return true;
  if (now.at - lastSampleAt > sampleIntervalMs) return true;
  return previousPosition !== null && previousPosition - now.position > backwardsToleranceSeconds;
}
