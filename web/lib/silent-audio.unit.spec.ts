import { describe, expect, it } from 'vitest';
import { silentWav } from './silent-audio.ts';

describe('silentWav', () => {
  it('should be a one-second PCM WAV of silence', () => {
    const bytes = silentWav();
    const view = new DataView(bytes.buffer);
    const text = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    const rate = view.getUint32(24, true);
    const dataBytes = view.getUint32(40, true);
    expect(dataBytes / rate).toBe(1);
    expect(bytes.slice(44).every((b) => b === 128)).toBe(true);
  });
});
