// Small additive synthesizer for the demo library: wavetable voices, envelopes, percussion,
// bells, bird chirps, sea noise and a formant "voice" that sounds like speech in no language.
// Everything is deterministic (seeded random), so the same seed always gives the same bytes.

export const sampleRate = 8000;

export type Signal = Float32Array;

export const createSignal = (seconds: number): Signal => new Float32Array(Math.round(seconds * sampleRate));

export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

// ---- Wavetable voices -------------------------------------------------------------------------

const tableSize = 2048;

function wavetable(harmonics: readonly number[]): Float32Array {
  const table = new Float32Array(tableSize);
  let peak = 0;
  for (let i = 0; i < tableSize; i++) {
    let v = 0;
    harmonics.forEach((amp, h) => (v += amp * Math.sin((2 * Math.PI * (h + 1) * i) / tableSize)));
    table[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  for (let i = 0; i < tableSize; i++) table[i]! /= peak;
  return table;
}

export const voices = {
  sine: wavetable([1]),
  flute: wavetable([1, 0.2, 0.05]),
  clarinet: wavetable([1, 0, 0.45, 0, 0.2, 0, 0.08]),
  triangle: wavetable([1, 0, -1 / 9, 0, 1 / 25, 0, -1 / 49]),
  organ: wavetable([1, 0.55, 0.35, 0.25, 0.1]),
  brass: wavetable([1, 0.75, 0.5, 0.35, 0.2]),
  kantele: wavetable([1, 0.45, 0.25, 0.12]),
} as const;
export type Voice = keyof typeof voices;

export interface Envelope {
  attack: number;
  release: number;
  /** Plucked voices fade exponentially with this time constant (seconds) instead of sustaining. */
  decay?: number;
  /** Vibrato depth as a fraction of the frequency. */
  vibrato?: number;
}

export const envelopes = {
  legato: { attack: 0.03, release: 0.06, vibrato: 0.004 },
  soft: { attack: 0.08, release: 0.15 },
  pluck: { attack: 0.005, release: 0.05, decay: 0.35 },
  bassPluck: { attack: 0.005, release: 0.05, decay: 0.5 },
  staccato: { attack: 0.005, release: 0.03, decay: 0.12 },
  pad: { attack: 0.25, release: 0.3 },
} satisfies Record<string, Envelope>;

/** Adds one note to `out`; notes past the end of the signal are cut. */
export function tone(out: Signal, startSec: number, durationSec: number, hz: number, voice: Voice, gain: number, env: Envelope): void {
  const table = voices[voice];
  const start = Math.round(startSec * sampleRate);
  const length = Math.round(durationSec * sampleRate);
  const end = Math.min(out.length, start + length);
  const attack = Math.max(1, env.attack * sampleRate);
  const release = Math.max(1, Math.min(env.release * sampleRate, length / 2));
  const decayPerSample = env.decay ? Math.exp(-1 / (env.decay * sampleRate)) : 1;
  const step = (hz * tableSize) / sampleRate;
  const vibratoStep = (5.5 * tableSize) / sampleRate;
  const vibrato = env.vibrato ?? 0;
  const sine = voices.sine;
  let phase = 0;
  let decay = 1;
  for (let i = Math.max(0, start); i < end; i++) {
    const n = i - start;
    const left = length - n;
    const shape = (n < attack ? n / attack : left < release ? left / release : 1) * decay;
    out[i]! += gain * shape * table[(phase | 0) & (tableSize - 1)]!;
    phase += vibrato === 0 ? step : step * (1 + vibrato * sine[((n * vibratoStep) | 0) & (tableSize - 1)]!);
    decay *= decayPerSample;
  }
}

// ---- Percussion and effects ---------------------------------------------------------------

export function kick(out: Signal, atSec: number, gain = 0.8): void {
  const start = Math.round(atSec * sampleRate);
  let phase = 0;
  for (let n = 0; n < 0.18 * sampleRate && start + n < out.length; n++) {
    const t = n / sampleRate;
    phase += (2 * Math.PI * (45 + 90 * Math.exp(-t / 0.03))) / sampleRate;
    out[start + n]! += gain * Math.exp(-t / 0.06) * Math.sin(phase);
  }
}

export function hat(out: Signal, atSec: number, random: () => number, gain = 0.25): void {
  const start = Math.round(atSec * sampleRate);
  let previous = 0;
  for (let n = 0; n < 0.06 * sampleRate && start + n < out.length; n++) {
    const noise = random() * 2 - 1;
    out[start + n]! += gain * Math.exp(-n / (0.012 * sampleRate)) * (noise - previous); // first difference: a crude high-pass
    previous = noise;
  }
}

export function click(out: Signal, atSec: number, hz: number, gain = 0.5): void {
  tone(out, atSec, 0.04, hz, 'sine', gain, { attack: 0.001, release: 0.02, decay: 0.015 });
}

/** Inharmonic partials with a long ring: a small hand bell or chime. */
export function bell(out: Signal, atSec: number, hz: number, gain = 0.4, ringSec = 1.6): void {
  const start = Math.round(atSec * sampleRate);
  const partials = [[1, 1], [2.76, 0.5], [5.4, 0.25]].map(([ratio, amp]) => ({ hz: hz * ratio!, amp: amp! })).filter((p) => p.hz < sampleRate / 2.2);
  for (let n = 0; n < ringSec * sampleRate && start + n < out.length; n++) {
    const t = n / sampleRate;
    let v = 0;
    for (const p of partials) v += p.amp * Math.sin(2 * Math.PI * p.hz * t) * Math.exp((-t * (1 + p.hz / hz)) / (ringSec / 3));
    out[start + n]! += gain * Math.min(1, n / 8) * v * 0.6;
  }
}

export function chirp(out: Signal, atSec: number, fromHz: number, toHz: number, durationSec: number, gain = 0.2): void {
  const start = Math.round(atSec * sampleRate);
  const length = Math.round(durationSec * sampleRate);
  let phase = 0;
  for (let n = 0; n < length && start + n < out.length; n++) {
    const x = n / length;
    phase += (2 * Math.PI * (fromHz + (toHz - fromHz) * x)) / sampleRate;
    out[start + n]! += gain * Math.sin(Math.PI * x) * Math.sin(phase);
  }
}

/** Low-passed noise whose loudness follows `shape(t)` in 0..1: waves, wind, breathing. */
export function noiseBed(out: Signal, startSec: number, durationSec: number, random: () => number, gain: number, shape: (t: number) => number): void {
  const start = Math.round(startSec * sampleRate);
  const length = Math.round(durationSec * sampleRate);
  let low = 0;
  for (let n = 0; n < length && start + n < out.length; n++) {
    low += 0.08 * (random() * 2 - 1 - low);
    out[start + n]! += gain * 3 * low * shape(n / sampleRate);
  }
}

// ---- A voice that speaks no language ---------------------------------------------------------

const vowels: ReadonlyArray<readonly [number, number, number]> = [
  [730, 1090, 2440], // a
  [530, 1840, 2480], // e
  [300, 2200, 2900], // i
  [570, 840, 2410], // o
  [320, 870, 2240], // u
  [660, 1700, 2400], // ä
  [300, 1750, 2200], // y
];

interface Resonator {
  b1: number;
  b2: number;
  gain: number;
  y1: number;
  y2: number;
}

function tune(r: Resonator, hz: number, bandwidth: number): void {
  const radius = Math.exp((-Math.PI * bandwidth) / sampleRate);
  r.b1 = 2 * radius * Math.cos((2 * Math.PI * hz) / sampleRate);
  r.b2 = -radius * radius;
  r.gain = 1 - radius;
}

/**
 * Sentences of syllables: a glottal pulse train through three formant resonators, with noise
 * bursts for consonants, word gaps and a falling pitch per sentence. Returns where it stopped.
 */
export function babble(out: Signal, startSec: number, durationSec: number, random: () => number, options: { pitchHz: number; gain?: number; rate?: number }): number {
  const gain = options.gain ?? 0.5;
  const rate = options.rate ?? 1;
  const resonators: Resonator[] = [0, 1, 2].map(() => ({ b1: 0, b2: 0, gain: 0, y1: 0, y2: 0 }));
  const endSec = startSec + durationSec;
  let t = startSec;
  while (t < endSec - 1) {
    const words = 4 + Math.floor(random() * 8);
    const sentenceStart = t;
    const sentenceLength = words * 0.45;
    for (let w = 0; w < words && t < endSec - 0.5; w++) {
      const syllables = 1 + Math.floor(random() * 3);
      for (let s = 0; s < syllables; s++) {
        const progress = Math.min(1, (t - sentenceStart) / sentenceLength);
        const pitch = options.pitchHz * (1.15 - 0.3 * progress) * (0.95 + random() * 0.1) * (s === 0 ? 1.06 : 1);
        if (random() < 0.6) {
          noiseBed(out, t, 0.04 / rate, random, gain * 0.25, (x) => Math.sin((Math.PI * x * rate) / 0.04));
          t += 0.045 / rate;
        }
        const vowel = vowels[Math.floor(random() * vowels.length)]!;
        resonators.forEach((r, k) => tune(r, vowel[k]!, [80, 110, 160][k]!));
        const length = (0.11 + random() * 0.1) / rate;
        voiced(out, t, length, pitch, resonators, gain);
        t += length;
      }
      t += (0.06 + random() * 0.08) / rate;
    }
    t += (0.35 + random() * 0.3) / rate;
  }
  return t;
}

function voiced(out: Signal, startSec: number, durationSec: number, pitchHz: number, resonators: Resonator[], gain: number): void {
  const start = Math.round(startSec * sampleRate);
  const length = Math.round(durationSec * sampleRate);
  let phase = 0;
  for (let n = 0; n < length && start + n < out.length; n++) {
    phase += pitchHz / sampleRate;
    if (phase >= 1) phase -= 1;
    const source = 1 - 2 * phase; // sawtooth: rich in harmonics, like a glottal pulse
    let v = 0;
    for (const r of resonators) {
      const y = r.gain * source + r.b1 * r.y1 + r.b2 * r.y2;
      r.y2 = r.y1;
      r.y1 = y;
      v += y;
    }
    const shape = Math.min(1, n / (0.02 * sampleRate), (length - n) / (0.03 * sampleRate));
    out[start + n]! += gain * 1.5 * shape * v;
  }
}

// ---- Finishing -------------------------------------------------------------------------------

/** Fades the ends and scales the peak to `peak`, so every file is equally loud and never clips. */
export function master(out: Signal, peak = 0.85, fadeInSec = 0.05, fadeOutSec = 2): Signal {
  const fadeIn = fadeInSec * sampleRate;
  const fadeOut = fadeOutSec * sampleRate;
  let max = 0;
  for (let i = 0; i < out.length; i++) {
    out[i]! *= Math.min(1, i / fadeIn, (out.length - 1 - i) / fadeOut);
    max = Math.max(max, Math.abs(out[i]!));
  }
  if (max > 0) for (let i = 0; i < out.length; i++) out[i]! *= peak / max;
  return out;
}

/** 16-bit PCM mono WAV (RIFF/WAVE with one fmt and one data chunk). */
export function encodeWav(samples: Signal): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  // Int16Array writes in the platform's byte order, which is little-endian on every target we run.
  const pcm = new Int16Array(bytes.buffer, 44, samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767);
  return bytes;
}
