import { seededRandom } from '../seeded-random.ts';
import { programKinds, renderProgram, type ProgramKind } from './programs.ts';
import { createSignal, encodeWav, hashSeed, master, sampleRate, type Voice } from './synth.ts';
import { composeTune, knownTunes, playTuneUntil, type Arrangement, type KnownTune, type Tune } from './tunes.ts';

// Real, playable audio for the demo library, generated at seed time (nothing is downloaded):
// 16-bit PCM mono WAV at 8 kHz, about 16 kB per second, whose duration is exactly the file's
// `length` in whole seconds.

export { sampleRate, programKinds, type ProgramKind };

export interface ComposedTune {
  compose: string;
  beatsPerBar: 3 | 4;
  minor: boolean;
  /** MIDI tonic, e.g. 60 for C. */
  tonic: number;
}

export type TuneSource = KnownTune | ComposedTune;

export type AudioSpec =
  | { kind: 'music'; tune: TuneSource; arrangement: Arrangement; alternate?: Voice }
  | { kind: 'program'; program: ProgramKind; tune: TuneSource };

export function resolveTune(source: TuneSource): Tune {
  if (typeof source === 'string') return knownTunes[source];
  return composeTune(hashSeed(source.compose), source);
}

/** Renders `spec` to WAV bytes of exactly `lengthSeconds` (a whole number) seconds. */
export function renderAudio(spec: AudioSpec, lengthSeconds: number, seedText: string): Uint8Array {
  if (!Number.isInteger(lengthSeconds) || lengthSeconds <= 0) throw new Error(`Audio length must be whole seconds: ${lengthSeconds}`);
  const out = createSignal(lengthSeconds);
  const random = seededRandom(hashSeed(seedText));
  const tune = resolveTune(spec.tune);
  if (spec.kind === 'music') playTuneUntil(out, 0.3, lengthSeconds, tune, spec.arrangement, random, spec.alternate);
  else renderProgram(spec.program, out, random, tune);
  return encodeWav(master(out));
}

/** Whole seconds of a 16-bit mono WAV of ours, from its byte size. */
export const wavBytesForSeconds = (seconds: number): number => 44 + seconds * sampleRate * 2;
