// A silent 1-second source: the music channel's fallback (spec 1 section 4, spec 2 section 9),
// and what primes remote playback (spec 2 section 4: played inside the click on "Allow Remote
// Control", it counts as that gesture's playback, so what the message's sender plays next may
// sound). Made here rather than shipped: a WAV of one second of silence (8 kHz, 8-bit mono, where
// silence is the value 128), as a blob URL.

export const silenceSeconds = 1;

/** The bytes of a WAV holding `seconds` of silence. */
export function silentWav(seconds = silenceSeconds, sampleRate = 8000): Uint8Array<ArrayBuffer> {
  const samples = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  return bytes;
}

let url: string | null = null;

/** Plays the silent second; resolves when it ended, or at once when the browser refuses to play. */
export function playSilence(): Promise<void> {
  url ??= URL.createObjectURL(new Blob([silentWav()], { type: 'audio/wav' }));
  const audio = new Audio(url);
  return new Promise((done) => {
    // A timer too: a hidden tab may never report the end.
    const timer = setTimeout(done, (silenceSeconds + 1) * 1000);
    const finish = () => {
      clearTimeout(timer);
      done();
    };
    audio.addEventListener('ended', finish, { once: true });
    audio.addEventListener('error', finish, { once: true });
    audio.play().catch(finish);
  });
}
