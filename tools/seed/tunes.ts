import { seededRandom } from '../seeded-random.ts';
import { envelopes, hat, kick, midiToHz, tone, type Envelope, type Signal, type Voice } from './synth.ts';

// Melodies for the demo library: a few well-known public-domain tunes written out by hand, and a
// small composer that writes new ones from chord progressions. An arranger adds bass and chords
// chosen to fit the melody bar by bar.

export interface Note {
  /** MIDI note number, or null for a rest. */
  midi: number | null;
  beats: number;
}

export interface Tune {
  beatsPerBar: number;
  /** MIDI number of the key's tonic (any octave) and its mode, for harmonising. */
  tonic: number;
  minor: boolean;
  notes: Note[];
}

const pitchClasses: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** 'C4 D4:0.5 Eb4:2 r:1' - name, accidental, octave, optional beats (default 1); '|' is ignored. */
export function parseNotes(text: string): Note[] {
  return text
    .split(/\s+/)
    .filter((token) => token && token !== '|')
    .map((token) => {
      const [pitch, beats = '1'] = token.split(':');
      if (pitch === 'r') return { midi: null, beats: Number(beats) };
      const match = /^([A-G])([#b]?)(\d)$/.exec(pitch ?? '');
      if (!match) throw new Error(`Bad note ${token}`);
      const accidental = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0;
      return { midi: 12 * (Number(match[3]) + 1) + (pitchClasses[match[1]!] ?? 0) + accidental, beats: Number(beats) };
    });
}

const known = (beatsPerBar: number, notes: string, minor = false): Tune => ({ beatsPerBar, tonic: 60, minor, notes: parseNotes(notes) });

/** Traditional and long out-of-copyright melodies, all in C. */
export const knownTunes = {
  frereJacques: known(4, 'C4 D4 E4 C4 | C4 D4 E4 C4 | E4 F4 G4:2 | E4 F4 G4:2 | G4:0.5 A4:0.5 G4:0.5 F4:0.5 E4 C4 | G4:0.5 A4:0.5 G4:0.5 F4:0.5 E4 C4 | C4 G3 C4:2 | C4 G3 C4:2'),
  twinkle: known(4, 'C4 C4 G4 G4 | A4 A4 G4:2 | F4 F4 E4 E4 | D4 D4 C4:2 | G4 G4 F4 F4 | E4 E4 D4:2 | G4 G4 F4 F4 | E4 E4 D4:2 | C4 C4 G4 G4 | A4 A4 G4:2 | F4 F4 E4 E4 | D4 D4 C4:2'),
  odeToJoy: known(4, 'E4 E4 F4 G4 | G4 F4 E4 D4 | C4 C4 D4 E4 | E4:1.5 D4:0.5 D4:2 | E4 E4 F4 G4 | G4 F4 E4 D4 | C4 C4 D4 E4 | D4:1.5 C4:0.5 C4:2'),
  amazingGrace: known(3, 'r:2 G3 | C4:2 E4:0.5 C4:0.5 | E4:2 D4 | C4:2 A3 | G3:2 G3 | C4:2 E4:0.5 C4:0.5 | E4:2 D4 | G4:3 | r:2 E4 | G4:1.5 E4:0.5 G4:0.5 E4:0.5 | C4:2 G3 | A3:1.5 C4:0.5 C4:0.5 A3:0.5 | G3:2 G3 | C4:2 E4:0.5 C4:0.5 | E4:2 D4 | C4:3'),
  jingleBells: known(4, 'E4 E4 E4:2 | E4 E4 E4:2 | E4 G4 C4:1.5 D4:0.5 | E4:4 | F4 F4 F4:1.5 F4:0.5 | F4 E4 E4 E4:0.5 E4:0.5 | E4 D4 D4 E4 | D4:2 G4:2 | E4 E4 E4:2 | E4 E4 E4:2 | E4 G4 C4:1.5 D4:0.5 | E4:4 | F4 F4 F4 F4 | F4 E4 E4 E4:0.5 E4:0.5 | G4 G4 F4 D4 | C4:4'),
  happyBirthday: known(3, 'r:2 G3:0.75 G3:0.25 | A3 G3 C4 | B3:2 G3:0.75 G3:0.25 | A3 G3 D4 | C4:2 G3:0.75 G3:0.25 | G4 E4 C4 | B3 A3 F4:0.75 F4:0.25 | E4 C4 D4 | C4:3'),
  minuetInG: known(3, 'D5 G4:0.5 A4:0.5 B4:0.5 C5:0.5 | D5 G4 G4 | E5 C5:0.5 D5:0.5 E5:0.5 F#5:0.5 | G5 G4 G4 | C5 D5:0.5 C5:0.5 B4:0.5 A4:0.5 | B4 C5:0.5 B4:0.5 A4:0.5 G4:0.5 | F#4 G4:0.5 A4:0.5 B4:0.5 G4:0.5 | A4:3'),
} satisfies Record<string, Tune>;
export type KnownTune = keyof typeof knownTunes;

// ---- Composer ------------------------------------------------------------------------------

const majorScale = [0, 2, 4, 5, 7, 9, 11];
const minorScale = [0, 2, 3, 5, 7, 8, 10];

/** Scale degree (0 = tonic, may be negative or above 6) to MIDI. */
function degreeToMidi(tonic: number, minor: boolean, degree: number): number {
  const scale = minor ? minorScale : majorScale;
  const octave = Math.floor(degree / 7);
  return tonic + 12 * octave + scale[((degree % 7) + 7) % 7]!;
}

const progressions = {
  major: [[0, 3, 4, 0], [0, 5, 3, 4], [0, 4, 5, 3], [0, 3, 0, 4], [0, 1, 4, 0]],
  minor: [[0, 3, 4, 0], [0, 5, 2, 4], [0, 3, 6, 2], [0, 6, 5, 4]],
};

const rhythms: Record<3 | 4, number[][]> = {
  3: [[1, 1, 1], [2, 1], [1.5, 0.5, 1], [1, 0.5, 0.5, 1]],
  4: [[1, 1, 1, 1], [2, 1, 1], [1, 1, 2], [0.5, 0.5, 1, 1, 1], [1.5, 0.5, 1, 1], [1, 0.5, 0.5, 2]],
};

/** An A-B-A tune of three eight-bar phrases, the same for the same seed. */
export function composeTune(seed: number, options: { beatsPerBar: 3 | 4; minor: boolean; tonic: number }): Tune {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const { beatsPerBar, minor, tonic } = options;
  let degree = 4;

  const phrase = (): Note[] => {
    const chords = [...pick(progressions[minor ? 'minor' : 'major']), ...pick(progressions[minor ? 'minor' : 'major'])];
    const motif = pick(rhythms[beatsPerBar]);
    const notes: Note[] = [];
    chords.forEach((root, bar) => {
      const last = bar === chords.length - 1;
      if (last) {
        degree = random() < 0.5 ? 0 : 7;
        notes.push({ midi: degreeToMidi(tonic, minor, degree), beats: beatsPerBar });
        return;
      }
      const rhythm = bar % 2 === 0 ? motif : pick(rhythms[beatsPerBar]);
      rhythm.forEach((beats, i) => {
        if (i === 0) {
          // Strong beat: the chord tone nearest the previous note.
          const chordTones = [root, root + 2, root + 4].flatMap((d) => [d - 7, d, d + 7]);
          degree = chordTones.reduce((best, d) => (Math.abs(d - degree) < Math.abs(best - degree) ? d : best));
        } else {
          degree += pick([-2, -1, -1, 1, 1, 2]);
        }
        degree = Math.max(-3, Math.min(9, degree));
        notes.push({ midi: degreeToMidi(tonic, minor, degree), beats });
      });
    });
    return notes;
  };

  const a = phrase();
  const b = phrase();
  return { beatsPerBar, tonic, minor, notes: [...a, ...b, ...a] };
}

// ---- Arranger ------------------------------------------------------------------------------

export type Style = 'waltz' | 'march' | 'ballad' | 'hymn' | 'polka' | 'lullaby';

export interface Arrangement {
  bpm: number;
  melody: Voice;
  style: Style;
  transpose?: number;
  /** Kick and hi-hat, for exercise and sing-along programs. */
  drums?: boolean;
}

/** Per bar, the diatonic triad (pitch classes) that covers most of the melody's time. */
function harmonise(tune: Tune): number[][] {
  const scale = tune.minor ? minorScale : majorScale;
  const triads = scale.map((_, d) => [0, 2, 4].map((k) => (tune.tonic + scale[(d + k) % 7]!) % 12));
  const preferred = tune.minor ? [0, 3, 4, 5] : [0, 3, 4, 5, 1];
  const bars: number[][] = [];
  let position = 0;
  for (const note of tune.notes) {
    const bar = Math.floor(position / tune.beatsPerBar);
    const weights = (bars[bar] ??= new Array<number>(12).fill(0));
    if (note.midi !== null) weights[note.midi % 12]! += note.beats;
    position += note.beats;
  }
  let previous = 0;
  return Array.from(bars, (weights) => {
    let best = previous;
    let bestScore = -1;
    for (const d of preferred) {
      const score = triads[d]!.reduce((sum, pc) => sum + (weights?.[pc] ?? 0), 0) + (d === 0 ? 0.3 : 0) + (d === previous ? 0.1 : 0);
      if (score > bestScore) [best, bestScore] = [d, score];
    }
    previous = best;
    return triads[best]!;
  });
}

/** Plays `tune` once from `startSec`; returns the time it ends. */
export function playTune(out: Signal, startSec: number, tune: Tune, arrangement: Arrangement, random: () => number, gain = 0.5): number {
  const beat = 60 / arrangement.bpm;
  const transpose = arrangement.transpose ?? 0;
  const chords = harmonise(tune);
  const melodyEnvelope = arrangement.style === 'march' || arrangement.style === 'polka' ? envelopes.pluck : envelopes.legato;

  let t = startSec;
  for (const note of tune.notes) {
    if (note.midi !== null) tone(out, t, note.beats * beat, midiToHz(note.midi + transpose), arrangement.melody, gain, melodyEnvelope);
    t += note.beats * beat;
  }

  chords.forEach((triad, bar) => {
    const barStart = startSec + bar * tune.beatsPerBar * beat;
    const pitchClass = (pc: number) => (pc + transpose + 120) % 12;
    const bass = midiToHz(36 + pitchClass(triad[0]!));
    const chord = triad.map((pc) => midiToHz(48 + pitchClass(pc)));
    accompany(out, barStart, beat, tune.beatsPerBar, arrangement.style, bass, chord, gain);
    if (arrangement.drums) {
      for (let b = 0; b < tune.beatsPerBar; b++) {
        if (b % 2 === 0) kick(out, barStart + b * beat, gain * 0.9);
        hat(out, barStart + (b + 0.5) * beat, random, gain * 0.35);
      }
    }
  });
  return t;
}

function accompany(out: Signal, barStart: number, beat: number, beatsPerBar: number, style: Style, bass: number, chord: number[], gain: number): void {
  const strum = (at: number, length: number, voice: Voice, level: number, env: Envelope = envelopes.staccato) => chord.forEach((hz) => tone(out, at, length, hz, voice, gain * level, env));
  const fifth = bass * 1.5;
  switch (style) {
    case 'waltz':
      tone(out, barStart, beat, bass, 'triangle', gain * 0.6, envelopes.bassPluck);
      for (let b = 1; b < beatsPerBar; b++) strum(barStart + b * beat, beat * 0.8, 'kantele', 0.18);
      return;
    case 'march':
    case 'polka':
      for (let b = 0; b < beatsPerBar; b++) {
        if (b % 2 === 0) tone(out, barStart + b * beat, beat, b % 4 === 0 ? bass : fifth, 'triangle', gain * 0.6, envelopes.bassPluck);
        else strum(barStart + b * beat, beat * 0.6, 'kantele', 0.18);
      }
      return;
    case 'ballad':
      tone(out, barStart, beatsPerBar * beat, bass, 'triangle', gain * 0.5, envelopes.soft);
      strum(barStart, beatsPerBar * beat, 'flute', 0.1, envelopes.pad);
      return;
    case 'hymn':
      tone(out, barStart, beatsPerBar * beat, bass, 'organ', gain * 0.4, envelopes.soft);
      strum(barStart, beatsPerBar * beat, 'organ', 0.14, envelopes.soft);
      return;
    case 'lullaby':
      for (let b = 0; b < beatsPerBar; b++) chord.forEach((hz, i) => tone(out, barStart + (b + i / 3) * beat, beat, hz * 2, 'sine', gain * 0.08, envelopes.pluck));
      tone(out, barStart, beatsPerBar * beat, bass, 'sine', gain * 0.4, envelopes.soft);
      return;
    default: {
      const unknown: never = style;
      throw new Error(`Unknown style ${String(unknown)}`);
    }
  }
}

/** Repeats the tune (changing the melody voice on alternate rounds) until `untilSec`. */
export function playTuneUntil(out: Signal, startSec: number, untilSec: number, tune: Tune, arrangement: Arrangement, random: () => number, alternate?: Voice): number {
  let t = startSec;
  let round = 0;
  const length = (tune.notes.reduce((sum, n) => sum + n.beats, 0) * 60) / arrangement.bpm;
  while (t < untilSec) {
    const melody = alternate && round % 2 === 1 ? alternate : arrangement.melody;
    playTune(out, t, tune, { ...arrangement, melody }, random);
    t += length;
    round++;
  }
  return t;
}
