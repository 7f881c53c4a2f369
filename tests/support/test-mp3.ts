// A small real MP3 for upload tests: MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono) whose
// side information and main data are zero, which every decoder plays as silence. Nothing is
// downloaded and no encoder is needed, and the length is exact: 1152 samples a frame.

const frameHeader = [0xff, 0xfb, 0x90, 0xc4];
/** 144 * 128000 / 44100, rounded down (no padding bit). */
const frameBytes = 417;
const secondsPerFrame = 1152 / 44100;

/** An MP3 of about `seconds` seconds of silence (whole frames). */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.max(1, Math.round(seconds / secondsPerFrame));
  const frame = Buffer.alloc(frameBytes);
  Buffer.from(frameHeader).copy(frame);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The length music-metadata (and a player) reads from silentMp3(seconds). */
export const silentMp3Seconds = (seconds: number): number => Math.max(1, Math.round(seconds / secondsPerFrame)) * secondsPerFrame;
