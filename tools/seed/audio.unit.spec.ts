import { describe, expect, it } from 'vitest';
import { programKinds, renderAudio, sampleRate, wavBytesForSeconds } from './audio.ts';
import { composeTune, parseNotes } from './tunes.ts';

const peakOf = (wav: Uint8Array): number => {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let peak = 0;
  for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(view.getInt16(i, true)));
  return peak;
};

describe('demo audio', () => {
  it('should render the same bytes for the same seed and different bytes for another', () => {
    const spec = { kind: 'music', tune: { compose: 'x', beatsPerBar: 3, minor: false, tonic: 60 }, arrangement: { bpm: 120, melody: 'flute', style: 'waltz' } } as const;
    const a = renderAudio(spec, 20, 'one');
    expect(Buffer.from(renderAudio(spec, 20, 'one')).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(renderAudio({ ...spec, tune: { ...spec.tune, compose: 'y' } }, 20, 'one')).equals(Buffer.from(a))).toBe(false);
  });

  it.each(programKinds)('should render a %s program of exactly the asked length, loud and unclipped', (program) => {
    const wav = renderAudio({ kind: 'program', program, tune: 'twinkle' }, 37, program);
    expect(wav.byteLength).toBe(wavBytesForSeconds(37));
    expect(new DataView(wav.buffer).getUint32(24, true)).toBe(sampleRate);
    const peak = peakOf(wav);
    expect(peak).toBeGreaterThan(20_000);
    expect(peak).toBeLessThan(32_767);
  });

  it('should refuse a length that is not whole seconds', () => {
    expect(() => renderAudio({ kind: 'program', program: 'news', tune: 'twinkle' }, 2.5, 'x')).toThrow(/whole seconds/);
  });

  it('should parse note names, accidentals, octaves and beats', () => {
    expect(parseNotes('C4 F#4:0.5 | Bb3:2 r:1 A4')).toEqual([
      { midi: 60, beats: 1 },
      { midi: 66, beats: 0.5 },
      { midi: 58, beats: 2 },
      { midi: null, beats: 1 },
      { midi: 69, beats: 1 },
    ]);
    expect(() => parseNotes('H4')).toThrow(/Bad note/);
  });

  it('should compose whole bars that end on the tonic', () => {
    const tune = composeTune(42, { beatsPerBar: 3, minor: true, tonic: 57 });
    const beats = tune.notes.reduce((sum, n) => sum + n.beats, 0);
    expect(beats % 3).toBe(0);
    expect(((tune.notes.at(-1)!.midi! - 57) % 12 + 12) % 12).toBe(0);
  });
});
