import { babble, bell, chirp, click, envelopes, midiToHz, noiseBed, sampleRate, tone, type Signal } from './synth.ts';
import { knownTunes, playTune, playTuneUntil, type Tune } from './tunes.ts';

// Audio programs of the demo library, one renderer per program kind: music with spoken-sounding
// parts, rhythm and signals, so each content type sounds like what it claims to be.

export const programKinds = ['exercise', 'game', 'news', 'story', 'audioBook', 'spiritual', 'bodyAndMind', 'singAlong', 'theme'] as const;
export type ProgramKind = (typeof programKinds)[number];

const seconds = (out: Signal): number => out.length / sampleRate;

const tuneSeconds = (tune: Tune, bpm: number): number => (tune.notes.reduce((sum, n) => sum + n.beats, 0) * 60) / bpm;

/** The first `bars` bars of a tune. */
function opening(tune: Tune, bars: number): Tune {
  const notes = [];
  let beats = 0;
  for (const note of tune.notes) {
    if (beats >= bars * tune.beatsPerBar) break;
    notes.push(note);
    beats += note.beats;
  }
  return { ...tune, notes };
}

function fanfare(out: Signal, at: number, tonic = 60): number {
  [0, 4, 7, 12].forEach((step, i) => tone(out, at + i * 0.18, i === 3 ? 0.9 : 0.2, midiToHz(tonic + step), 'brass', 0.35, envelopes.legato));
  return at + 1.6;
}

export function renderProgram(kind: ProgramKind, out: Signal, random: () => number, tune: Tune): void {
  const end = seconds(out);
  switch (kind) {
    case 'exercise': {
      bell(out, 0.2, 880);
      let t = babble(out, 1.5, 6, random, { pitchHz: 150 }) + 0.3;
      for (let i = 0; i < 4; i++) click(out, t + i * 0.55, i === 0 ? 1320 : 880);
      t += 2.2;
      playTuneUntil(out, t, end - 8, tune, { bpm: 108, melody: 'clarinet', style: 'march', drums: true }, random, 'brass');
      babble(out, end - 7, 5, random, { pitchHz: 150, rate: 0.9 });
      bell(out, end - 2, 660);
      return;
    }
    case 'game': {
      // Guess the melody: a question signal, the start of a tune, a ticking pause, the answer chime.
      const quiz = Object.values(knownTunes);
      let t = babble(out, 0.5, 4, random, { pitchHz: 170 }) + 0.5;
      for (let round = 0; t < end - 14; round++) {
        [0, 4, 7].forEach((step, i) => tone(out, t + i * 0.15, 0.15, midiToHz(72 + step), 'flute', 0.3, envelopes.staccato));
        t += 0.8;
        t = playTune(out, t, opening(quiz[(round * 2 + Math.floor(random() * 2)) % quiz.length]!, 4), { bpm: 120, melody: 'kantele', style: 'waltz' }, random) + 0.3;
        for (let s = 0; s < 5; s++) click(out, t + s, 2000, 0.3);
        t += 5.2;
        [0, 4, 7].forEach((step) => bell(out, t, midiToHz(79 + step), 0.2));
        t = babble(out, t + 1.2, 2, random, { pitchHz: 170 }) + 0.6;
      }
      return;
    }
    case 'news': {
      let t = fanfare(out, 0.2, 62);
      while (t < end - 6) {
        t = babble(out, t + 0.3, Math.min(12, end - 6 - t), random, { pitchHz: 125, rate: 1.1 });
        [67, 64].forEach((m, i) => tone(out, t + 0.1 + i * 0.2, 0.25, midiToHz(m), 'brass', 0.25, envelopes.staccato));
        t += 0.8;
      }
      fanfare(out, end - 3.5, 62);
      return;
    }
    case 'story':
    case 'audioBook': {
      const pitchHz = kind === 'story' ? 195 : 115;
      const intro = opening(tune, 4);
      let t = kind === 'story' ? playTune(out, 0.2, intro, { bpm: 90, melody: 'kantele', style: 'lullaby' }, random, 0.35) : (bell(out, 0.2, 523), 2);
      while (t < end - 4) {
        // A soft held chord under each paragraph keeps it from sounding like a bare test signal.
        const paragraph = Math.min(14, end - 4 - t);
        tone(out, t, paragraph, midiToHz(tune.tonic - 12), 'sine', 0.05, envelopes.pad);
        t = babble(out, t + 0.4, paragraph, random, { pitchHz, rate: 0.95 }) + 0.8;
      }
      bell(out, end - 3, 523, 0.3);
      return;
    }
    case 'spiritual': {
      // A prayer, whole verses of the hymn that fit, and a closing prayer.
      const hymn = knownTunes.amazingGrace;
      let t = babble(out, 0.5, 8, random, { pitchHz: 130, rate: 0.85 }) + 0.5;
      do t = playTune(out, t, hymn, { bpm: 76, melody: 'organ', style: 'hymn' }, random) + 0.5;
      while (t + tuneSeconds(hymn, 76) < end - 9);
      babble(out, t, end - t - 2, random, { pitchHz: 130, rate: 0.85 });
      return;
    }
    case 'bodyAndMind': {
      // Breathe in for four seconds, out for six: a sea-like swell with a bell at each breath.
      const cycle = 10;
      noiseBed(out, 0, end, random, 0.35, (t) => {
        const phase = t % cycle;
        return phase < 4 ? phase / 4 : 1 - (phase - 4) / 6;
      });
      tone(out, 0, end, midiToHz(tune.tonic - 12), 'sine', 0.12, envelopes.pad);
      tone(out, 0, end, midiToHz(tune.tonic - 5), 'sine', 0.08, envelopes.pad);
      for (let t = 0; t < end - 2; t += cycle) bell(out, t + 0.05, 784, 0.15, 2.5);
      babble(out, 2, Math.min(10, end / 3), random, { pitchHz: 175, rate: 0.75, gain: 0.35 });
      return;
    }
    case 'singAlong': {
      for (let i = 0; i < tune.beatsPerBar; i++) click(out, 0.3 + i * 0.6, i === 0 ? 1320 : 880);
      playTuneUntil(out, 0.3 + tune.beatsPerBar * 0.6, end, tune, { bpm: 100, melody: 'clarinet', style: tune.beatsPerBar === 3 ? 'waltz' : 'polka', drums: true }, random, 'flute');
      return;
    }
    case 'theme': {
      // A spring morning: birds throughout, a spoken introduction, then a tune.
      for (let t = 0.5; t < end - 1; t += 0.7 + random() * 2.5) {
        const from = 2000 + random() * 1200;
        chirp(out, t, from, from + (random() - 0.4) * 1500, 0.08 + random() * 0.1, 0.12);
        if (random() < 0.5) chirp(out, t + 0.15, from * 1.1, from * 0.8, 0.07, 0.1);
      }
      const t = babble(out, 1, Math.min(15, end / 3), random, { pitchHz: 180 }) + 0.5;
      playTuneUntil(out, t, end, tune, { bpm: 92, melody: 'flute', style: 'ballad' }, random);
      return;
    }
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown program ${String(unknown)}`);
    }
  }
}
