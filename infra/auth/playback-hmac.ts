import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature in an audio stream URL, /api/audio-file/{id}/{hmac}/{n} (spec 1 section 7): an
// HMAC of the user id, the login's session token and the audio file id under a server secret.
// A URL therefore works only for the user and the login it was made for, and only for that file;
// the server hands it out ready-made (get-audio-files `streamUrl`), so the browser never needs
// the secret or this module.

const label = 'sointu-audio-stream-v1';

export interface PlaybackSigner {
  sign(userId: number, sessionToken: string, audioFileId: number): string;
  verify(hmac: string, userId: number, sessionToken: string, audioFileId: number): boolean;
}

export function createPlaybackSigner(secret: string): PlaybackSigner {
  const sign = (userId: number, sessionToken: string, audioFileId: number) =>
    createHmac('sha256', secret).update(`${label}\n${userId}\n${sessionToken}\n${audioFileId}`).digest('base64url');
  return {
    sign,
    verify(hmac, userId, sessionToken, audioFileId) {
      const expected = Buffer.from(sign(userId, sessionToken, audioFileId));
      const given = Buffer.from(hmac);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The stream URL of one audio file for one login; `fileId` makes a replaced file a new URL. */
export function audioStreamUrl(signer: PlaybackSigner, userId: number, sessionToken: string, audioFileId: number, fileId: number): string {
  return `/api/audio-file/${audioFileId}/${signer.sign(userId, sessionToken, audioFileId)}/${fileId}`;
}
