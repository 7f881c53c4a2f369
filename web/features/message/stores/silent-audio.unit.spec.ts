import { describe, expect, it } from 'vitest';
import { silentWav } from './silent-audio.ts';

describe('the silent priming file', () => {
  it('should be one second of 8-bit mono PCM silence with a valid WAV header', async () => {
    const bytes = new Uint8Array(await silentWav().arrayBuffer());
    const view = new DataView(bytes.buffer);
    const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
    expect([ascii(0, 4), ascii(8, 12), ascii(12, 16), ascii(36, 40)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    const sampleRate = view.getUint32(24, true);
    const dataBytes = view.getUint32(40, true);
    expect(dataBytes / sampleRate).toBe(1);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(bytes.slice(44).every((b) => b === 128)).toBe(true);
  });
});
