// Spec 2 section 4: a 1-second audio file primes remote playback. Browsers let a page start sound
// only after a gesture; the remote player starts later, on the sender's command. Playing one
// second of silence inside the click on "Allow Remote Control" counts as that gesture's playback,
// so what the sender plays next is allowed to sound (Safari holds to this most strictly).

/** One second of silence as a WAV file: 8 kHz, 8-bit mono (silence is the midpoint 128). */
export function silentWav(seconds = 1, sampleRate = 8000): Blob {
  const samples = Math.round(seconds * sampleRate);
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  new Uint8Array(buffer, 44).fill(128);
  return new Blob([buffer], { type: 'audio/wav' });
}

let primer: HTMLAudioElement | null = null;

/** Plays the silent second; call it inside a click handler. */
export function primeAudioPlayback(): void {
  if (typeof Audio === 'undefined') return;
  primer ??= new Audio(URL.createObjectURL(silentWav()));
  primer.currentTime = 0;
  void primer.play().catch(() => undefined);
}
