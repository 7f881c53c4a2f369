import { parseBuffer, parseFile } from 'music-metadata';

// The playing time of a sound or a video, read from the media itself (music-metadata: MPEG audio
// frames, the MP4 and Ogg headers), never from a name or a number the browser sends. With
// `duration` the parser walks the whole file when the header alone does not say (an MP3 without
// a Xing header), so the answer is the length a player will play.

/**
 * Seconds of a sniffed sound or video (a local file's path, or its bytes when it lives in an object
 * store), or null when the media does not say.
 */
export async function readMediaLength(media: string | Uint8Array): Promise<number | null> {
  try {
    const options = { duration: true, skipCovers: true };
    const metadata = typeof media === 'string' ? await parseFile(media, options) : await parseBuffer(media, undefined, options);
    const seconds = metadata.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  } catch {
    // A file that passed the sniff but whose stream the parser cannot follow: the length is unknown, not an error of the upload.
    return null;
  }
}
